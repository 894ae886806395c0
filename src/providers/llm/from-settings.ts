// Settings -> a provider, and the "Test connection" call. The app wires these into the settings
// panel's props (features cannot import providers).
import { LlmConfigError } from '../../core/llm/errors.ts';
import type { StructuredMode } from '../../core/llm/port.ts';
import type { LlmProvider } from '../../core/llm/provider.ts';
import { settingsProblems, type LlmSettings } from '../../core/llm/settings.ts';
import { OpenAiCompatibleProvider } from './openai-compatible.ts';
import { TransformersGenerationProvider, type GenerationConfig } from './transformers-generation.ts';

function openAiConfigFrom(s: LlmSettings) {
  return {
    baseURL: s.baseURL.trim(),
    model: s.model.trim(),
    jsonMode: s.jsonMode,
    timeoutMs: s.timeoutMs,
    ...(s.maxTokens !== undefined ? { maxTokens: s.maxTokens } : {}),
    ...(s.apiKey ? { apiKey: s.apiKey } : {}),
  };
}

/** The openai / in-browser provider the settings describe; the offline thinker is built by its owner with the corpus. */
export function providerFromSettings(
  s: LlmSettings,
  extra: Pick<GenerationConfig, 'wasmPaths' | 'onProgress' | 'device'> = {},
): LlmProvider {
  const problems = settingsProblems(s);
  if (problems.length) throw new LlmConfigError('llm.settings', problems.join(' '), problems.join(' '));
  if (s.provider === 'openai') return new OpenAiCompatibleProvider(openAiConfigFrom(s));
  if (s.provider === 'in-browser') {
    return new TransformersGenerationProvider({
      model: s.browserModel.trim(),
      allowRemote: s.allowRemote,
      ...(s.allowRemote ? {} : { localModelPath: s.browserModelPath }),
      ...extra,
    });
  }
  throw new LlmConfigError(
    'llm.settings',
    'the offline thinker is built from the corpus, not from settings',
    'The offline thinker needs no settings.',
  );
}

/** "Test connection", second part: the structured outputs the server supports for the chosen model. */
export async function detectStructuredOutputs(s: LlmSettings, signal?: AbortSignal): Promise<StructuredMode> {
  return new OpenAiCompatibleProvider({ ...openAiConfigFrom(s), jsonMode: true, structured: 'detect' }).structuredMode(
    signal,
  );
}

/** "Test connection": the server's model ids (typed LLM errors on failure). */
export async function testConnection(s: LlmSettings, signal?: AbortSignal): Promise<string[]> {
  if (s.provider !== 'openai')
    throw new LlmConfigError(
      'llm.settings',
      'only an OpenAI-compatible server can be tested',
      'Only an OpenAI-compatible server has a connection to test.',
    );
  if (!/^https?:\/\/\S+$/.test(s.baseURL))
    throw new LlmConfigError('llm.settings', 'bad base URL', 'The base URL must start with http:// or https://.');
  return new OpenAiCompatibleProvider({ ...openAiConfigFrom(s), model: s.model.trim() || '(none)' }).listModels(signal);
}

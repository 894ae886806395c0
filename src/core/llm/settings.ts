// What the user chooses in Settings for the LLM, validated on load. The API key is kept in the
// browser's own storage only; `shareableSettings` drops it before anything is exported or traced.
import { z } from 'zod';
import { baseUrlCredentials, baseUrlShapeProblem } from './base-url.ts';

export const LLM_PROVIDER_KINDS = ['offline', 'openai', 'in-browser'] as const;
export type LlmProviderKind = (typeof LLM_PROVIDER_KINDS)[number];

export const llmSettingsSchema = z.object({
  provider: z.enum(LLM_PROVIDER_KINDS),
  /** OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1 */
  baseURL: z.string(),
  apiKey: z.string(),
  model: z.string(),
  /** The server honours response_format json_object. */
  jsonMode: z.boolean(),
  /** In-browser generation: model folder name or hub id, and where local folders are served. */
  browserModel: z.string(),
  browserModelPath: z.string(),
  allowRemote: z.boolean(),
  concurrency: z.number().int().min(1).max(64),
  timeoutMs: z.number().int().min(1000),
  /** max_tokens for calls that set none; absent: the server's own limit. */
  maxTokens: z.number().int().min(1).optional(),
});

export type LlmSettings = z.infer<typeof llmSettingsSchema>;

export const DEFAULT_LLM_SETTINGS: LlmSettings = Object.freeze({
  provider: 'offline',
  baseURL: 'http://127.0.0.1:11434/v1',
  apiKey: '',
  model: '',
  jsonMode: true,
  browserModel: '',
  browserModelPath: '/models/',
  allowRemote: false,
  concurrency: 4,
  timeoutMs: 60_000,
});

/** What is missing before this provider can run, as sentences; empty when ready. */
export function settingsProblems(s: LlmSettings): string[] {
  const out: string[] = [];
  if (s.provider === 'openai') {
    const shape = baseUrlShapeProblem(s.baseURL);
    if (shape) out.push(`The base URL is not a server address: ${shape}. Put the key in the API key field.`);
    else if (!/^https?:\/\/\S+$/.test(s.baseURL)) out.push('The base URL must start with http:// or https://.');
    const secret = baseUrlCredentials(s.baseURL);
    if (secret)
      out.push(
        `The base URL holds credentials (${secret}): remove them and put the key in the API key field, which is never shown, exported or traced.`,
      );
    if (!s.model.trim()) out.push('Choose a model (use "Test connection" to list the server\'s models).');
  }
  if (s.provider === 'in-browser' && !s.browserModel.trim())
    out.push('Choose a model folder or a Hugging Face model id.');
  return out;
}

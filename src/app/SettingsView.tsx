// Settings screen: wires the settings panel (src/features/settings) to the providers' "Test
// connection" and to this browser's storage through the engine worker. The key never leaves the
// browser: traces and run files carry only the provider label.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from '../core/llm/settings.ts';
import { SettingsPanel } from '../features/settings/SettingsPanel.tsx';
import { EmbeddingSettingsView } from './EmbeddingSettingsView.tsx';
import { RerankerSettingsView } from './RerankerSettingsView.tsx';
import { useEngine } from './engine-client.ts';
import { engineDownloads } from './model-downloads.ts';
import { LLM_SETTINGS_KEY, llmSettingsQuery } from './queries.ts';

// The providers module pulls in the OpenAI client and transformers.js: load it only when asked.
const testConnectionLazily = async (s: LlmSettings, signal: AbortSignal) =>
  (await import('../providers/llm/from-settings.ts')).testConnection(s, signal);
const detectStructuredLazily = async (s: LlmSettings, signal: AbortSignal) =>
  (await import('../providers/llm/from-settings.ts')).detectStructuredOutputs(s, signal);

/** Which localhost servers "Detect" probes: Ollama's and LM Studio's usual ports, or a list stored under this key (tests point it at their own ports). */
export const LOCAL_SERVERS_KEY = 'hopscope.localServers';
async function detectLocally(signal: AbortSignal) {
  const { detectLocalServers, DEFAULT_LOCAL_SERVERS } = await import('../providers/llm/detect-local.ts');
  let servers = DEFAULT_LOCAL_SERVERS;
  try {
    const stored = globalThis.localStorage?.getItem(LOCAL_SERVERS_KEY);
    if (stored) servers = JSON.parse(stored) as typeof servers;
  } catch {
    // unreadable override: the usual ports
  }
  return detectLocalServers(servers, signal);
}

export function SettingsView() {
  const engine = useEngine();
  const client = useQueryClient();
  const stored = useQuery(llmSettingsQuery(engine));
  const save = useMutation({
    mutationFn: (next: LlmSettings) => engine.putSetting(LLM_SETTINGS_KEY, next),
    onMutate: (next) => client.setQueryData(llmSettingsQuery(engine).queryKey, next),
  });
  const [resetError, setResetError] = useState<string | null>(null);
  const downloads = useMemo(() => engineDownloads(engine), [engine]);

  if (stored.isPending) return <p className="empty">Reading settings…</p>;
  if (stored.isError) {
    return (
      <div>
        <p className="error" role="alert">
          {stored.error.message}
        </p>
        <button
          type="button"
          className="btn"
          onClick={() =>
            void engine
              .putSetting(LLM_SETTINGS_KEY, { ...DEFAULT_LLM_SETTINGS })
              .then(() => client.invalidateQueries({ queryKey: llmSettingsQuery(engine).queryKey }))
              .catch((e: unknown) => setResetError(e instanceof Error ? e.message : String(e)))
          }
        >
          Reset to defaults
        </button>
        {resetError && <p className="error">{resetError}</p>}
      </div>
    );
  }
  return (
    <div className="settings-view" data-testid="settings">
      <p className="muted">
        Stored in this browser only. API keys are never exported: run files and traces carry only the provider label.
      </p>
      <SettingsPanel
        value={stored.data}
        onChange={(next) => save.mutate(next)}
        testConnection={testConnectionLazily}
        detectStructured={detectStructuredLazily}
        onClearCache={() => engine.clearLlmCache()}
        detectLocal={detectLocally}
        downloads={downloads}
      />
      {save.isError && (
        <p className="error" role="alert">
          Settings could not be saved: {save.error.message}
        </p>
      )}
      <EmbeddingSettingsView />
      <RerankerSettingsView />
    </div>
  );
}

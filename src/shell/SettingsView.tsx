// Settings screen: wires the settings panels to "Test connection", "Detect" and storage through the engine worker.
// The key never leaves the browser: traces and run files carry only the provider label.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from '../core/llm/settings.ts';
import { SettingsPanel } from '../features/settings/SettingsPanel.tsx';
import { EmbeddingSettingsView } from './EmbeddingSettingsView.tsx';
import { RerankerSettingsView } from './RerankerSettingsView.tsx';
import { useEngine, withCancel } from '../app/engine-client.ts';
import { LLM_SETTINGS_KEY, type LocalServer } from '../engine/engine-api.ts';
import { engineDownloads } from '../app/model-downloads.ts';
import { llmSettingsQuery } from '../app/queries.ts';
import { SaveFailed, SettingsUnreadable } from './SettingsStates.tsx';

/** Which localhost servers "Detect" probes: Ollama's and LM Studio's usual ports, or a list stored under this key (tests point it at their own ports). */
const LOCAL_SERVERS_KEY = 'hopscope.localServers';

function storedLocalServers(): LocalServer[] | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LOCAL_SERVERS_KEY);
    return stored ? (JSON.parse(stored) as LocalServer[]) : undefined;
  } catch {
    return undefined; // unreadable override: the usual ports
  }
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
  // Both run in the engine worker, where the providers live.
  const calls = useMemo(
    () => ({
      testConnection: (s: LlmSettings, signal: AbortSignal) =>
        withCancel(engine, signal, (id) => engine.testConnection(s, id)),
      detectStructured: (s: LlmSettings, signal: AbortSignal) =>
        withCancel(engine, signal, (id) => engine.detectStructured(s, id)),
      detectLocal: (signal: AbortSignal) =>
        withCancel(engine, signal, (id) => engine.detectLocalServers(storedLocalServers(), id)),
    }),
    [engine],
  );

  if (stored.isPending) return <p className="empty">Reading settings…</p>;
  if (stored.isError)
    return (
      <SettingsUnreadable
        message={stored.error.message}
        resetLabel="Reset to defaults"
        onReset={() =>
          void engine
            .putSetting(LLM_SETTINGS_KEY, { ...DEFAULT_LLM_SETTINGS })
            .then(() => client.invalidateQueries({ queryKey: llmSettingsQuery(engine).queryKey }))
            .catch((e: unknown) => setResetError(e instanceof Error ? e.message : String(e)))
        }
        resetError={resetError}
      />
    );
  return (
    <div className="settings-view" data-testid="settings">
      <p className="muted">
        Stored in this browser only. API keys are never exported: run files and traces carry only the provider label.
      </p>
      <SettingsPanel
        value={stored.data}
        onChange={(next) => save.mutate(next)}
        testConnection={calls.testConnection}
        detectStructured={calls.detectStructured}
        onClearCache={() => engine.clearLlmCache()}
        detectLocal={calls.detectLocal}
        downloads={downloads}
      />
      <SaveFailed what="Settings" error={save.error} />
      <EmbeddingSettingsView />
      <RerankerSettingsView />
    </div>
  );
}

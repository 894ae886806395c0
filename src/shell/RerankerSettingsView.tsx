// Wires DualRAG's reranker settings panel to the engine worker: storage, the local model store (the embedding
// folders' Cache Storage) and "Load and test", which loads the reranker where DualRAG runs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storedSettingsQuery } from '../app/settings-query.ts';
import {
  DEFAULT_RERANKER_SETTINGS,
  rerankerSettingsSchema,
  type RerankerSettings as Settings,
} from '../core/rerank/settings.ts';
import { RerankerSettings } from '../features/settings/RerankerSettings.tsx';
import { RERANKER_SETTINGS_KEY } from '../engine/engine-api.ts';
import { useEngine, type EngineClient } from '../app/engine-client.ts';
import { SaveFailed, SettingsUnreadable } from './SettingsStates.tsx';

const rerankerSettingsQuery = (engine: EngineClient) =>
  storedSettingsQuery(
    engine,
    RERANKER_SETTINGS_KEY,
    rerankerSettingsSchema,
    () => DEFAULT_RERANKER_SETTINGS,
    (issue) => `the saved reranker settings are invalid (${issue?.message ?? 'unknown'}); choose the reranker again`,
  );

export function RerankerSettingsView() {
  const engine = useEngine();
  const client = useQueryClient();
  const stored = useQuery(rerankerSettingsQuery(engine));
  const save = useMutation({
    mutationFn: (next: Settings) => engine.putSetting(RERANKER_SETTINGS_KEY, next),
    onMutate: (next) => client.setQueryData(rerankerSettingsQuery(engine).queryKey, next),
    // Finished runs cached by (corpus, question, backbone) would show the old reranker's DualRAG runs.
    onSettled: () => client.removeQueries({ queryKey: ['run'] }),
  });
  if (stored.isPending) return <p className="empty">Reading reranker settings…</p>;
  if (stored.isError)
    return (
      <SettingsUnreadable
        message={stored.error.message}
        resetLabel="Reset to the lexical reranker"
        onReset={() => save.mutate(DEFAULT_RERANKER_SETTINGS)}
      />
    );
  return (
    <>
      <RerankerSettings
        value={stored.data}
        onChange={(next) => save.mutate(next)}
        storeFolder={(files, paths) => engine.storeLocalModel(files, paths, 'cross-encoder')}
        test={() => (save.isPending ? Promise.reject(new Error('saving; try again')) : engine.testReranker())}
      />
      <SaveFailed what="Reranker settings" error={save.error} />
    </>
  );
}

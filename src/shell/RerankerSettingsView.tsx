// Wires DualRAG's reranker settings panel to this browser's storage (through the engine worker), to the
// local model store (the same Cache Storage as the embedding model's folders, written by the engine worker) and to the engine's
// "Load and test", which loads the reranker where DualRAG runs (the engine worker).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_RERANKER_SETTINGS,
  rerankerSettingsSchema,
  type RerankerSettings as Settings,
} from '../core/rerank/settings.ts';
import { RerankerSettings } from '../features/settings/RerankerSettings.tsx';
import { RERANKER_SETTINGS_KEY } from '../engine/engine-api.ts';
import { useEngine, type EngineClient } from '../app/engine-client.ts';

const rerankerSettingsQuery = (engine: EngineClient) =>
  queryOptions({
    queryKey: ['settings', RERANKER_SETTINGS_KEY],
    queryFn: async (): Promise<Settings> => {
      const raw = await engine.getSetting(RERANKER_SETTINGS_KEY);
      if (raw === undefined) return DEFAULT_RERANKER_SETTINGS;
      const parsed = rerankerSettingsSchema.safeParse(raw);
      if (!parsed.success)
        throw new Error(
          `the saved reranker settings are invalid (${parsed.error.issues[0]?.message ?? 'unknown'}); choose the reranker again`,
        );
      return parsed.data;
    },
    staleTime: Infinity,
  });

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
  if (stored.isError) {
    return (
      <div>
        <p className="error" role="alert">
          {stored.error.message}
        </p>
        <button type="button" className="btn" onClick={() => save.mutate(DEFAULT_RERANKER_SETTINGS)}>
          Reset to the lexical reranker
        </button>
      </div>
    );
  }
  return (
    <>
      <RerankerSettings
        value={stored.data}
        onChange={(next) => save.mutate(next)}
        storeFolder={(files, paths) => engine.storeLocalModel(files, paths, 'cross-encoder')}
        test={() => (save.isPending ? Promise.reject(new Error('saving; try again')) : engine.testReranker())}
      />
      {save.isError && (
        <p className="error" role="alert">
          Reranker settings could not be saved: {save.error.message}
        </p>
      )}
    </>
  );
}

// Wires the embedding settings panel to this browser's storage (through the engine worker), to the
// local model store (Cache Storage, written by the engine worker) and to the engine's "Load and test".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbeddingSettings as Settings } from '../core/embed/settings.ts';
import { EmbeddingSettings } from '../features/settings/EmbeddingSettings.tsx';
import { EMBEDDING_SETTINGS_KEY } from '../engine/engine-api.ts';
import { useMemo } from 'react';
import { useEngine } from '../app/engine-client.ts';
import { engineDownloads } from '../app/model-downloads.ts';
import { EMBEDDING_STATUS_KEY, embeddingSettingsQuery } from '../app/embedding-queries.ts';
import { SaveFailed, SettingsUnreadable } from './SettingsStates.tsx';

export function EmbeddingSettingsView() {
  const engine = useEngine();
  const client = useQueryClient();
  const downloads = useMemo(() => engineDownloads(engine), [engine]);
  const stored = useQuery(embeddingSettingsQuery(engine));
  const save = useMutation({
    mutationFn: (next: Settings) => engine.putSetting(EMBEDDING_SETTINGS_KEY, next),
    onMutate: (next) => client.setQueryData(embeddingSettingsQuery(engine).queryKey, next),
    onSettled: () => {
      // Finished runs cached by (corpus, question, backbone) would show the old model's rankings.
      client.removeQueries({ queryKey: ['run'] });
      return client.invalidateQueries({ queryKey: EMBEDDING_STATUS_KEY });
    },
  });
  if (stored.isPending) return <p className="empty">Reading embedding settings…</p>;
  if (stored.isError)
    return (
      <SettingsUnreadable
        message={stored.error.message}
        resetLabel="Reset the embedding model"
        onReset={() => save.mutate({ source: 'none' })}
      />
    );
  return (
    <>
      <EmbeddingSettings
        value={stored.data}
        onChange={(next) => save.mutate(next)}
        storeFolder={(files, paths) => engine.storeLocalModel(files, paths)}
        downloads={downloads}
        test={() => (save.isPending ? Promise.reject(new Error('saving; try again')) : engine.testEmbedding())}
      />
      <SaveFailed what="Embedding settings" error={save.error} />
    </>
  );
}

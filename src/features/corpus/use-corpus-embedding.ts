// The Library's embedding cell's state: the stored status (polled while the engine embeds), embedding with its
// progress and notes, the measured estimate, importing vectors, cancel.
import { proxy } from 'comlink';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { embeddingStatusQuery } from '../../app/embedding-queries.ts';
import type { EmbeddingEstimate, EmbeddingProgress } from '../../engine/engine-api.ts';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useCorpusEmbedding(corpusId: string) {
  const engine = useEngine();
  const client = useQueryClient();
  const status = useQuery({
    ...embeddingStatusQuery(engine, corpusId),
    refetchInterval: (q) => (q.state.data?.running ? 2000 : false),
  });
  const [progress, setProgress] = useState<EmbeddingProgress | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<EmbeddingEstimate | 'measuring' | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => {
    client.removeQueries({ queryKey: ['run', corpusId] }); // cached runs of this corpus predate these vectors
    return client.invalidateQueries({ queryKey: embeddingStatusQuery(engine, corpusId).queryKey });
  };

  const start = async () => {
    setError(null);
    setEstimate(null);
    setNotes([]);
    setBusy(true);
    const onProgress = (p: EmbeddingProgress) => {
      if (p.message && p.phase !== 'load') setNotes((n) => [...n, p.message!]);
      else setProgress(p);
    };
    try {
      await engine.embedCorpus(corpusId, proxy(onProgress));
    } catch (e) {
      const m = message(e);
      if (!/abort/i.test(m)) setError(m);
    } finally {
      setBusy(false);
      setProgress(null);
      await refresh();
    }
  };

  const ask = async () => {
    setError(null);
    setEstimate('measuring');
    try {
      setEstimate(await engine.estimateEmbedding(corpusId));
    } catch (e) {
      setEstimate(null);
      setError(message(e));
    }
  };

  const importFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    setError(null);
    try {
      const read = files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }));
      await engine.importVectors(corpusId, await Promise.all(read));
      setNotes([`imported vectors from ${files.map((f) => f.name).join(' + ')}`]);
    } catch (e) {
      setError(message(e));
    }
    await refresh();
  };

  const cancel = () => void engine.cancelEmbedding(corpusId);
  const dismissEstimate = () => setEstimate(null);

  return { status, progress, notes, error, estimate, busy, start, ask, importFiles, cancel, dismissEstimate };
}

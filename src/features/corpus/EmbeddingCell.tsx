// A corpus's vectors in the Library: which model, how far, and the actions: embed (with a measured
// estimate first on large corpora), a progress bar with speed and ETA, cancel, resume (chunks already
// stored are kept), and import of precomputed vectors (HSVEC, or .npy float32 + passage ids).
import { proxy } from 'comlink';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { embeddingStatusQuery } from '../../app/embedding-queries.ts';
import type { EmbeddingEstimate, EmbeddingProgress } from '../../engine/engine-api.ts';

/** Above this many passages "Embed" measures first and asks. */
const ASK_ABOVE = 500;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s`;
  const m = Math.round(seconds / 60);
  return m < 60 ? `about ${m} min` : `about ${Math.floor(m / 60)} h ${m % 60} min`;
}

export function EmbeddingCell({ corpusId }: { corpusId: string }) {
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
    try {
      await engine.embedCorpus(
        corpusId,
        proxy((p: EmbeddingProgress) => {
          if (p.message && p.phase !== 'load') setNotes((n) => [...n, p.message!]);
          else setProgress(p);
        }),
      );
    } catch (e) {
      const m = e instanceof Error ? e.message : String(e);
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
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const importFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    setError(null);
    try {
      await engine.importVectors(
        corpusId,
        await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))),
      );
      setNotes([`imported vectors from ${files.map((f) => f.name).join(' + ')}`]);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    await refresh();
  };

  const s = status.data;
  if (status.isError) return <span className="error">{status.error.message}</span>;
  if (!s) return <span className="muted">…</span>;
  if (!s.model)
    return (
      <span className="muted" data-testid="embed-status" data-state="no-model">
        none (choose a model in Settings)
      </span>
    );
  const running = busy || s.running;
  const state = s.ready ? 'ready' : running ? 'running' : s.done > 0 ? 'partial' : 'none';
  return (
    <div className="embed-cell" data-testid="embed-status" data-state={state} data-done={s.done}>
      {s.ready ? (
        <span>
          ✓ {s.model.label}
          {s.model.dim ? `, ${s.model.dim}-d` : ''}
        </span>
      ) : (
        <span>
          {s.model.label}: {s.done.toLocaleString('en')} / {s.passageCount.toLocaleString('en')}
        </span>
      )}
      {running && (
        <div data-testid="embed-progress">
          <progress
            max={1}
            value={progress && progress.total > 0 ? progress.done / progress.total : undefined}
            aria-label="embedding progress"
          />{' '}
          <span className="muted" data-testid="embed-progress-text">
            {progress === null
              ? 'embedding…'
              : progress.phase === 'load'
                ? (progress.message ?? 'loading the model…')
                : `${progress.done.toLocaleString('en')} / ${progress.total.toLocaleString('en')}${progress.resumedFrom > 0 ? ` (resumed at ${progress.resumedFrom.toLocaleString('en')})` : ''}${progress.passagesPerSecond ? `, ${progress.passagesPerSecond.toFixed(1)} passages/s, ${duration(progress.etaSeconds ?? NaN)} left` : ', measuring speed…'}`}
          </span>{' '}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            data-testid="embed-cancel"
            onClick={() => void engine.cancelEmbedding(corpusId)}
          >
            Cancel
          </button>
        </div>
      )}
      {!running && !s.ready && estimate === null && (
        <button
          type="button"
          className="btn btn-small"
          data-testid="embed-start"
          onClick={() => void (s.passageCount - s.done > ASK_ABOVE ? ask() : start())}
        >
          {s.done > 0 ? 'Resume embedding' : 'Embed'}
        </button>
      )}
      {estimate === 'measuring' && <span className="muted">measuring the model on a sample…</span>}
      {estimate !== null && estimate !== 'measuring' && !running && (
        <span data-testid="embed-estimate">
          {(estimate.passages - s.done).toLocaleString('en')} passages at {estimate.passagesPerSecond.toFixed(1)}{' '}
          passages/s on {estimate.backend}:{' '}
          {duration(((estimate.passages - s.done) / estimate.passages) * estimate.seconds)}.{' '}
          <button type="button" className="btn btn-small" data-testid="embed-confirm" onClick={() => void start()}>
            Start
          </button>{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setEstimate(null)}>
            Not now
          </button>
        </span>
      )}
      {!running && (
        <label className="btn btn-secondary btn-small">
          Import vectors…
          <input
            type="file"
            multiple
            hidden
            accept=".npy,.hsvec,.txt,.json,.tsv"
            data-testid="vectors-import"
            onChange={(e) => void importFiles(e.target.files)}
          />
        </label>
      )}
      {s.otherModels.length > 0 && <span className="muted">also stored, not used: {s.otherModels.join(', ')}</span>}
      {notes.map((n) => (
        <span key={n} className="muted" data-testid="embed-note">
          {n}
        </span>
      ))}
      {error && (
        <span className="error" role="alert" data-testid="embed-error">
          {error}
        </span>
      )}
    </div>
  );
}

// A corpus's vectors in the Library: which model, how far, and embed (a measured estimate first on large corpora),
// cancel, resume (stored chunks are kept) or import precomputed vectors.
import { useCorpusEmbedding } from './use-corpus-embedding.ts';
import { EmbeddingProgressBar } from './EmbeddingProgressBar.tsx';
import { EmbeddingEstimateOffer } from './EmbeddingEstimateOffer.tsx';
import { ImportVectorsButton } from './ImportVectorsButton.tsx';

/** Above this many passages "Embed" measures first and asks. */
const ASK_ABOVE = 500;

export function EmbeddingCell({ corpusId }: { corpusId: string }) {
  const { status, progress, notes, error, estimate, busy, start, ask, importFiles, cancel, dismissEstimate } =
    useCorpusEmbedding(corpusId);
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
      {running && <EmbeddingProgressBar progress={progress} onCancel={cancel} />}
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
        <EmbeddingEstimateOffer
          estimate={estimate}
          done={s.done}
          onStart={() => void start()}
          onDismiss={dismissEstimate}
        />
      )}
      {!running && <ImportVectorsButton onFiles={(list) => void importFiles(list)} />}
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

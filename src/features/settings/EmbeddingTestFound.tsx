// What "Load and test" found for the embedding model: the backend, the dimension and the timings, and how the backend was chosen.
import type { EmbeddingTest } from '../../engine/engine-api.ts';

export function EmbeddingTestFound({ r }: { r: EmbeddingTest }) {
  return (
    <p>
      Loaded {r.model} on <strong data-testid="embed-backend">{r.backend}</strong> in {(r.loadMs / 1000).toFixed(1)} s:{' '}
      {r.dim}-d vectors, one query in {r.queryMs.toFixed(0)} ms.
      <br />
      Backend: <span data-testid="embed-backend-choice">{r.choiceText}</span>
    </p>
  );
}

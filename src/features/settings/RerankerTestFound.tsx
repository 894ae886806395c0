// What "Load and test" found for the reranker: its load time and the scores of the test pairs.
import type { RerankerTest } from '../../engine/engine-api.ts';

export function RerankerTestFound({ r }: { r: RerankerTest }) {
  return (
    <p>
      Loaded <strong>{r.name}</strong> in {(r.loadMs / 1000).toFixed(1)} s. Scores
      {r.heuristic ? ' (heuristic)' : ' (logits)'}:{' '}
      {r.scores.map((s, i) => (
        <span key={s.title}>
          {i > 0 && ', '}
          &ldquo;{s.query}&rdquo; vs {s.title} {s.score.toFixed(2)}
        </span>
      ))}
      .
    </p>
  );
}

import type { TraceModel } from '../../core/trace/fold.ts';
import type { PassageMarks } from '../../app/components/Marks.tsx';
import { bridgeMoves, moveText, roundShown } from './present-round.ts';
import { kindName, SHOWN_PER_QUERY } from './RoundTimeline.tsx';

type Props = PassageMarks & {
  /** The run folded up to the step: its rounds, and its rankings so far (the rank-movement chart's columns). */
  model: Pick<TraceModel, 'rounds' | 'stages'>;
  /** The step's round (its focus); the latest round when it has no card. */
  round: number | null | undefined;
};

/**
 * The step's round in short, pinned in the step bar while presenting so it stays on screen under the later
 * panels: its pool, one line of thoughts (else queries), one of hits (gold, bridge marked) and the bridges' moves.
 */
export function PresentRoundCard({ model, round, gold, bridge, passages }: Props) {
  const shown = roundShown(model.rounds, round);
  if (!shown) return null;
  const moves = bridgeMoves(model.stages, bridge);
  // With more than one query in the round, fewer hits each, so every query gets its share of the line.
  const perQuery = shown.retrieves.length > 1 ? 3 : SHOWN_PER_QUERY;
  const hitClass = (id: string) => (bridge.has(id) ? 'hit gold bridge' : gold.has(id) ? 'hit gold' : 'hit');
  return (
    <section
      className="present-round"
      data-testid="present-round-card"
      data-round={shown.round}
      aria-label={`Round ${shown.round} in short`}
    >
      <p className="present-round-name">
        <strong>Round {shown.round}</strong>
        <span className="muted">
          {shown.poolSize !== null ? `pool ${shown.poolSize}` : shown.round === 0 ? 'the question' : 'no pool yet'}
        </span>
      </p>
      <p className="present-round-thoughts">
        {shown.thoughts.map((t, i) => (
          <span key={i} className={`present-round-thought thought-${t.kind}`} title={t.text}>
            <span className="thought-kind">{kindName(t.kind, true)}</span> {t.text}
          </span>
        ))}
        {/* A round without thoughts (GEAR, the planner) says what it asked the retriever instead. */}
        {shown.thoughts.length === 0 &&
          shown.retrieves.map((q, i) => (
            <span key={i} className="present-round-thought present-round-asked" title={q.query}>
              <span className="query-label">{q.label}</span> {q.query}
            </span>
          ))}
        {shown.thoughts.length === 0 && shown.retrieves.length === 0 && (
          <span className="muted">
            {shown.round === 0 ? 'The question itself goes to the retriever.' : 'Just begun: no thought or query yet.'}
          </span>
        )}
      </p>
      <p className="present-round-hits">
        <span className="present-round-retrieved">
          {shown.retrieves.length === 0 ? (
            <span className="muted">Nothing retrieved yet.</span>
          ) : (
            shown.retrieves.map((q, i) => (
              <span key={i} className="present-round-query" title={q.query}>
                <span className="query-label">{q.label}</span>
                {q.results.slice(0, perQuery).map((hit, rank) => (
                  <span key={hit.id} className={hitClass(hit.id)}>
                    {rank + 1}. {passages.titleOf(hit.id)}
                  </span>
                ))}
              </span>
            ))
          )}
        </span>
        {moves.map((m) => (
          <span
            key={m.id}
            className="present-round-bridge"
            data-testid="present-round-bridge"
            title={m.from ? `rank in the ${m.from.label} → rank in the ${m.to.label}` : `rank in the ${m.to.label}`}
          >
            <span className="hit bridge">{passages.titleOf(m.id)}</span> {moveText(m)}{' '}
            <span className="muted">({m.from ? `${m.from.label} → ${m.to.label}` : m.to.label})</span>
          </span>
        ))}
      </p>
    </section>
  );
}

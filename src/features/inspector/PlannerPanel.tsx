import type { InspectorTrace } from './use-inspector-trace.ts';
import './planner-panel.css';

const fmt = (x: number | undefined) => (x === undefined ? 'not given' : x.toFixed(2));

/**
 * The planner's plan: each of its rounds with the query it retrieved for, the partial answer, the
 * sufficiency it gave its evidence, the anchors carried into the next sub-query and those it named but
 * dropped; then the composer's answer with the passages it cites. Nothing for other strategies.
 */
export function PlannerPanel({ view }: { view: InspectorTrace }) {
  // The plan grows as the user steps (the fold of the events shown); a step link moves the bar in the whole trace.
  const { model, events, gold, passages, jumpTo: onStep } = view;
  const question = view.question?.question ?? '';
  if (model.plans.length === 0) return null;
  const answered = model.plans.at(-1)?.action === 'finalize' && model.answer !== null;
  return (
    <section className="panel planner" aria-labelledby="planner-heading" data-testid="planner-panel">
      <h2 id="planner-heading">Planner: the plan round by round</h2>
      <ol className="planner-rounds">
        {model.plans.map((p, i) => {
          const asked = i === 0 ? question : (model.plans[i - 1]?.subquery ?? question);
          const dropped = (p.declared ?? []).filter((a) => !p.anchors.includes(a));
          const at = events.indexOf(p) + 1;
          return (
            <li key={`${p.round}-${p.step}`} data-testid="planner-round" data-round={p.round}>
              <p>
                <button
                  type="button"
                  className="link"
                  data-testid="planner-step-link"
                  disabled={at < 1}
                  onClick={() => onStep(at)}
                  title="Move the step bar to this round's plan"
                >
                  Round {p.round}
                </button>{' '}
                <span className={p.action === 'continue' ? 'badge badge-retrieve' : 'badge badge-answer'}>
                  {p.action === 'continue' ? 'continue' : 'finalize'}
                </span>{' '}
                <span data-testid="planner-sufficiency">sufficiency {fmt(p.sufficiency)}</span>
              </p>
              <p>
                <span className="muted">Retrieved for:</span> <span data-testid="planner-query">{asked}</span>
              </p>
              <p>
                <span className="muted">Partial answer:</span>{' '}
                <span data-testid="planner-partial">{p.partialAnswer || '(none yet)'}</span>
              </p>
              {p.subquery !== undefined && (
                <p>
                  <span className="muted">Next sub-query:</span>{' '}
                  <span data-testid="planner-subquery">{p.subquery}</span>
                </p>
              )}
              {(p.anchors.length > 0 || dropped.length > 0) && (
                <p className="muted" data-testid="planner-anchors">
                  {p.anchors.length > 0 && <>anchors carried: {p.anchors.join(', ')}</>}
                  {p.anchors.length > 0 && dropped.length > 0 && ' · '}
                  {dropped.length > 0 && (
                    <span data-testid="planner-dropped">
                      named but dropped from the sub-query: {dropped.join(', ')}
                    </span>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {answered && (
        <div data-testid="planner-answer">
          <h3>Composer&rsquo;s answer</h3>
          <p>
            <strong>{model.answer}</strong>
          </p>
          {model.citations.length === 0 ? (
            <p className="muted">No passage cited.</p>
          ) : (
            <p>
              <span className="muted">Cites:</span>{' '}
              {model.citations.map((id, j) => (
                <span key={id} data-testid="planner-citation" data-passage={id} title={id}>
                  {j > 0 && ', '}
                  <span className={gold.has(id) ? 'badge badge-gold' : 'badge'}>{passages.titleOf(id)}</span>
                  {gold.has(id) && <span className="sr-only"> (gold)</span>}
                </span>
              ))}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

import { useMemo } from 'react';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { readDualrag } from '../../core/strategies/dualrag-read.ts';
import type { TraceEvent } from '../../core/trace/schema.ts';
import './dual-rag-outline.css';

type Props = { events: readonly TraceEvent[]; gold: ReadonlySet<string>; passages: PassageLookup };

/**
 * DualRAG: the reasoning history step by step (which steps triggered retrieval, the entities
 * and queries they asked, the documents the reranker kept) beside the knowledge outline as it grows per
 * entity, each fragment with the queries and passages it came from. Nothing for other strategies.
 */
export function DualRagOutline({ events, gold, passages }: Props) {
  const view = useMemo(() => readDualrag(events), [events]);
  if (!view) return null;
  const title = passages.titleOf;
  return (
    <section className="panel dualrag" aria-labelledby="dualrag-heading" data-testid="dualrag-view">
      <h2 id="dualrag-heading">DualRAG: reasoning and knowledge outline</h2>
      {view.reranker !== undefined && (
        <p className="muted" data-testid="dualrag-reranker">
          Reranked (Eq. 8) by <strong>{view.reranker}</strong>; documents scored ≤ 0 dropped.
        </p>
      )}
      <div className="dualrag-cols">
        <div>
          <h3>Reasoning history</h3>
          <ol className="dualrag-steps">
            {view.steps.map((s) => (
              <li key={s.round} data-testid="reasoning-step" data-retrieved={s.decided ? s.retrieved : 'undecided'}>
                <p>
                  <strong>Step {s.round}</strong>{' '}
                  {/* Before the Reasoner's flag (a step shown mid-way) the decision is not made yet. */}
                  {s.decided ? (
                    <span className={s.retrieved ? 'badge badge-retrieve' : 'badge badge-answer'}>
                      {s.retrieved ? 'retrieval triggered' : 'no retrieval: answer'}
                    </span>
                  ) : (
                    <span className="badge" data-testid="reasoning-undecided">
                      deciding: retrieve or answer?
                    </span>
                  )}
                </p>
                <p className="dualrag-reasoning">{s.reasoning}</p>
                {s.entities.map((e) => (
                  <p key={e.entity} className="dualrag-entity-step muted">
                    <span className="dualrag-entity">{e.entity}</span>: {e.queries.join(' · ')} → {e.kept.length} kept
                    {e.kept.length > 0 && (
                      <span data-testid="rerank-scores">
                        {' '}
                        ({e.kept.map((id, i) => `${title(id)} ${e.keptScores[i]!.toFixed(2)}`).join(', ')})
                      </span>
                    )}
                  </p>
                ))}
                {s.links.map((l) => (
                  <p key={l} className="muted">
                    linked {l}
                  </p>
                ))}
                {s.discarded.map((d) => (
                  <p key={d} className="muted">
                    discarded: {d}
                  </p>
                ))}
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h3>
            Knowledge outline {view.outlineRound > 0 && <span className="muted">after step {view.outlineRound}</span>}
          </h3>
          {view.outline.length === 0 ? (
            <p className="empty">No knowledge yet (w/o KO shows passages instead).</p>
          ) : (
            <ul className="dualrag-outline" data-testid="dualrag-outline">
              {view.outline.map((o) => (
                <li key={o.entity} data-testid="outline-entity" data-entity={o.entity}>
                  <p className="dualrag-entity">{o.entity}</p>
                  <ul>
                    {o.fragments.map((f, i) => (
                      <li
                        key={i}
                        className={f.since === view.outlineRound ? 'fragment fragment-new' : 'fragment'}
                        data-testid="outline-fragment"
                        data-since={f.since}
                      >
                        <span className="badge">step {f.since}</span> {f.text}
                        <p className="muted fragment-from">
                          queries: {f.queries.join(' · ')}
                          <br />
                          passages:{' '}
                          {f.passages.map((id, j) => (
                            <span
                              key={id}
                              className={gold.has(id) ? 'fragment-passage gold' : 'fragment-passage'}
                              title={id}
                            >
                              {j > 0 && ', '}
                              {title(id)}
                              {gold.has(id) && <span className="sr-only"> (gold)</span>}
                            </span>
                          ))}
                        </p>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

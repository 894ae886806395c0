import type { RoundView } from '../../core/trace/fold.ts';
import type { PassageMarks } from '../../app/components/Marks.tsx';
import { Term } from '../../app/components/Glossary.tsx';

/** Hits shown per query. */
export const SHOWN_PER_QUERY = 5;
/** Each thought kind's name, spelled out and short (the Present round card's). */
const THOUGHT_KINDS: Record<string, [label: string, short: string]> = {
  fast: ['fast thought', 'fast'],
  slow: ['slow thought', 'slow'],
  cot: ['CoT sentence', 'CoT'],
  subquery: ['sub-query', 'sub-query'],
  rewrite: ['rewrite', 'rewrite'],
  'reasoning-chain': ['reasoning chain', 'chain'],
  sufficiency: ['sufficiency', 'sufficiency'],
};
export const kindName = (kind: string, short = false) => THOUGHT_KINDS[kind]?.[short ? 1 : 0] ?? kind;

/** Per round: the thoughts, each query (one repeating a thought names it) and its top 5 passages, gold marked. */
export function RoundTimeline({ rounds, gold, bridge, passages }: PassageMarks & { rounds: RoundView[] }) {
  return (
    <section className="panel" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Round timeline</h2>
      {rounds.length === 0 ? (
        <p className="empty">Rounds appear here as the run streams in.</p>
      ) : (
        <ol className="timeline" data-testid="round-timeline">
          {rounds.map((r) => (
            <li key={r.round} className="timeline-round" data-testid="timeline-round" data-round={r.round}>
              <h3>
                {r.round === 0 ? 'Round 0 · the question' : `Round ${r.round}`}
                {r.poolSize !== null && (
                  <span className="muted">
                    {' · '}
                    <Term term="pool" /> {r.poolSize} passages
                  </span>
                )}
              </h3>
              {r.thoughts.map((t, i) => (
                <p key={i} className={`thought thought-${t.kind}`} data-testid="thought" data-kind={t.kind}>
                  <span className="thought-kind">{kindName(t.kind)}</span> {t.text}
                </p>
              ))}
              {r.retrieves.map((q, i) => {
                // A query that is a thought of this round word for word (the offline thinker's) is named, not repeated.
                const same = r.thoughts.find((t) => t.text.trim() === q.query.trim());
                return (
                  <div key={i} className="query" data-testid="query" data-label={q.label}>
                    <p className="query-text">
                      <span className="query-label">{q.label}</span>{' '}
                      {same ? (
                        <span className="muted" data-testid="query-same">
                          retrieves with the {kindName(same.kind)} above
                        </span>
                      ) : (
                        q.query
                      )}
                    </p>
                    <ol className="hits">
                      {q.results.slice(0, SHOWN_PER_QUERY).map((hit) => (
                        <li
                          key={hit.id}
                          className={bridge.has(hit.id) ? 'hit gold bridge' : gold.has(hit.id) ? 'hit gold' : 'hit'}
                          title={passages.get(hit.id)?.text}
                        >
                          {passages.titleOf(hit.id)}
                          {gold.has(hit.id) && (
                            <span className="sr-only">{bridge.has(hit.id) ? ' (bridge, gold)' : ' (gold)'}</span>
                          )}
                        </li>
                      ))}
                      {q.results.length > SHOWN_PER_QUERY && (
                        <li className="hit more">+{q.results.length - SHOWN_PER_QUERY} more</li>
                      )}
                    </ol>
                  </div>
                );
              })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

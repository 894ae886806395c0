import type { PassageLookup } from '../../app/use-trace-passages.ts';
import type { TraceEventOf } from '../../core/trace/schema.ts';
import type { RunBranch } from './use-what-if.ts';

/** Rows of the pool shown by the what-if panel. */
export const WHAT_IF_SHOWN = 10;

/** The pool after the round picked, each passage with "Drop" and "Pin to top" branches. */
export function WhatIfPoolRows({
  pool,
  round,
  passages,
  branch,
}: {
  pool: TraceEventOf<'pool'>;
  round: number;
  passages: PassageLookup;
  branch: RunBranch;
}) {
  const title = (id: string) => passages.titleOf(id);
  return (
    <>
      <h3>Pool after round {round}</h3>
      <ul className="whatif-rows">
        {pool.pool.slice(0, WHAT_IF_SHOWN).map((p) => (
          <li key={p.id} data-testid="whatif-pool-row" data-id={p.id}>
            <span>
              {p.rank}. {title(p.id)}
            </span>
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="whatif-drop"
              onClick={() =>
                void branch({ kind: 'pool', round, drop: [p.id] }, `drop "${title(p.id)}" after round ${round}`)
              }
            >
              Drop
            </button>
            {p.rank > 1 && (
              <button
                type="button"
                className="btn btn-secondary"
                data-testid="whatif-pin"
                onClick={() =>
                  void branch(
                    { kind: 'pool', round, insert: { ids: [p.id], rank: 1 } },
                    `pin "${title(p.id)}" to the top after round ${round}`,
                  )
                }
              >
                Pin to top
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

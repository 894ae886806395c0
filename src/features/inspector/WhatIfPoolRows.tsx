import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { TraceEventOf } from '../../core/trace/schema.ts';
import { pinToTop, type WhatIfStep } from './use-what-if.ts';

/** Rows of the pool shown by the what-if panel. */
export const WHAT_IF_SHOWN = 10;

/** The pool after the round picked, each passage with "Drop" and "Pin to top" branches. */
export function WhatIfPoolRows({ pool, round, passages, branch }: WhatIfStep & { pool: TraceEventOf<'pool'> }) {
  return (
    <>
      <h3>Pool after round {round}</h3>
      <ul className="whatif-rows">
        {pool.pool.slice(0, WHAT_IF_SHOWN).map(({ id, rank }) => (
          <li key={id} data-testid="whatif-pool-row" data-id={id}>
            <span>
              {rank}. {passages.titleOf(id)}
            </span>
            <SecondaryButton
              data-testid="whatif-drop"
              onClick={() =>
                void branch({ kind: 'pool', round, drop: [id] }, `drop "${passages.titleOf(id)}" after round ${round}`)
              }
            >
              Drop
            </SecondaryButton>
            {rank > 1 && (
              <SecondaryButton
                data-testid="whatif-pin"
                onClick={() =>
                  void branch(pinToTop(id, round), `pin "${passages.titleOf(id)}" to the top after round ${round}`)
                }
              >
                Pin to top
              </SecondaryButton>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

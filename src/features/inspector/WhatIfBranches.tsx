import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { BranchEntry } from '../../app/whatif-store.ts';

type Props = { branches: readonly BranchEntry[]; open: string | null; onOpen(key: string): void };

/** The branches made from this run, one button each (pressed: the one opened beside the original). */
export function WhatIfBranches({ branches, open, onOpen }: Props) {
  return (
    <>
      <h3>Branches</h3>
      <ul className="whatif-rows">
        {branches.map((b) => (
          <li key={b.key}>
            <SecondaryButton
              data-testid="whatif-branch"
              data-status={b.status}
              aria-pressed={open === b.key}
              onClick={() => onOpen(b.key)}
            >
              {b.label}
              {b.trace?.branch?.oracle ? ' (oracle)' : ''} · {b.status}
            </SecondaryButton>
          </li>
        ))}
      </ul>
    </>
  );
}

import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { EvidenceLost } from '../../core/eval/diagnostics/index.ts';
import { pinToTop, type WhatIfStep } from './use-what-if.ts';

/** What an oracle button says on hover. */
export const ORACLE_TITLE = "Reads the question's gold: an oracle branch, never a strategy result";

type Props = Omit<WhatIfStep, 'round'> & { lost: EvidenceLost['lost'] };

/** Gold the run pooled and never read, each with an oracle branch that pins it where it was dropped. */
export function WhatIfLostEvidence({ lost, passages, branch }: Props) {
  return (
    <ul className="whatif-rows" data-testid="whatif-lost">
      {lost.map((l) => (
        <li key={l.passage}>
          <span>
            Evidence lost: {l.unit} &ldquo;{passages.titleOf(l.passage)}&rdquo; ({l.mechanism}, round {l.round})
          </span>{' '}
          <SecondaryButton
            data-testid="whatif-pin-lost"
            title={ORACLE_TITLE}
            onClick={() =>
              void branch(
                pinToTop(l.passage, l.round),
                `pin lost evidence "${passages.titleOf(l.passage)}" to the top after round ${l.round}`,
                true,
              )
            }
          >
            Pin it and rerun from there (oracle)
          </SecondaryButton>
        </li>
      ))}
    </ul>
  );
}

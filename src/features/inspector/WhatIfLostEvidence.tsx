import type { PassageLookup } from '../../app/use-trace-passages.ts';
import type { EvidenceLost } from '../../core/eval/diagnostics/index.ts';
import type { RunBranch } from './use-what-if.ts';

/** Gold the run pooled and never read, each with an oracle branch that pins it where it was dropped. */
export function WhatIfLostEvidence({
  lost,
  passages,
  branch,
}: {
  lost: EvidenceLost['lost'];
  passages: PassageLookup;
  branch: RunBranch;
}) {
  const title = (id: string) => passages.titleOf(id);
  return (
    <ul className="whatif-rows" data-testid="whatif-lost">
      {lost.map((l) => (
        <li key={l.passage}>
          <span>
            Evidence lost: {l.unit} &ldquo;{title(l.passage)}&rdquo; ({l.mechanism}, round {l.round})
          </span>{' '}
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="whatif-pin-lost"
            title="Reads the question's gold: an oracle branch, never a strategy result"
            onClick={() =>
              void branch(
                { kind: 'pool', round: l.round, insert: { ids: [l.passage], rank: 1 } },
                `pin lost evidence "${title(l.passage)}" to the top after round ${l.round}`,
                true,
              )
            }
          >
            Pin it and rerun from there (oracle)
          </button>
        </li>
      ))}
    </ul>
  );
}

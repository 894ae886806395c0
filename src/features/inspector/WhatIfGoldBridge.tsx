import type { Trace } from '../../core/trace/schema.ts';
import { counterfactualFor, parseCounterfactual, specRoundOf } from '../../core/whatif/counterfactual.ts';
import type { RunBranch } from './use-what-if.ts';

/** The oracle branch: the question's bridge passages inserted at the top of the pool after the round picked. */
export function WhatIfGoldBridge({
  trace,
  round,
  branch,
  onError,
}: {
  trace: Trace;
  round: number;
  branch: RunBranch;
  onError(message: string): void;
}) {
  return (
    <p>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="whatif-gold-bridge"
        title="Reads the question's gold: an oracle branch, never a strategy result"
        onClick={() => {
          // @R is the pool after round R's retrieval counted from the run's first (docs/what-if.md)
          const spec = parseCounterfactual(`gold-bridge@${specRoundOf(trace, round)}`);
          const what = counterfactualFor(spec, trace);
          if ('skip' in what) onError(`${spec.text}: ${what.skip}`);
          else void branch(what.intervention, spec.text, true);
        }}
      >
        Oracle: insert the bridge passages at the top after round {round}
      </button>
    </p>
  );
}

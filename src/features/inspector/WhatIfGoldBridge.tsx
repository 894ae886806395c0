import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { Trace } from '../../core/trace/schema.ts';
import { counterfactualFor, parseCounterfactual, specRoundOf } from '../../core/whatif/counterfactual.ts';
import type { WhatIfStep } from './use-what-if.ts';
import { ORACLE_TITLE } from './WhatIfLostEvidence.tsx';

type Props = Omit<WhatIfStep, 'passages'> & { trace: Trace; onError(message: string): void };

/** The oracle branch: the question's bridge passages inserted at the top of the pool after the round picked. */
export function WhatIfGoldBridge({ trace, round, branch, onError }: Props) {
  const run = () => {
    // @R is the pool after round R's retrieval counted from the run's first (docs/what-if.md)
    const spec = parseCounterfactual(`gold-bridge@${specRoundOf(trace, round)}`);
    const what = counterfactualFor(spec, trace);
    if ('skip' in what) onError(`${spec.text}: ${what.skip}`);
    else void branch(what.intervention, spec.text, true);
  };
  return (
    <p>
      <SecondaryButton data-testid="whatif-gold-bridge" title={ORACLE_TITLE} onClick={run}>
        Oracle: insert the bridge passages at the top after round {round}
      </SecondaryButton>
    </p>
  );
}

import type { ChartMarks } from '../../app/components/BumpChart.tsx';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { rememberParent, showInInspector, type BranchEntry } from '../../app/whatif-store.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { BranchCompare } from './BranchCompare.tsx';

type Props = ChartMarks & { shown: BranchEntry | undefined; trace: Trace; onStep: (step: number) => void };

/** The branch opened: its error, or a way to step through it and its comparison with the original run. */
export function WhatIfShownBranch({ shown, trace, onStep, ...marks }: Props) {
  const branch = shown?.trace;
  return (
    <>
      <ErrorLine error={shown?.error} />
      {branch && (
        <SecondaryButton
          data-testid="whatif-step-branch"
          title="Show this branch in the inspector, to step through it like a run"
          onClick={() => {
            rememberParent(branch, trace);
            showInInspector(branch);
          }}
        >
          Step through this branch
        </SecondaryButton>
      )}
      {branch && <BranchCompare parent={trace} branch={branch} onStep={onStep} {...marks} />}
    </>
  );
}

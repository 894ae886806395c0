import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { rememberParent, type BranchEntry } from '../../app/whatif-store.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { appStore } from '../../state/store.ts';
import { BranchCompare } from './BranchCompare.tsx';

/** The branch opened: its error, or a way to step through it and its comparison with the original run. */
export function WhatIfShownBranch({
  shown,
  trace,
  passages,
  gold,
  bridge,
  bridgeRule,
  onStep,
}: {
  shown: BranchEntry | undefined;
  trace: Trace;
  passages: PassageLookup;
  gold: ReadonlySet<string>;
  bridge: ReadonlySet<string>;
  bridgeRule: string;
  onStep: (step: number) => void;
}) {
  return (
    <>
      {shown?.error && (
        <p className="error" role="alert">
          {shown.error}
        </p>
      )}
      {shown?.trace && (
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="whatif-step-branch"
          title="Show this branch in the inspector, to step through it like a run"
          onClick={() => {
            rememberParent(shown.trace!, trace);
            appStore.getState().showTrace(shown.trace!, appStore.getState().runPassages ?? undefined);
          }}
        >
          Step through this branch
        </button>
      )}
      {shown?.trace && (
        <BranchCompare
          parent={trace}
          branch={shown.trace}
          gold={gold}
          bridge={bridge}
          bridgeRule={bridgeRule}
          passages={passages}
          onStep={onStep}
        />
      )}
    </>
  );
}

import type { Trace } from '../../core/trace/schema.ts';
import { appStore } from '../../state/store.ts';

/** On a branch shown in the inspector: whose branch it is, and a way back to the original run. */
export function WhatIfParentLine({ trace, parent }: { trace: Trace; parent: Trace }) {
  return (
    <p>
      This is a branch of {parent.strategy} on {parent.question.id}
      {trace.branch?.label ? ` (${trace.branch.label})` : ''}.{' '}
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="whatif-back-to-original"
        onClick={() => appStore.getState().showTrace(parent, appStore.getState().runPassages ?? undefined)}
      >
        Back to the original run
      </button>
    </p>
  );
}

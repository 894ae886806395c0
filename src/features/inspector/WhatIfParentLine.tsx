import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { showInInspector } from '../../app/whatif-store.ts';
import type { Trace } from '../../core/trace/schema.ts';

/** On a branch shown in the inspector: whose branch it is, and a way back to the original run. */
export function WhatIfParentLine({ trace, parent }: { trace: Trace; parent: Trace }) {
  return (
    <p>
      This is a branch of {parent.strategy} on {parent.question.id}
      {trace.branch?.label ? ` (${trace.branch.label})` : ''}.{' '}
      <SecondaryButton data-testid="whatif-back-to-original" onClick={() => showInInspector(parent)}>
        Back to the original run
      </SecondaryButton>
    </p>
  );
}

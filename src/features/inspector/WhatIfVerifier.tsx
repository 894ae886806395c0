import { useState } from 'react';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { Trace, TraceEventOf } from '../../core/trace/schema.ts';
import { verifierSelection } from '../../core/whatif/counterfactual.ts';
import type { WhatIfStep } from './use-what-if.ts';
import { WHAT_IF_SHOWN } from './WhatIfPoolRows.tsx';

type Props = Omit<WhatIfStep, 'round'> & { trace: Trace; verify: TraceEventOf<'verify'> };

/** The verifier's candidates as checkboxes: change its selection and rerun with it. */
export function WhatIfVerifier({ trace, verify, passages, branch }: Props) {
  const [selection, setSelection] = useState<Set<string> | null>(null);
  const selected = selection ?? new Set(verify.selected);
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    setSelection(next);
  };
  return (
    <>
      <h3>Verifier's selection</h3>
      <ul className="whatif-rows">
        {verify.candidates.slice(0, WHAT_IF_SHOWN).map((id) => (
          <li key={id}>
            <label>
              <input
                type="checkbox"
                data-testid="whatif-verify"
                checked={selected.has(id)}
                onChange={() => toggle(id)}
              />{' '}
              {passages.titleOf(id)}
            </label>
          </li>
        ))}
      </ul>
      <SecondaryButton
        data-testid="whatif-verify-run"
        disabled={selection === null}
        onClick={() =>
          void branch(
            verifierSelection(
              trace,
              verify.candidates.filter((id) => selected.has(id)),
            ),
          )
        }
      >
        Rerun with this selection
      </SecondaryButton>
    </>
  );
}

import { useState } from 'react';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import type { Trace, TraceEventOf } from '../../core/trace/schema.ts';
import { verifierSelection } from '../../core/whatif/counterfactual.ts';
import type { RunBranch } from './use-what-if.ts';
import { WHAT_IF_SHOWN } from './WhatIfPoolRows.tsx';

/** The verifier's candidates as checkboxes: change its selection and rerun with it. */
export function WhatIfVerifier({
  trace,
  verify,
  passages,
  branch,
}: {
  trace: Trace;
  verify: TraceEventOf<'verify'>;
  passages: PassageLookup;
  branch: RunBranch;
}) {
  const [selection, setSelection] = useState<Set<string> | null>(null);
  const selected = selection ?? new Set(verify.selected);
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
                onChange={() => {
                  const next = new Set(selected);
                  if (next.has(id)) next.delete(id);
                  else next.add(id);
                  setSelection(next);
                }}
              />{' '}
              {passages.titleOf(id)}
            </label>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-secondary"
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
      </button>
    </>
  );
}

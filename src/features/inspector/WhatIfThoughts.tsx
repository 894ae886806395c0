import { useState } from 'react';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { TraceEventOf } from '../../core/trace/schema.ts';
import type { WhatIfStep } from './use-what-if.ts';

type Props = Omit<WhatIfStep, 'passages'> & { thoughts: readonly TraceEventOf<'thought'>[] };

/** The round's thoughts and sub-queries, each editable and rerun with the edited text. */
export function WhatIfThoughts({ thoughts, round, branch }: Props) {
  const [edits, setEdits] = useState<Record<number, string>>({});
  return (
    <>
      {thoughts.length > 0 && <h3>Thoughts and sub-queries of round {round}</h3>}
      {thoughts.map((t, i) => (
        <div key={`${round}-${i}`} className="whatif-thought">
          <label>
            {t.kind}
            <textarea
              className="whatif-text"
              data-testid="whatif-thought"
              rows={2}
              value={edits[i] ?? t.text}
              onChange={(e) => setEdits({ ...edits, [i]: e.target.value })}
            />
          </label>
          <SecondaryButton
            data-testid="whatif-thought-run"
            disabled={(edits[i] ?? t.text).trim() === '' || (edits[i] ?? t.text) === t.text}
            onClick={() =>
              void branch(
                { kind: 'text', round, from: t.text, to: edits[i]!.trim() },
                `${t.kind} thought edited in round ${round}`,
              )
            }
          >
            Rerun with this text
          </SecondaryButton>
        </div>
      ))}
    </>
  );
}

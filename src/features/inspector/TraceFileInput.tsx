import { useState } from 'react';
import { parseRunOrTrace } from '../../app/trace/run-file.ts';
import { appStore } from '../../state/store.ts';
import { restoreBranches } from '../../app/whatif-store.ts';
import { checkBranches } from '../../core/whatif/check.ts';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { errorMessage } from '../../app/error-message.ts';

/** Opens a run file (trace + passages) or a bare trace to inspect and replay it without running anything. */
export function TraceFileInput() {
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const open = async (file: File) => {
    setError(null);
    setRefused([]);
    try {
      const { trace, passages, branches } = parseRunOrTrace(await file.text(), file.name);
      // each branch must be a branch of this run (parent hash and id, question, step); oracle recomputed
      const checked = await checkBranches(trace, branches);
      setRefused(checked.refused.map((r) => `branch ${r.id} not opened: ${r.reason}`));
      restoreBranches(trace, checked.branches);
      appStore.getState().showTrace(trace, passages ?? undefined);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <div className="trace-file">
      <label className="file-label">
        Open a run or trace file…
        <input
          type="file"
          accept=".json,application/json"
          data-testid="trace-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            // Hand the focus back to the page so the step keys work at once.
            e.target.blur();
            if (file) void open(file);
          }}
        />
      </label>
      {refused.length > 0 && (
        <ul className="error" role="alert" data-testid="trace-file-refused">
          {refused.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <ErrorLine error={error} testid="trace-file-error" />
    </div>
  );
}

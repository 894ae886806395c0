import { useState } from 'react';
import type { Trace } from '../../core/trace/schema.ts';
import { makeRunFile, runFileName } from '../../app/trace/run-file.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { branchTraces } from '../../app/whatif-store.ts';

/** Saves the shown run (trace + the passages it touched) as one JSON file. */
export function ExportRunButton({ trace, passages }: { trace: Trace; passages: PassageLookup }) {
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    setError(null);
    try {
      const file = makeRunFile(trace, passages.get, new Date(), branchTraces(trace));
      const url = URL.createObjectURL(new Blob([JSON.stringify(file)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = runFileName(trace);
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" data-testid="export-run" onClick={save}>
        Export run…
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

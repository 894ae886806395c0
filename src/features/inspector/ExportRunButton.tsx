import { useState } from 'react';
import type { Trace } from '../../core/trace/schema.ts';
import { traceIds } from '../../core/trace/fold.ts';
import { useEngine } from '../../app/engine-client.ts';
import { makeRunFile, runFileName } from '../../app/trace/run-file.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { branchTraces } from '../../app/whatif-store.ts';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { download } from '../../app/download.ts';

/**
 * Saves the run, its what-if branches and every passage they touched as one JSON file (a passage only a
 * branch mentions is fetched from the loaded corpus first).
 */
export function ExportRunButton({ trace, passages }: { trace: Trace; passages: PassageLookup }) {
  const engine = useEngine();
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      const branches = branchTraces(trace);
      const ids = [...new Set([trace, ...branches].flatMap((t) => traceIds(t.events)))];
      const missing = ids.filter((id) => !passages.get(id));
      const got = missing.length ? await engine.passages(trace.corpus.id, missing).catch(() => []) : [];
      const fetched = new Map(got.map((p) => [p.id, p]));
      const file = makeRunFile(trace, (id) => passages.get(id) ?? fetched.get(id), new Date(), branches);
      download(runFileName(trace), new Blob([JSON.stringify(file)], { type: 'application/json' }));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <>
      <SecondaryButton data-testid="export-run" onClick={() => void save()}>
        Export run…
      </SecondaryButton>
      <ErrorLine error={error} testid="export-run-error" />
    </>
  );
}

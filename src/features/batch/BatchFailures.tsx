import type { BatchRow } from '../../app/batch/results.ts';
import { runKey } from './use-batch-results.ts';

/** The failed runs of a batch (the first five and a count), said to be left out of the plots and means. */
export function BatchFailures({ failed, total }: { failed: readonly BatchRow[]; total: number }) {
  return (
    <div className="error" role="status" data-testid="batch-failures">
      <p>
        {failed.length} of {total} runs failed: they are not results, and the plots and means below are over the{' '}
        {total - failed.length} completed runs only (the CSV lists the failed ones with their error and no score).
      </p>
      <ul>
        {failed.slice(0, 5).map((r) => (
          <li key={runKey(r.strategy, r.questionId)}>
            {r.questionId} · {r.strategy}: {r.error ?? 'no error recorded'}
          </li>
        ))}
        {failed.length > 5 && <li>… and {failed.length - 5} more (the error column of the table).</li>}
      </ul>
    </div>
  );
}

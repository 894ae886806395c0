import type { BatchStatus } from '../../state/batch-slice.ts';

const fmtMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

interface Props {
  status: BatchStatus;
  done: number;
  total: number;
  /** Milliseconds left while running, null before the first run is done. */
  eta: number | null;
  failedCount: number;
}

/** The batch's progress bar and status line (runs done, ETA or how it ended, failures). */
export function BatchProgress({ status, done, total, eta, failedCount }: Props) {
  return (
    <div className="batch-progress" aria-live="polite">
      <progress max={Math.max(1, total)} value={done} data-testid="batch-progress" />
      <span data-testid="batch-status">
        {status === 'idle'
          ? 'Choose strategies and a slice, then Run batch.'
          : `${done} / ${total} runs ${status === 'running' ? `· ETA ${eta === null ? '…' : fmtMs(eta)}` : `· ${status === 'done' && failedCount ? 'finished' : status}`}${failedCount ? `, ${failedCount} failed` : ''}`}
      </span>
    </div>
  );
}

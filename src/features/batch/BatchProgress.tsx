import type { BatchProgressState } from './use-batch-progress.ts';

const fmtMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The batch's progress bar and status line (runs done, ETA or how it ended, failures). */
export function BatchProgress({ progress, failedCount }: { progress: BatchProgressState; failedCount: number }) {
  const { status, done, total, eta } = progress;
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

// Where the batch run stands (the store's batch status): runs done out of the total, the ETA while it
// runs, and whether Resume can continue a cancelled or failed batch.
import { useAppStore } from '../../state/use-app-store.ts';

export function useBatchProgress() {
  const status = useAppStore((s) => s.batchStatus);
  const runs = useAppStore((s) => s.batchRuns);
  const total = useAppStore((s) => s.batchTotal);
  const startedAt = useAppStore((s) => s.batchStartedAt);
  const error = useAppStore((s) => s.batchError);
  const done = runs.length;
  const elapsed = startedAt !== null && status === 'running' ? performance.now() - startedAt : null;
  const eta = elapsed !== null && done > 0 ? (elapsed / done) * (total - done) : null;
  const running = status === 'running';
  const canResume = (status === 'cancelled' || status === 'failed') && done < total;
  return { status, runs, total, error, done, eta, running, canResume };
}

export type BatchProgressState = ReturnType<typeof useBatchProgress>;

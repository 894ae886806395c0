// The CLI's progress line on stderr: "  <label: >done/total questions, ETA …", at most once a second,
// the first and the last always printed (a test waits for the first; a run shorter than a second has one).
import { formatDuration, progressAt } from '../core/batch/progress.ts';

export function progressPrinter(write: (line: string) => void, label = ''): (done: number, total: number) => void {
  const started = performance.now();
  let lastReport = Number.NEGATIVE_INFINITY;
  return (done, total) => {
    const now = performance.now();
    if (done !== total && now - lastReport <= 1000) return;
    lastReport = now;
    const p = progressAt(done, total, started, now);
    const eta = p.etaMs !== undefined && done < total ? `, ETA ${formatDuration(p.etaMs)}` : '';
    write(`  ${label ? `${label}: ` : ''}${done}/${total} questions${eta}`);
  };
}

// Progress with an ETA from the mean time per finished item so far.
/** `etaMs`: the estimated ms left, undefined until at least one item is done. */
export function progressAt(done: number, total: number, startedAt: number, now: number) {
  const elapsedMs = now - startedAt;
  const etaMs = done > 0 ? (elapsedMs / done) * (total - done) : undefined;
  return { done, total, elapsedMs, etaMs };
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

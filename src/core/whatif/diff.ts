// Where a branch first departs from its parent: events compared without their clock fields (`t`,
// `latencyMs`), so a rerun with no change shows no difference at all.
import type { TraceEvent } from '../trace/schema.ts';

/** An event as compared: without the times a rerun cannot reproduce. */
export function comparable(e: TraceEvent): Omit<TraceEvent, 't'> {
  const { t: _t, ...rest } = e;
  if (rest.type === 'llm') {
    const { latencyMs: _l, ...llm } = rest;
    return llm as Omit<TraceEvent, 't'>;
  }
  return rest;
}

const same = (a: TraceEvent, b: TraceEvent): boolean => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/** Index of the first event that differs (or that one trace lacks); null when both are the same. */
export function firstDifference(a: readonly TraceEvent[], b: readonly TraceEvent[]): number | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y || !same(x, y)) return i;
  }
  return null;
}

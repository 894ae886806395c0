// Where a branch first departs from its parent: events compared without their clock fields (`t`,
// `latencyMs`), so a rerun with no change shows no difference at all. The comparison is by value, not
// by key order or absent-versus-undefined: a trace read back from a file (its keys in the schema's
// order) equals the fresh run that wrote it.
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

/**
 * Deep equality of JSON-like values: object keys in any order, a key whose value is undefined equal
 * to an absent key (JSON drops both), numbers by value (-0 equals 0, as after a JSON round trip).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object')
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameValue(x, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const kx = keys(x);
  if (kx.length !== keys(y).length) return false;
  return kx.every((k) => Object.prototype.hasOwnProperty.call(y, k) && sameValue(x[k], y[k]));
}

const same = (a: TraceEvent, b: TraceEvent): boolean => sameValue(comparable(a), comparable(b));

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

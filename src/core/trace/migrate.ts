// Upgrades an older trace to the current schema in memory: a version-1 trace loads,
// becomes version 2 and scores exactly as before. v1 -> v2: the regime is "iterative" (v1 had no
// other), and a `memory` event's flat strings become entries with empty provenance.
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function v1EventToV2(e: unknown): unknown {
  if (!isObject(e) || e.type !== 'memory' || !Array.isArray(e.items)) return e;
  const { items, ...rest } = e;
  return { ...rest, entries: items.map((text) => ({ text: String(text), passages: [], queries: [] })) };
}

/** Returns a version-2 shaped value for a version-1 trace; any other value is returned unchanged. */
export function migrateTrace(value: unknown): unknown {
  if (!isObject(value) || value.version !== 1) return value;
  return {
    ...value,
    version: 2,
    regime: 'iterative',
    events: Array.isArray(value.events) ? value.events.map(v1EventToV2) : value.events,
  };
}

/** Versions loadTrace accepts. */
export const READABLE_TRACE_VERSIONS = [1, 2] as const;

// Load a trace from JSON (a file, an export, a worker message): validated with the zod schema, and a
// typed error that says which field is wrong, so a damaged or foreign file is never half-read. An older
// trace is upgraded in memory first: a version-1 trace loads, becomes version 2 and scores exactly as
// before (v1 -> v2: the regime is "iterative", v1 had no other, and a `memory` event's flat strings
// become entries with empty provenance).
import { z } from 'zod';
import { errorClass } from '../errors.ts';
import { TRACE_VERSION, traceSchema, type Trace } from './schema.ts';

export const TraceFormatError = errorClass('TraceFormatError', 'trace');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function v1EventToV2(e: unknown): unknown {
  if (!isObject(e) || e.type !== 'memory' || !Array.isArray(e.items)) return e;
  const { items, ...rest } = e;
  return { ...rest, entries: items.map((text) => ({ text: String(text), passages: [], queries: [] })) };
}

/** Returns a version-2 shaped value for a version-1 trace; any other value is returned unchanged. */
function migrateTrace(value: unknown): unknown {
  if (!isObject(value) || value.version !== 1) return value;
  return {
    ...value,
    version: 2,
    regime: 'iterative',
    events: Array.isArray(value.events) ? value.events.map(v1EventToV2) : value.events,
  };
}

/** Versions loadTrace accepts. */
const READABLE_TRACE_VERSIONS = [1, 2] as const;

/** The trace schema for any readable version: older traces are upgraded before validation. */
export const readableTraceSchema = z.preprocess(migrateTrace, traceSchema);

/** Parse and validate a trace (JSON text or an already-parsed value); older versions are upgraded. */
export function loadTrace(json: unknown, source = 'trace'): Trace {
  const fail = (detail: string) => new TraceFormatError(`${source}: ${detail}`);
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (e) {
      throw fail(`not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  if (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    !(READABLE_TRACE_VERSIONS as readonly unknown[]).includes(value.version)
  ) {
    throw fail(
      `trace version ${JSON.stringify(value.version) ?? String(value.version)}${typeof value.version === 'number' ? '' : ` (a ${value.version === null ? 'null' : typeof value.version}, expected a number)`} is not supported (this build reads versions ${READABLE_TRACE_VERSIONS.join(' and ')}, writes ${TRACE_VERSION})`,
    );
  }
  const parsed = readableTraceSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.length ? issue.path.join('.') : '(root)';
    throw fail(`field ${path}: ${issue?.message ?? 'does not match the trace schema'}`);
  }
  return parsed.data;
}

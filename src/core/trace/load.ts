// Load a trace from JSON (a file, an export, a worker message): validated with the zod schema, and a
// typed error that says which field is wrong, so a damaged or foreign file is never half-read.
import { z } from 'zod';
import { errorClass } from '../errors.ts';
import { migrateTrace, READABLE_TRACE_VERSIONS } from './migrate.ts';
import { TRACE_VERSION, traceSchema, type Trace } from './schema.ts';

export const TraceFormatError = errorClass('TraceFormatError', 'trace');

/** The trace schema for any readable version: older traces are upgraded before validation. */
export const readableTraceSchema = z.preprocess(migrateTrace, traceSchema);

/** Parse and validate a trace (JSON text or an already-parsed value); older versions are upgraded (migrate.ts). */
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

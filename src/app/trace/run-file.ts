// A shareable run: the trace plus the passages it touched, in one JSON file, so another machine can
// replay it with no model and no corpus. Settings and keys are never part of it.
import { z } from 'zod';
import { errorMessage } from '../error-message.ts';
import { HopscopeError } from '../../core/errors.ts';
import { readableTraceSchema } from '../../core/trace/load.ts';
import type { Trace } from '../../core/trace/schema.ts';
import type { Passage } from '../../core/types.ts';
import { traceIds } from '../../core/trace/fold.ts';
import { shareableTrace } from '../../core/trace/hash.ts';

const RUN_FILE_KIND = 'hopscope-run';
const RUN_FILE_VERSION = 1;

/** A passage as a run file (and the saved workspace) carries it. */
export const passage = z.object({ id: z.string(), title: z.string(), text: z.string() });
export const runFileSchema = z.object({
  kind: z.literal(RUN_FILE_KIND),
  version: z.literal(RUN_FILE_VERSION),
  exportedAt: z.string(),
  trace: readableTraceSchema,
  passages: z.array(passage),
  /** What-if branches of the run (each trace records its parent and change in `branch`). */
  branches: z.array(readableTraceSchema).optional(),
});
export type RunFile = z.infer<typeof runFileSchema>;

export class RunFileError extends HopscopeError {
  override readonly name: string = 'RunFileError';
  constructor(message: string) {
    super('run-file', message);
  }
}

/** Bundles a trace (and its what-if branches) with every passage they mention; a passage missing from `lookup` is an error. */
export function makeRunFile(
  trace: Trace,
  lookup: (id: string) => Passage | undefined,
  now = new Date(),
  branches: readonly Trace[] = [],
): RunFile {
  const ids = [...new Set([trace, ...branches].flatMap((t) => traceIds(t.events)))];
  const missing = ids.filter((id) => !lookup(id));
  if (missing.length > 0)
    throw new RunFileError(
      `cannot export: ${missing.length} passage(s) of the trace are not loaded (${missing.slice(0, 3).join(', ')}…); wait for the corpus`,
    );
  return {
    kind: RUN_FILE_KIND,
    version: RUN_FILE_VERSION,
    exportedAt: now.toISOString(),
    trace: shareableTrace(trace),
    passages: ids.map((id) => lookup(id) as Passage),
    ...(branches.length > 0 ? { branches: branches.map(shareableTrace) } : {}),
  };
}

/** Reads a run file or a bare trace; errors name the file and the first offending field. */
export function parseRunOrTrace(
  text: string,
  fileName: string,
): { trace: Trace; passages: Passage[] | null; branches: Trace[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new RunFileError(`${fileName} is not JSON: ${errorMessage(err)}`);
  }
  const isRunFile = typeof json === 'object' && json !== null && (json as { kind?: unknown }).kind === RUN_FILE_KIND;
  const parsed = isRunFile ? runFileSchema.safeParse(json) : readableTraceSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid';
    throw new RunFileError(`${fileName} is not a Hopscope ${isRunFile ? 'run file' : 'trace'}: ${where}`);
  }
  if ('kind' in parsed.data) {
    const file = parsed.data;
    const have = new Set(file.passages.map((p) => p.id));
    const branches = (file.branches ?? []) as Trace[];
    const missing = [file.trace, ...branches].flatMap((t) => traceIds(t.events)).filter((id) => !have.has(id));
    if (missing.length > 0)
      throw new RunFileError(
        `${fileName}: the trace mentions ${missing.length} passage(s) the file does not carry, e.g. ${missing[0]}`,
      );
    return { trace: file.trace, passages: file.passages, branches };
  }
  return { trace: parsed.data as Trace, passages: null, branches: [] };
}

export function runFileName(trace: Trace): string {
  return `hopscope-run-${trace.strategy}-${trace.retriever}-${trace.question.id}.json`.replace(/[^\w.-]+/g, '_');
}

// A shareable run: the trace plus the passages it touched, in one JSON file, so another machine can
// replay it with no model and no corpus. Settings and keys are never part of it.
import { z } from 'zod';
import { HopscopeError } from '../../core/errors.ts';
import { readableTraceSchema } from '../../core/trace/load.ts';
import type { Trace } from '../../core/trace/schema.ts';
import type { Passage } from '../../core/types.ts';
import { traceIds } from '../../core/trace/fold.ts';

export const RUN_FILE_KIND = 'hopscope-run';
export const RUN_FILE_VERSION = 1;

const passage = z.object({ id: z.string(), title: z.string(), text: z.string() });
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

/** A provider label without where its server is ("openai-compatible m @ http://…" -> "openai-compatible m"). */
const withoutServer = (label: string) => label.replace(/ @ [a-z][a-z0-9+.-]*:\/\/[^\s)\]"',;]+/gi, '');

// Any URL, and a bare host:port (an IP address or localhost, as connection errors name them).
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/gi;
const HOST_PORT = /\b(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\])(?::\d{1,5})?\b/gi;

/** `text` with every server address in it replaced by "(server)": labels first, then any URL or host:port. */
export function scrubServer(text: string): string {
  return withoutServer(text).replace(URL_IN_TEXT, '(server)').replace(HOST_PORT, '(server)');
}

/** Every string of a record (options, provenance) scrubbed, keys kept; arrays and nested records too. */
function scrubDeep(value: unknown): unknown {
  if (typeof value === 'string') return scrubServer(value);
  if (Array.isArray(value)) return value.map(scrubDeep);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)]));
  return value;
}

/**
 * The trace as it is shared, never with a server address: the LLM's provider label only, and the server
 * removed from the provenance, the options (a backbone's LLM: HippoRAG 2's factFilter, RAPTOR's
 * summaries, GraphRAG's reports) and every error and warning message. Prompts, replies and passages are
 * the run's content and stay as they are.
 */
export function shareableTrace(trace: Trace): Trace {
  return {
    ...trace,
    llm: scrubServer(trace.llm),
    options: scrubDeep(trace.options) as Trace['options'],
    ...(trace.provenance ? { provenance: scrubDeep(trace.provenance) as Trace['provenance'] } : {}),
    events: trace.events.map((e) =>
      e.type === 'llm'
        ? { ...e, provider: scrubServer(e.provider) }
        : e.type === 'error' || e.type === 'warning'
          ? { ...e, message: scrubServer(e.message) }
          : e,
    ),
  };
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
    throw new RunFileError(`${fileName} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
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

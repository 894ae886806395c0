// The identity of a trace as a branch records it (trace.branch.parent): SHA-256 of its canonical JSON
// (object keys sorted, undefined keys dropped) with provider labels without their server, so a trace
// exported as a run file (server removed) and read back (keys in the schema's order) keeps its hash.
import { sha256Hex } from '../llm/hash.ts';
import type { Trace } from './schema.ts';

/** JSON with object keys sorted at every depth; undefined values dropped as JSON.stringify drops them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** A provider label without where its server is ("openai-compatible m @ http://…" -> "openai-compatible m"). */
export const withoutServer = (label: string): string => label.replace(/ @ [a-z][a-z0-9+.-]*:\/\/\S+/gi, '');

/** The trace as it is shared: the LLM's provider label only, never its base URL. */
export function shareableTrace(trace: Trace): Trace {
  return {
    ...trace,
    llm: withoutServer(trace.llm),
    events: trace.events.map((e) => (e.type === 'llm' ? { ...e, provider: withoutServer(e.provider) } : e)),
  };
}

/** The hash a branch records of its parent: the same for the run, its run-file export and the file read back. */
export const traceHash = (trace: Trace): Promise<string> => sha256Hex(canonicalJson(shareableTrace(trace)));

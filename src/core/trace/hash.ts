// The identity of a trace as a branch records it (trace.branch.parent): SHA-256 of its canonical JSON
// (object keys sorted, undefined keys dropped) with provider labels without their server, so a trace
// exported as a run file (server removed) and read back (keys in the schema's order) keeps its hash.
import { sha256Hex } from '../llm/hash.ts';
import type { Trace } from './schema.ts';

/** JSON with object keys sorted at every depth; undefined values dropped as JSON.stringify drops them. */
function canonicalJson(value: unknown): string {
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
const withoutServer = (label: string): string => label.replace(/ @ [a-z][a-z0-9+.-]*:\/\/[^\s)\]"',;]+/gi, '');

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

/** The hash a branch records of its parent: the same for the run, its run-file export and the file read back. */
export const traceHash = (trace: Trace): Promise<string> => sha256Hex(canonicalJson(shareableTrace(trace)));

// GEAR appendix J.2 "Reader with and without Gist Memory": read(C, q) into proximal triples (Eq. 1,
// knowledge synchronisation) and read(C, q, G^(n-1)) for the gist memory (Eq. 4-5). The appendix prints
// no separate gist-memory prompt: the gist memory G is this reader with its "blue" parts switched on.
// Text verbatim; the blue parts are not marked in our text extraction, the only emphasised span is
// "and some preliminary facts provided below", which is what we switch off without a memory (and
// "{triples}" is left empty, as the appendix says). Line breaks are ours (the extraction puts a blank
// line after every line). Documents are HippoRAG's "Wikipedia Title:" blocks (the appendix's {docs}
// format is not printed). The reply is free text: triples as ("subject", "predicate", "object")
// tuples, which we read tuple by tuple; a reply with none raises LlmOutputError.
import type { PromptPassage } from '../core/strategies/prompt-port.ts';
import { cleanTriples, type Triple } from './openie-triples.ts';
import { LlmOutputError, textPrompt, user } from './parse.ts';
import { formatPassages } from './qa-reader.ts';

export const module = 'gear.reader';
export const version = 'gear-appJ2-reader/1';

/** The appendix's fact format: ("s", "p", "o"), ("s", "p", "o"). */
export function formatTriples(triples: readonly Triple[]): string {
  return triples.map((t) => `(${t.map((x) => JSON.stringify(x)).join(', ')})`).join(', ');
}

export function prompt(query: string, docs: string, gist: readonly Triple[]): string {
  const memory = gist.length > 0;
  return `Your task is to find facts that help answer an input question.
You should present these facts as knowledge triples, which are structured as ("subject", "predicate", "object").
Example:
Question: When was Neville A. Stanton's employer founded?
Facts: ("Neville A. Stanton", "employer", "University of Southampton"), ("University of Southampton", "founded in", "1862")

Now you are given some documents:
${docs}
Based on these documents${memory ? ' and some preliminary facts provided below' : ''}, find additional supporting fact(s) that may help answer the following question.
Note: if the information you are given is insufficient, output only the relevant facts you can find.
Question: ${query}
Facts: ${formatTriples(gist)}`;
}

/** `gist` is G^(n-1); empty on the first iteration (Eq. 4, n = 1) and for SyncGE's read (Eq. 1). */
export const build = (query: string, passages: readonly PromptPassage[], gist: readonly Triple[] = []) =>
  user(prompt(query, formatPassages(passages), gist));

export interface ProximalTriples {
  triples: Triple[];
  /** Parenthesised groups of quoted strings that were not three non-empty strings. */
  rejected: number;
}

// A parenthesised or bracketed group (brackets inside double quotes do not end it: "Merrow Queen (1952)"),
// and the quoted strings inside it (straight or curly quotes).
const group = /[([]((?:"(?:[^"\\]|\\.)*"|[^()[\]"])*)[)\]]/g;
const doubleQuoted = /"((?:[^"\\]|\\.)*)"/g;
const singleQuoted = /'((?:[^'\\]|\\.)*)'(?=\s*[,)\]]|\s*$)/g;

function quoted(body: string): string[] {
  const dq = [...body.matchAll(doubleQuoted)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
  if (dq.length > 0) return dq;
  return [...body.matchAll(singleQuoted)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

/** Read ("s", "p", "o") tuples (or ["s", "p", "o"] lists) out of `reply`, in order, duplicates dropped. */
export function readTriples(moduleName: string, reply: string): ProximalTriples {
  const text = reply.replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
  // "(see above)", "[1]": a group with no quoted part is not a triple attempt, so it is not counted
  const attempts = [...text.matchAll(group)].map((m) => quoted(m[1]!)).filter((parts) => parts.length > 0);
  const { triples, rejected } = cleanTriples(attempts);
  if (reply.trim().length === 0) throw new LlmOutputError(moduleName, reply, 'the reply is empty');
  if (triples.length === 0)
    throw new LlmOutputError(moduleName, reply, 'no ("subject", "predicate", "object") triple found');
  return { triples, rejected };
}

/** The triples of this read, T^G_q(n); the caller appends them to the gist memory (Eq. 5). */
export const { read, parse } = textPrompt(module, (reply) => readTriples(module, reply));

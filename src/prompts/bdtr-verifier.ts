// BDTR Fig. 9: the bridge-based evidence verifier over the top-30 of P_R (Eq. 5). Text verbatim
// (the figure's "{{...}}" is the template's escaped brace, printed here as one brace).
import { z } from 'zod';
import { numberedListing, type PromptPassage } from './bdtr-documents.ts';
import type { VerifierSelection } from '../core/strategies/prompt-port.ts';
import { extractJson, readJsonReply, user } from './parse.ts';

export const module = 'bdtr.verifier';
export const version = 'bdtr-fig9/1';

export function prompt(chain: string, listing: string): string {
  return `You are a careful reasoning verifier.

Reasoning Chain (arrow format, ≥4 nodes): ${chain}
Candidate Documents (Top-30 as currently ranked):
${listing}
Your task:
- Identify which documents provide direct evidence for one or more critical nodes or bridges in the reasoning chain (e.g., the key missing fact, entity-relation links, or decisive constraints).
- Do not bias toward the current rank. If a lower-ranked document (e.g., Doc 30) strongly supports a critical node or a bridging relation, you must include it.
- Favor documents that:
  - explicitly answer the Direct Question node(s),
  - provide the bridge relation in the Graph Thought,
  - connect multiple nodes in the chain (multi-node coverage),
  - resolve ambiguities or disambiguate entities.
- Output strict JSON only with a single key "covered_doc_indices" as a list of 1-based integers.
- Order indices by support/impact strength (strongest first), not by rank.

Example (STRICT JSON): {"covered_doc_indices":[17,3,28]} Return STRICT JSON only. No explanations.`;
}

export const build = (chain: string, candidates: readonly PromptPassage[]) =>
  user(prompt(chain, numberedListing(candidates)));

/** Entries are checked one by one in parse(): a bad entry is dropped (and reported), not fatal. */
export const schema = z.object({ covered_doc_indices: z.array(z.unknown()) });

/**
 * The forms models write besides the figure's JSON object: the bare list ("[17, 3, 28]"), the key as a
 * label ("covered_doc_indices: 17, 3, 28"), or the documents by name ("Doc 17, Doc 3"). Strongest first,
 * as written.
 */
function textFormat(body: string): z.infer<typeof schema> | undefined {
  const json = extractJson(body);
  if (json !== undefined) {
    const list: unknown = JSON.parse(json);
    if (Array.isArray(list)) return { covered_doc_indices: list };
  }
  const docs = [...body.matchAll(/\bDoc(?:ument)?\s*#?(\d+)\b/gi)].map((m) => Number(m[1]));
  if (docs.length > 0) return { covered_doc_indices: docs };
  const label = /covered[ _]doc[ _]indices[*\s]*:\s*([\d,\s]+)/i.exec(body);
  const bare = label?.[1] ?? (/^[\d,\s]+$/.test(body.trim()) ? body : undefined);
  const numbers = bare?.match(/\d+/g);
  return numbers ? { covered_doc_indices: numbers.map(Number) } : undefined;
}

export const read = (reply: string) => readJsonReply(module, reply, schema, textFormat);

/**
 * 0-based candidate positions, strongest first, duplicates dropped. An entry that names no listed
 * document (past the listing, 0, a fraction, a string such as "17") is dropped and reported in
 * `dropped`, so one bad index does not fail the question; a reply with no readable JSON object with
 * `covered_doc_indices` still raises LlmOutputError.
 */
export function parse(reply: string, candidateCount: number): VerifierSelection {
  const { covered_doc_indices: entries } = read(reply).value;
  const indices: number[] = [];
  const dropped: string[] = [];
  for (const i of entries) {
    const shown = JSON.stringify(i) ?? String(i);
    if (typeof i !== 'number' || !Number.isInteger(i)) dropped.push(`${shown} is not a whole number`);
    else if (i < 1 || i > candidateCount) dropped.push(`Doc ${i} is not in the listing (Doc 1-${candidateCount})`);
    else if (!indices.includes(i - 1)) indices.push(i - 1);
  }
  return { indices, dropped };
}

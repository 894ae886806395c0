// BDTR Fig. 9: the bridge-based evidence verifier over the top-30 of P_R (Eq. 5). Text verbatim
// (the figure's "{{...}}" is the template's escaped brace, printed here as one brace).
import { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import { numberedListing, type PromptPassage } from './bdtr-documents.ts';
import { LlmOutputError, parseJsonReply } from './parse.ts';

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

export function build(chain: string, candidates: readonly PromptPassage[]): ChatMessage[] {
  return [{ role: 'user', content: prompt(chain, numberedListing(candidates)) }];
}

export const schema = z.object({ covered_doc_indices: z.array(z.number().int().min(1)) });

/** 0-based candidate positions, strongest first, duplicates dropped; an index past the listing is an error. */
export function parse(reply: string, candidateCount: number): number[] {
  const { covered_doc_indices: indices } = parseJsonReply(module, reply, schema);
  const out: number[] = [];
  for (const i of indices) {
    if (i > candidateCount) throw new LlmOutputError(module, reply, `covered_doc_indices names Doc ${i} but only ${candidateCount} were listed`);
    if (!out.includes(i - 1)) out.push(i - 1);
  }
  return out;
}

// How the BDTR-paper prompts show passages: HippoRAG's "Wikipedia Title: <title>\n<text>" blocks
// (the QA reader's format, so every prompt in the product reads passages the same way), and the
// verifier's numbered listing "Doc <i>: ..." whose 1-based indices the verifier answers with (Fig. 9).
import type { DualThought, PromptPassage } from '../core/strategies/prompt-port.ts';
import { formatPassages } from './qa-reader.ts';

export type { PromptPassage };

export function documentBlock(passages: readonly PromptPassage[]): string {
  return passages.length === 0 ? '(no documents retrieved yet)\n' : formatPassages(passages);
}

export function numberedListing(passages: readonly PromptPassage[]): string {
  return passages.map((p, i) => `Doc ${i + 1}: Wikipedia Title: ${p.title}\n${p.text}\n`).join('');
}

/** The user turn's head of the thought and chain prompts (Fig. 8, Alg. 1 line 7): the current pool, then the question. */
export const poolAndQuestion = (question: string, pool: readonly PromptPassage[]) =>
  `Documents (current pool, best first):\n${documentBlock(pool)}\nQuestion: ${question}\n`;

export const thoughtLines = (thoughts: readonly DualThought[]) =>
  thoughts.map((p) => `Fast Thought: ${p.fast}\nSlow Thought: ${p.slow}`).join('\n');

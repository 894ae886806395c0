// BDTR Fig. 8: dual-thought generation (fast + slow thought from the current pool, Alg. 1 line 2).
// The system text is the figure's, verbatim (the PDF extraction moved the end of the Slow Thought line,
// "solution path inside the question itself.", to a later page; it is restored here). The user turn
// (question, current pool, earlier thoughts) is ours: the paper does not print it.
import { z } from 'zod';
import type { DualThought } from '../core/strategies/prompt-port.ts';
import { poolAndQuestion, thoughtLines, type PromptPassage } from './bdtr-documents.ts';
import { LlmOutputError, textPrompt, chat } from './parse.ts';

export const module = 'bdtr.dual-thought';
export const version = 'bdtr-fig8/1';

export const system = `You are an intelligent assistant skilled in multi-hop reasoning across multiple documents. For every turn, produce two outputs:

Fast Thought: A direct follow-up question asking for the missing fact in plain form.
Slow Thought: A follow-up question phrased with a reasoning flavor, showing part of the solution path inside the question itself.

Rules:
- Fast Thought must be short and direct (e.g., "Where was X born?").
- Slow Thought must explicitly include an additional bridging entity or relation, not just a rephrasing of the Fast Thought.
- Slow Thought should demonstrate a reasoning chain style, embedding at least one bridge or context element that connects to the target fact.
- Output only the two thoughts, and no other explanations.
- Goal: provide both a direct query and a reasoning-flavored query that retrieve complementary bridge documents.`;

export function build(question: string, pool: readonly PromptPassage[], previous: readonly DualThought[] = []) {
  const earlier = previous.length ? `\nPrevious thoughts:\n${thoughtLines(previous)}\n` : '';
  return chat(system, poolAndQuestion(question, pool) + earlier);
}

export const schema = z.object({ fast: z.string().min(1), slow: z.string().min(1) });

// "Fast Thought: ..." / "Slow Thought: ..." labelled lines; markdown bold and list bullets tolerated.
const line = (label: string) =>
  new RegExp(`^[\\s>*-]*(?:\\*\\*)?${label} Thought(?:\\*\\*)?\\s*:\\s*(?:\\*\\*)?\\s*(.*)$`, 'im');

/** The two thoughts; the reply may omit the leading "Fast Thought:" label the prompt already wrote. */
function readBody(reply: string): DualThought {
  const text = reply.trim();
  const slowMatch = line('Slow').exec(text);
  if (!slowMatch) throw new LlmOutputError(module, reply, 'no "Slow Thought:" line');
  const fastMatch = line('Fast').exec(text);
  const fast = (
    fastMatch
      ? fastMatch[1]!
      : (text
          .slice(0, slowMatch.index)
          .split('\n')
          .find((l) => l.trim()) ?? '')
  ).trim();
  const slow = slowMatch[1]!.trim();
  if (!fast) throw new LlmOutputError(module, reply, 'the Fast Thought is empty');
  if (!slow) throw new LlmOutputError(module, reply, 'the Slow Thought is empty');
  return schema.parse({ fast, slow });
}

export const { read, parse } = textPrompt(module, readBody);

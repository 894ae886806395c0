// The planner's conservative composer (paper 004: "Conservative Composer generates answer with
// citations"). The paper prints no prompt text: this prompt is OURS. It answers only from the numbered
// documents, cites the ones it used by number, and says "insufficient evidence" rather than guess.
import { z } from 'zod';
import type { ComposedAnswer, PromptPassage } from '../core/strategies/prompt-port.ts';
import { numberedListing } from './bdtr-documents.ts';
import { firstLine, labelled, LlmOutputError, readJsonReply, chat } from './parse.ts';

export const module = 'planner.compose';
export const version = 'hopscope-planner-compose/1';

export const INSUFFICIENT = 'insufficient evidence';

export const system = `You write the final answer to a multi-hop question from numbered documents and the partial answers found while retrieving them.
Be conservative: use only what the documents state. Answer in a few words (a name, a date, a place, yes or no).
Cite every document your answer relies on by its number. If the documents do not support an answer, answer "${INSUFFICIENT}" with no citations.
Reply with one JSON object and nothing else: {"answer": "...", "citations": [1, 2]}`;

export function userTurn(
  question: string,
  documents: readonly PromptPassage[],
  partialAnswers: readonly string[],
): string {
  const docs = documents.length === 0 ? '(no documents)\n' : numberedListing(documents);
  const partial = partialAnswers.length === 0 ? '(none)' : partialAnswers.map((p, i) => `${i + 1}. ${p}`).join('\n');
  return `${docs}\nQuestion: ${question}\nPartial answers:\n${partial}\n\nYour JSON:`;
}

export const build = (...args: Parameters<typeof userTurn>) => chat(system, userTurn(...args));

export const schema = z.object({
  answer: z.string().trim().min(1, 'the answer is empty'),
  citations: z.array(z.number().int()),
});

/** "Answer: ... Citations: 1, 2", or the citations as brackets after the answer ("Paris [1][3]"). */
function textFormat(body: string): unknown {
  const labels = ['Answer', 'Citations'];
  const answer = labelled(body, 'Answer', labels);
  if (answer === undefined) return undefined;
  const line = firstLine(answer);
  const cited = labelled(body, 'Citations', labels) ?? [...line.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)].join(' ');
  return {
    answer: line.replace(/\s*\[\d+(?:\s*,\s*\d+)*\]/g, '').trim(),
    citations: (cited.match(/\d+/g) ?? []).map(Number),
  };
}

export const read = (reply: string) => readJsonReply(module, reply, schema, textFormat);

/** Citations come back 0-based; a number outside 1..documentCount is an error, not a silent drop. */
export function parse(reply: string, documentCount: number): ComposedAnswer {
  const out = read(reply).value;
  const bad = out.citations.find((c) => c < 1 || c > documentCount);
  if (bad !== undefined)
    throw new LlmOutputError(module, reply, `citation ${bad} is not a document number (1-${documentCount})`);
  return { answer: out.answer.replace(/\.$/, '').trim(), citations: [...new Set(out.citations)].map((c) => c - 1) };
}

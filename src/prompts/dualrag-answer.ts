// DualRAG's answer model M_A (Eq. 4): â = M_A(K^T, x, R^T). THE PAPER PRINTS NO ANSWER PROMPT: this one
// is ours (Hopscope's), written in the figures' style (same "Question currently being solved" section,
// dualrag-outline.ts) and asking for the short answer the QA metrics expect, as JSON {"answer"}
// validated with a schema. Versioned separately from the figure prompts.
import { z } from 'zod';
import { questionSection, type DualKnowledge } from './dualrag-outline.ts';
import { firstLine, labelled, readJsonReply, chat } from './parse.ts';

export const module = 'dualrag.answer';
export const version = 'hopscope-dualrag-answer/1';

export const system = `Background Information
Currently, there is a knowledge question-answering problem. Knowledge has been retrieved and organized by entities, and a reasoning history has been written over it.

Task Description
Give the final answer to the question based on the retrieved knowledge and the reasoning history.
- The answer must be strictly based on the retrieved knowledge and the reasoning history; speculation is prohibited.
- Answer in as few words as possible (an entity name, a date, a number, or yes/no), without explanation.

Reply with one JSON object {"answer": "<the answer in a few words>"} and nothing else.`;

export const build = (question: string, knowledge: DualKnowledge, history: readonly string[]) =>
  chat(system, questionSection(question, history, knowledge));

export const schema = z.object({ answer: z.string().trim().min(1, 'the answer is empty') });

/** "Answer: ..." or a reply of one line that is the answer itself (not a broken JSON object). */
function textFormat(body: string): unknown {
  const answer = labelled(body, 'Answer', ['Answer']);
  if (answer !== undefined) return { answer: firstLine(answer) };
  const lines = body.split('\n').filter((l) => l.trim());
  return lines.length === 1 && !/^[\s`]*[{[]/.test(body) ? { answer: firstLine(body) } : undefined;
}

export const read = (reply: string) => readJsonReply(module, reply, schema, textFormat);

export function parse(reply: string): { answer: string } {
  return { answer: read(reply).value.answer.trim() };
}

// BDTR Fig. 10: the IRCoT step prompt (one reasoning sentence per step; stop at "So the answer is:").
// System text verbatim. The figure mentions demonstrations but prints none; we send none (zero-shot).
// The user turn (documents, question, thoughts so far) is ours, in IRCoT's "Q: ... A: <thoughts>" spirit.
import { parseIrcotReply, type StepReply } from './answer-marker.ts';
import { documentBlock, type PromptPassage } from './bdtr-documents.ts';
import { chat, textPrompt } from './parse.ts';

export const module = 'ircot.step';
// /2: IRCoT's reading (marker anywhere, first sentence kept); the documents are the collected paragraphs.
export const version = 'bdtr-fig10/2';

export const system = `You serve as an intelligent assistant, adept at facilitating users through complex, multi-hop reasoning across multiple documents. This task is illustrated through demonstrations, each consisting of a document set paired with a relevant question and its multi-hop reasoning thoughts.

Your task: Generate one reasoning thought for the current step.
- Do not generate the entire reasoning chain at once.
- At each step, provide only a single intermediate thought that advances the reasoning.
- If you believe you have reached the final step, begin your response with: "So the answer is:".`;

/** The step prompts' user turn (Fig. 10-12, each after its figure's system text). */
export function stepTurn(question: string, documents: readonly PromptPassage[], thoughts: readonly string[]): string {
  const so = thoughts.length ? `\nThoughts so far:\n${thoughts.join('\n')}\n` : '';
  return `Documents:\n${documentBlock(documents)}\nQuestion: ${question}\n${so}\nNext thought:`;
}

export const build = (...args: Parameters<typeof stepTurn>) => chat(system, stepTurn(...args));

export const { read, parse } = textPrompt(module, (reply): StepReply => parseIrcotReply(module, reply));

// BDTR Fig. 12: the GCoT step (what information is still missing, step by step). System text
// verbatim; the user turn is ircot-step's. A reply not starting with "So the answer is:" names the
// missing or bridge evidence, which is retrieved next.
import { parseStepReply, type StepReply } from './answer-marker.ts';
import { stepTurn } from './ircot-step.ts';
import { chat, textPrompt } from './parse.ts';

export const module = 'gcot.step';
export const version = 'bdtr-fig12/1';

export const system = `You serve as an intelligent assistant, adept at facilitating users through complex, multi-hop reasoning across multiple documents. This task is illustrated through demonstrations, each consisting of a document set paired with a relevant question and its multi-hop reasoning thoughts.

Your task: Think step by step about what additional information is required for the current step.
- Do not generate the full reasoning or the final answer at once.
- At each step, only articulate what is still missing or what bridge evidence should be retrieved next.
- If you reach what you believe to be the final step, begin your response with: "So the answer is:".`;

export const build = (...args: Parameters<typeof stepTurn>) => chat(system, stepTurn(...args));

export const { read, parse } = textPrompt(module, (reply): StepReply => parseStepReply(module, reply));

// BDTR Fig. 11: the ToG-style sufficiency check. System text verbatim; the user turn is ircot-step's.
// A positive evaluation starts with "So the answer is:"; otherwise the reply says what is missing,
// and that explanation is the next retrieval query.
import { parseStepReply, type StepReply } from './answer-marker.ts';
import { stepTurn } from './ircot-step.ts';
import { chat, textPrompt } from './parse.ts';

export const module = 'tog.sufficiency';
export const version = 'bdtr-fig11/1';

export const system = `You serve as an intelligent assistant, adept at facilitating users through complex, multi-hop reasoning across multiple documents. This task is illustrated through demonstrations, each consisting of a document set paired with a relevant question and its multi-hop reasoning thoughts.

Your task: Evaluate whether the given information is sufficient to answer the question.
- If the evaluation is positive, start the response with: "So the answer is:".
- Otherwise, explain what additional information would be required.`;

export const build = (...args: Parameters<typeof stepTurn>) => chat(system, stepTurn(...args));

export const { read, parse } = textPrompt(module, (reply): StepReply => parseStepReply(module, reply));

// DualRAG Fig. 5 "Prompt for Reasoner": r^t, f^t = M_R(K^(t-1), x, r^(t-1)) (Eq. 3), one reasoning step
// over the knowledge outline plus the retrieval trigger flag f^t. The figure's text is verbatim as the
// system turn. Ours: the figure shows "Example {few-shots}" but prints no demonstrations, so we send
// none (zero-shot) and drop that heading; the user turn renders "{knowledge} {question} {reasoning
// history}" (dualrag-outline.ts); and the figure prints no output format, so we impose a JSON object
// {"reasoning", "need_retrieval"} (need_retrieval = f^t), validated with a schema. The final-answer
// model M_A (Eq. 4) has no printed prompt.
import { z } from 'zod';
import type { ReasonerStep } from '../core/strategies/prompt-port.ts';
import { questionSection, type DualKnowledge } from './dualrag-outline.ts';
import { labelled, readJsonReply, chat } from './parse.ts';

export const module = 'dualrag.reasoner';
export const version = 'dualrag-fig5/1';

export const system =
  `Background Information
Currently, there is a knowledge question-answering problem that needs to be solved, and retrieval tools can be used to find relevant knowledge to assist you in solving the problem.
For knowledge question-answering tasks, it is important to have a grasp of knowledge, which is organized by entities, with each entity having a segment of knowledge.

Task Description
Your current task is to reason based on the knowledge that has been retrieved.
When reasoning, you must strictly adhere to the knowledge that has been retrieved to prevent errors.
There are two conditions for concluding your reasoning:
- You have obtained the answer you were seeking, at which point you can conclude your reasoning.
- You find that you cannot obtain the answer you want based solely on the retrieved knowledge and need to further expand your knowledge through retrieval tools.

Note
- You must reason step by step carefully to ensure the rigor of the reasoning process.
- The knowledge used must be strictly based on the retrieved knowledge, and speculation is prohibited.` +
  // Adaptation (see header): the output format.
  `

Reply with one JSON object {"reasoning": "<your reasoning for this step>", "need_retrieval": <false if you have obtained the answer you were seeking, true if you need to further expand your knowledge through retrieval tools>} and nothing else.`;

export const build = (question: string, outline: DualKnowledge, history: readonly string[]) =>
  chat(system, questionSection(question, history, outline));

export const schema = z.object({
  reasoning: z.string().trim().min(1, 'the reasoning is empty'),
  need_retrieval: z.boolean(),
});

/** "Reasoning: ... Need retrieval: yes/no" (the JSON's two fields as labelled lines). */
function textFormat(body: string): unknown {
  const labels = ['Reasoning', 'Need retrieval'];
  const reasoning = labelled(body, 'Reasoning', labels);
  const flag = labelled(body, 'Need retrieval', labels)?.toLowerCase();
  if (reasoning === undefined || flag === undefined) return undefined;
  return {
    reasoning,
    need_retrieval: /^(?:yes|true)\b/.test(flag) ? true : /^(?:no|false)\b/.test(flag) ? false : flag,
  };
}

export const read = (reply: string) => readJsonReply(module, reply, schema, textFormat);

/** r^t (appended to the reasoning history R) and f^t (true triggers the Entity Identifier; false ends the loop, Eq. 4). */
export function parse(reply: string): ReasonerStep {
  const out = read(reply).value;
  return { reasoning: out.reasoning.trim(), needRetrieval: out.need_retrieval };
}

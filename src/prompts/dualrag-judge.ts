// DualRAG Fig. 8 "Prompt for Judger": the Acc† LLM judge (Appendix D; the judge prompt of Shao et al.,
// 2023). Text verbatim, one user turn, including "Ground-truth Answer {golden_answer}" without a colon
// as printed. The reply is free text that should be "Yes" or "No": read from its first word
// (markdown and punctuation tolerated), else from the one of the two words it contains; a reply with
// neither, or with both and no leading verdict, raises LlmOutputError.
import { LlmOutputError, textPrompt, user } from './parse.ts';

export const module = 'dualrag.judge';
export const version = 'dualrag-fig8/1';

export function prompt(question: string, response: string, goldenAnswer: string): string {
  return `In the following task, you are given a Question, a model Prediction for the Question, and a Ground-truth Answer to the Question. You should decide whether the model Prediction implies the Ground-truth Answer.
Note: For some questions, the given standard answer may not be the unique correct answer, but a possible answer. In this case, if the model’s response is close in meaning to the standard answer, or contains the standard answer, then the model’s response can be considered correct.

Question: ${question}
Prediction: ${response}
Ground-truth Answer ${goldenAnswer}
Does the Prediction imply the Ground-truth Answer? Output Yes or No:`;
}

export const build = (...args: Parameters<typeof prompt>) => user(prompt(...args));

const leading = /^[\s>*#"'`(-]*(yes|no)\b/i;

/** True when the judge says the prediction implies the ground truth (Acc† = 1). */
function readBody(reply: string): boolean {
  const text = reply.trim();
  if (text.length === 0) throw new LlmOutputError(module, reply, 'the reply is empty');
  const first = leading.exec(text);
  if (first) return first[1]!.toLowerCase() === 'yes';
  const yes = /\byes\b/i.test(text);
  const no = /\bno\b/i.test(text);
  if (yes !== no) return yes;
  throw new LlmOutputError(
    module,
    reply,
    yes ? 'both "Yes" and "No" and no leading verdict' : 'neither "Yes" nor "No"',
  );
}

export const { read, parse } = textPrompt(module, readBody);

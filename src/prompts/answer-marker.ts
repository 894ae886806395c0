// The stop signal of the step-wise prompts (BDTR Fig. 10-12): a reply that begins with
// "So the answer is:" ends the loop. Parsed into a typed result rather than split on the substring;
// an empty reply, or the marker with nothing after it, raises LlmOutputError.
import type { StepReply } from '../core/strategies/prompt-port.ts';
import { LlmOutputError } from './parse.ts';

export const ANSWER_MARKER = 'So the answer is:';

export type { StepReply };

const marker = /^\s*(?:\*\*)?so the answer is(?:\*\*)?\s*:?\s*(?:\*\*)?/i;

export function parseStepReply(module: string, reply: string): StepReply {
  const text = reply.trim();
  if (text.length === 0) throw new LlmOutputError(module, reply, 'the reply is empty');
  const m = marker.exec(text);
  if (!m) return { final: false, text };
  const answer = text.slice(m[0].length).trim().split('\n')[0]!.trim().replace(/\.$/, '');
  if (answer.length === 0) throw new LlmOutputError(module, reply, `"${ANSWER_MARKER}" is followed by no answer`);
  return { final: true, text, answer };
}

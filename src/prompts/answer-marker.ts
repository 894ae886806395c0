// The stop signal of the step-wise prompts (BDTR Fig. 10-12): a reply that begins with
// "So the answer is:" ends the loop. Parsed into a typed result rather than split on the substring;
// an empty reply, or the marker with nothing after it, raises LlmOutputError.
import type { StepReply } from '../core/strategies/prompt-port.ts';
import { LlmOutputError } from './parse.ts';

export const ANSWER_MARKER = 'So the answer is:';

export type { StepReply };

const marker = /^\s*(?:\*\*)?so the answer is(?:\*\*)?\s*:?\s*(?:\*\*)?/i;
const anywhere = /(?:\*\*)?so the answer is(?:\*\*)?\s*:\s*(?:\*\*)?/i;

/** A step reply: final when `answerMarker` matches (the answer is the rest of its line), else `thought` of the text. */
function readStep(module: string, reply: string, answerMarker: RegExp, thought: (text: string) => string): StepReply {
  const text = reply.trim();
  if (text.length === 0) throw new LlmOutputError(module, reply, 'the reply is empty');
  const m = answerMarker.exec(text);
  if (!m) return { final: false, text: thought(text) };
  const answer = text
    .slice(m.index + m[0].length)
    .trim()
    .split('\n')[0]!
    .trim()
    .replace(/\.$/, '');
  if (answer.length === 0) throw new LlmOutputError(module, reply, `"${ANSWER_MARKER}" is followed by no answer`);
  return { final: true, text, answer };
}

export const parseStepReply = (module: string, reply: string) => readStep(module, reply, marker, (text) => text);

/**
 * IRCoT's reading of a step reply (Trivedi et al., 2022): "So the answer is:" ANYWHERE in the reply
 * ends the loop; otherwise only the first sentence of the reply is kept, as the new CoT sentence and
 * the next query (IRCoT discards the rest of a generation).
 */
export const parseIrcotReply = (module: string, reply: string) => readStep(module, reply, anywhere, firstSentence);

// Abbreviations after which a period does not end a sentence (St. Louis, U.S., Jr., Dr. No).
const ABBREVIATION = /(?:^|[\s(])(?:[A-Z]|Mr|Mrs|Ms|Dr|St|Jr|Sr|Mt|Ft|Co|Inc|Ltd|No|vs|etc|e\.g|i\.e|U\.S|U\.K)\.$/;

/** The first sentence of a text: up to the first . ! or ? followed by space and a capital, digit or quote (abbreviations excepted); the first line at most. */
export function firstSentence(text: string): string {
  const line =
    text
      .trim()
      .split('\n')
      .find((l) => l.trim().length > 0)
      ?.trim() ?? '';
  const end = /[.!?](?=\s+["'“(\p{Lu}\d])/gu;
  for (let m = end.exec(line); m; m = end.exec(line)) {
    const head = line.slice(0, m.index + 1);
    if (!ABBREVIATION.test(head)) return head;
  }
  return line;
}

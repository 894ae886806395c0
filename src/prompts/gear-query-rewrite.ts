// GEAR appendix J.2 "Query Re-writing": q^(n+1) = rewrite(G^(n), q, r^(n)) (Eq. 7), with the
// appendix's one worked example (Guy Shepherdson / SMA Negeri 68). Text verbatim, one user turn; line
// breaks are ours (the extraction puts a blank line after most lines). The prompt ends with
// "Next Question:", so the reply may be the bare question or repeat the label; a reply that only
// gives a "Reason:" (no question), or an empty one, raises LlmOutputError.
import type { Triple } from './openie-triples.ts';
import { LlmOutputError, textPrompt, user } from './parse.ts';
import { formatTriples } from './gear-reader.ts';

export const module = 'gear.query-rewrite';
export const version = 'gear-appJ2-rewrite/1';

export function prompt(query: string, gist: readonly Triple[], reason: string): string {
  return `Task Description:
You will be presented with an input question and a set of known facts.
These facts might be insufficient for answering the question for some reason.
Your task is to analyze the question given the provided facts and determine what else information is needed for the next step.
Example:
Question: What region of the state where Guy Shepherdson was born, contains SMA Negeri 68?
Facts: ("Guy Shepherdson", "born in", "Jakarta")
Reason: The provided facts only indicate that Guy Shepherdson was born in Jakarta, but they do not provide any information about the region of the state that contains SMA Negeri 68.
Next Question: What region of Jakarta contains SMA Negeri 68?

Your Task:
Question: ${query}
Facts: ${formatTriples(gist)}
Reason: ${reason}
Next Question:`;
}

/** `query` is the original question q, `gist` G^(n), `reason` r^(n) from gear-reasoning. */
export const build = (...args: Parameters<typeof prompt>) => user(prompt(...args));

const nextLabel = /^[ \t>*#-]*next question[ \t*]*:[ \t*]*/im;
const otherLabel = /^[\s>*#-]*(?:question|facts|reason)[ \t*]*:/i;

function clean(line: string): string {
  return line
    .replace(/\*\*/g, '')
    .trim()
    .replace(/^["'“]+|["'”]+$/g, '')
    .trim();
}

/** The next query, q^(n+1). */
function readBody(reply: string): string {
  const text = reply.trim();
  if (text.length === 0) throw new LlmOutputError(module, reply, 'the reply is empty');
  const m = nextLabel.exec(text);
  let question: string;
  if (m) {
    const tail = text.slice(m.index + m[0].length);
    question = clean(tail.split('\n').find((l) => l.trim()) ?? '');
  } else {
    const first = text.split('\n').find((l) => l.trim())!;
    if (otherLabel.test(first))
      throw new LlmOutputError(module, reply, 'no "Next Question:" in a reply that repeats the other fields');
    question = clean(first);
  }
  if (!question) throw new LlmOutputError(module, reply, '"Next Question:" is followed by no question');
  return question;
}

export const { read, parse } = textPrompt(module, readBody);

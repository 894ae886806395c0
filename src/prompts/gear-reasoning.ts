// GEAR appendix J.2 "Reasoning for Termination": a^(n), r^(n) = reason(G^(n), q) (Eq. 6). Text
// verbatim, one user turn; line breaks are ours (the extraction puts a blank line after every line).
// The reply is free text with markers: "Answerable: Yes" + "Answer: ...", or "Answerable: No" +
// "Why: ...". The markers are read tolerating markdown bold, bullets and case; a missing
// "Answerable:" line, or a verdict without its "Answer:" / "Why:" part, raises LlmOutputError.
import type { GearTermination } from '../core/strategies/prompt-port.ts';
import type { Triple } from './openie-triples.ts';
import { LlmOutputError, textPrompt, user } from './parse.ts';
import { formatTriples } from './gear-reader.ts';

export const module = 'gear.reasoning';
export const version = 'gear-appJ2-reason/1';

export function prompt(query: string, gist: readonly Triple[]): string {
  return `Task Description:
You are given an input question and a set of known facts:
Question: ${query}
Facts: ${formatTriples(gist)}
Your reply must follow the required format:
1. If the provided facts contain the answer to the question, you should reply as follows:
Answerable: Yes
Answer: ...
2. If not, you should explain why and reply as follows:
Answerable: No
Why: ...
Your reply:`;
}

/** `query` is the original question q; `gist` is G^(n). */
export const build = (...args: Parameters<typeof prompt>) => user(prompt(...args));

const label = (name: string) => new RegExp(`^[\\s>*#-]*${name}[ \\t*]*:[ \\t*]*`, 'im');
const verdict = /^[ \t>*#-]*answerable[ \t*]*:[ \t*]*(yes|no)\b[*]*[.,;]?/im;

function after(text: string, name: string): string | undefined {
  const m = label(name).exec(text);
  return m ? text.slice(m.index + m[0].length) : undefined;
}

/** a^(n) with the answer, or not answerable with r^(n), the reason that query re-writing reads (Eq. 7). */
function readBody(reply: string): GearTermination {
  const text = reply.trim();
  if (text.length === 0) throw new LlmOutputError(module, reply, 'the reply is empty');
  const v = verdict.exec(text);
  if (!v) throw new LlmOutputError(module, reply, 'no "Answerable: Yes" or "Answerable: No" line');
  const rest = text.slice(v.index + v[0].length);
  if (v[1]!.toLowerCase() === 'yes') {
    const tail = after(rest, 'Answer');
    if (tail === undefined) throw new LlmOutputError(module, reply, '"Answerable: Yes" without an "Answer:" line');
    const line = tail.trim().split('\n')[0]!.replace(/\*\*/g, '').trim();
    const answer = line.replace(/\.$/, '').trim();
    if (!answer || line === '...') throw new LlmOutputError(module, reply, '"Answer:" is followed by no answer');
    return { answerable: true, answer, text };
  }
  const tail = after(rest, 'Why');
  if (tail === undefined) throw new LlmOutputError(module, reply, '"Answerable: No" without a "Why:" line');
  const reason = tail.replace(/\*\*/g, '').trim();
  if (!reason || reason === '...') throw new LlmOutputError(module, reply, '"Why:" is followed by no reason');
  return { answerable: false, reason, text };
}

export const { read, parse } = textPrompt(module, readBody);

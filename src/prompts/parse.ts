// Parse an LLM reply into a schema: tolerate code fences and prose around the JSON, never eval,
// never return a silent empty result. Failures raise LlmOutputError, which traces record.
import type { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import { HopscopeError } from '../core/errors.ts';
import type { ReplyForm } from '../core/llm/reply-form.ts';

export class LlmOutputError extends HopscopeError {
  override readonly name: string = 'LlmOutputError';
  constructor(
    module: string,
    readonly reply: string,
    readonly reason: string,
  ) {
    super(module, `the model's reply could not be read: ${reason}`);
  }
}

/**
 * Replies longer than this are not parsed: no prompt asks for more, and a server that streams megabytes
 * must cost a bounded, interruptible amount of work, not hours of scanning. (The record keeps replies up
 * to MAX_RECORDED_REPLY whole, so a replay serves exactly what was read, refusal included.)
 */
export const MAX_PARSED_REPLY = 200_000;

/** Throws LlmOutputError when `reply` is over the parse cap. */
export function checkReplySize(module: string, reply: string): void {
  if (reply.length > MAX_PARSED_REPLY)
    throw new LlmOutputError(
      module,
      reply.slice(0, 2000),
      `the reply is ${reply.length} characters, over the ${MAX_PARSED_REPLY} read; not parsed`,
    );
}

/**
 * Every balanced {...} / [...] span of `text` that may be JSON, in order, found in ONE pass with a
 * bracket stack: a closing bracket that does not match the open one (or a raw line break inside a string)
 * clears the stack, since nothing open before it can be JSON. Top-level spans come with their direct
 * children, so "{see [1, 2]}" still offers "[1, 2]". Linear in the text: 1 MB of "[" is one pass, not
 * a scan per bracket. Quotes count only inside a span, so prose apostrophes and quotes never hide one.
 */
export function jsonSpans(text: string): { start: number; end: number }[] {
  const top: { start: number; end: number; children: { start: number; end: number }[] }[] = [];
  const stack: number[] = []; // positions of open brackets
  let children: { start: number; end: number }[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
      else if (c === 10 /* \n */) {
        inString = false;
        stack.length = 0;
        children = [];
      }
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      stack.push(i);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      const open = stack.length ? stack[stack.length - 1]! : -1;
      if (open < 0) continue;
      if (text.charCodeAt(open) !== (c === 125 ? 123 : 91)) {
        stack.length = 0; // a mismatch: nothing open can close validly
        children = [];
        continue;
      }
      stack.pop();
      if (stack.length === 0) {
        top.push({ start: open, end: i, children });
        children = [];
      } else if (stack.length === 1) children.push({ start: open, end: i });
    } else if (c === 34 && stack.length) inString = true;
  }
  const out: { start: number; end: number }[] = [];
  for (const t of top) out.push({ start: t.start, end: t.end }, ...t.children);
  return out;
}

/** The JSON values of `text`'s spans that parse, in order of position (a top-level span's children only when it does not parse). */
function jsonCandidates(text: string): { json: string; value: unknown; start: number; end: number }[] {
  const out: { json: string; value: unknown; start: number; end: number }[] = [];
  let parsedUpTo = -1; // the end of the last top-level span that parsed: its children are not offered
  for (const span of jsonSpans(text)) {
    if (span.end <= parsedUpTo) continue;
    const json = text.slice(span.start, span.end + 1);
    try {
      out.push({ json, value: JSON.parse(json) as unknown, start: span.start, end: span.end });
      parsedUpTo = span.end;
    } catch {
      // not JSON after all (e.g. "[1] see above"); its children may be
    }
  }
  return out;
}

/** How many JSON values, from the last, are checked against a prompt's schema. */
const MAX_TRIED = 64;

/** The last JSON object or array in `text` (anywhere: in any code fence, or inside prose). */
export function extractJson(text: string): string | undefined {
  if (text.length > MAX_PARSED_REPLY) return undefined;
  return jsonCandidates(text).at(-1)?.json;
}

/** Parse `reply` as JSON matching `schema`, or throw LlmOutputError naming the module. */
export function parseJsonReply<S extends z.ZodType>(module: string, reply: string, schema: S): z.infer<S> {
  return readJsonReply(module, reply, schema).value;
}

/** A parsed reply and the form it was read from (recorded on the trace's `llm` event). */
export interface Read<T> {
  value: T;
  form: ReplyForm;
}

// Reasoning models (DeepSeek-R1, Qwen3, QwQ) write their reasoning first, in <think> tags; some
// servers drop the opening tag, so a lone "</think>" also ends the reasoning. Linear: no backtracking
// regular expression runs over the reply.
const CLOSE = /<\/(?:think|thinking|reasoning)>/gi;
const OPEN = /^\s*<(think|thinking|reasoning)>/i;

/**
 * The reply after its think block, and whether there was one. `open` is true when a think block was
 * opened and never closed: the model has not answered yet (the body is then what follows the opening tag).
 */
export function withoutThink(reply: string): { body: string; think: boolean; open?: boolean } {
  let last = -1;
  for (const m of reply.matchAll(CLOSE)) last = m.index + m[0].length;
  if (last >= 0) return { body: reply.slice(last).replace(/^\s+/, ''), think: true };
  const opened = OPEN.exec(reply);
  if (opened) return { body: reply.slice(opened[0].length), think: true, open: true };
  return { body: reply, think: false };
}

/** Read a text-format reply (after any think block) with `read`, which throws LlmOutputError when the text does not fit. */
export function readTextReply<T>(reply: string, read: (body: string) => T, module: string): Read<T> {
  checkReplySize(module, reply);
  const { body, think, open } = withoutThink(reply);
  if (open) throw new LlmOutputError(module, reply, 'the think block is not closed: no answer yet');
  return { value: read(body), form: think ? 'think+text-format' : 'text-format' };
}

/** A prompt's two messages: the system text, then the user turn. */
export const chat = (system: string, user: string): ChatMessage[] => [
  { role: 'system', content: system },
  { role: 'user', content: user },
];

/** A prompt of one user turn. */
export const user = (content: string): ChatMessage[] => [{ role: 'user', content }];

/** A text-format prompt's `read` (the reply after any think block, and the form it was read from) and `parse`. */
export function textPrompt<T>(module: string, readBody: (body: string) => T) {
  const read = (reply: string): Read<T> => readTextReply(reply, readBody, module);
  return { read, parse: (reply: string): T => read(reply).value };
}

/**
 * Read `reply` as JSON matching `schema` (strict, fenced, inside prose, after a think block) or, when
 * no JSON fits and the prompt has one, in the paper prompt's own text format (`text` returns undefined
 * when the text does not fit either). Throws LlmOutputError naming the module when nothing fits.
 */
export function readJsonReply<S extends z.ZodType>(
  module: string,
  reply: string,
  schema: S,
  text?: (body: string) => unknown,
): Read<z.infer<S>> {
  checkReplySize(module, reply);
  const { body, think, open } = withoutThink(reply);
  // The last schema-valid value wins: a format example or a draft before the real answer never does.
  const candidates = jsonCandidates(body);
  let reason = 'no JSON object or array found';
  // At most MAX_TRIED from the end: a reply of 100,000 "[]" costs a bounded number of schema checks.
  for (let i = candidates.length - 1; i >= Math.max(0, candidates.length - MAX_TRIED); i--) {
    const c = candidates[i]!;
    // Inside an unclosed think block only a value that ends the reply is an answer; one with more
    // reasoning after it is a draft.
    if (open && !/^[\s`]*$/.test(body.slice(c.end + 1))) continue;
    const result = schema.safeParse(c.value);
    if (result.success) return { value: result.data, form: jsonForm(body, c.json, think) };
    if (i === candidates.length - 1) {
      const issue = result.error.issues[0];
      const path = issue?.path.length ? issue.path.join('.') : '(root)';
      reason = `${path}: ${issue?.message ?? 'does not match the expected shape'}`;
    }
  }
  // An unclosed think block is reasoning still under way: only a schema-valid value after it is an answer.
  if (open) throw new LlmOutputError(module, reply, 'the think block is not closed: no answer yet');
  if (text) {
    const candidate = text(body);
    if (candidate !== undefined) {
      const result = schema.safeParse(candidate);
      if (result.success) return { value: result.data, form: think ? 'think+text-format' : 'text-format' };
    }
    if (candidates.length === 0) reason = "no JSON object or array found, nor the prompt's text format";
  }
  throw new LlmOutputError(module, reply, reason);
}

function jsonForm(body: string, json: string, think: boolean): ReplyForm {
  if (think) return 'think+json';
  if (body.trim() === json) return 'json';
  return body.includes('```') ? 'fenced-json' : 'json-in-text';
}

/**
 * The text after a label ("Answer:", "**Reason**:") up to the next labelled line or the end, with
 * markdown bold and bullets tolerated; undefined when the label is absent. `labels` lists every label
 * of the format, so one field does not run into the next.
 */
export function labelled(body: string, label: string, labels: readonly string[]): string | undefined {
  const head = (name: string) => `^[ \\t>*#-]*(?:\\*\\*)?${name.replace(/ /g, '[ _-]?')}(?:\\*\\*)?[ \\t]*:[ \\t*]*`;
  const m = new RegExp(head(label), 'im').exec(body);
  if (!m) return undefined;
  const rest = body.slice(m.index + m[0].length);
  const next = new RegExp(labels.map((l) => `(?:${head(l)})`).join('|'), 'im').exec(rest);
  return (next ? rest.slice(0, next.index) : rest).replace(/\*\*/g, '').trim();
}

/** The first non-empty line, markdown bold dropped. */
export function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim()) ?? '').replace(/\*\*/g, '').trim();
}

// "Answer:" or "So the answer is:" (markdown bold tolerated), anywhere in a line.
const ANSWER_MARKERS = /(?:\bso the answer is|\banswer)(?:\*\*)?[ \t]*[:：][ \t*]*/gi;

/**
 * A prose reply's answer: the text after the LAST answer marker ("Answer:", "So the answer is:") to the
 * end of its line, else the reply's first line (HippoRAG 2's QA reading: after "Answer:", otherwise the
 * whole reply); markdown bold and a final period dropped. Undefined only for an empty reply.
 */
export function proseAnswer(body: string): string | undefined {
  let after = -1;
  for (const m of body.matchAll(ANSWER_MARKERS)) after = m.index + m[0].length;
  const line = after >= 0 ? firstLine(body.slice(after)) : firstLine(body);
  const answer = line
    .replace(/\*\*/g, '')
    .replace(/[.。]\s*$/, '')
    .trim();
  return answer === '' ? undefined : answer;
}

// Parse an LLM reply into a schema: tolerate code fences and prose around the JSON, never eval,
// never return a silent empty result. Failures raise LlmOutputError, which traces record.
import type { z } from 'zod';
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

/** The first balanced JSON object or array in `text`, skipping code fences and surrounding prose. */
export function extractJson(text: string): string | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = fenced?.[1] ?? text;
  for (let start = 0; start < body.length; start++) {
    const open = body[start];
    if (open !== '{' && open !== '[') continue;
    const end = matchingBracket(body, start);
    if (end < 0) continue;
    const candidate = body.slice(start, end + 1);
    try {
      JSON.parse(candidate);
      return candidate;
    } catch {
      // not JSON after all (e.g. "[1] see above"); keep scanning
    }
  }
  return undefined;
}

function matchingBracket(s: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') stack.push('}');
    else if (c === '[') stack.push(']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
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
// servers drop the opening tag, so a lone "</think>" also ends the reasoning.
const THINK = /^\s*<(think|thinking|reasoning)>[\s\S]*?<\/\1>\s*/i;
const LONE_CLOSE = /^[\s\S]*?<\/(?:think|thinking|reasoning)>\s*/i;

/** The reply without a leading think block, and whether there was one. */
export function withoutThink(reply: string): { body: string; think: boolean } {
  const m = THINK.exec(reply) ?? LONE_CLOSE.exec(reply);
  return m ? { body: reply.slice(m[0].length), think: true } : { body: reply, think: false };
}

/** Read a text-format reply (after any think block) with `read`, which throws LlmOutputError when the text does not fit. */
export function readTextReply<T>(reply: string, read: (body: string) => T): Read<T> {
  const { body, think } = withoutThink(reply);
  return { value: read(body), form: think ? 'think+text-format' : 'text-format' };
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
  const { body, think } = withoutThink(reply);
  const json = extractJson(body);
  let reason = 'no JSON object or array found';
  if (json !== undefined) {
    const result = schema.safeParse(JSON.parse(json));
    if (result.success) return { value: result.data, form: jsonForm(body, json, think) };
    const issue = result.error.issues[0];
    const path = issue?.path.length ? issue.path.join('.') : '(root)';
    reason = `${path}: ${issue?.message ?? 'does not match the expected shape'}`;
  }
  if (text) {
    const candidate = text(body);
    if (candidate !== undefined) {
      const result = schema.safeParse(candidate);
      if (result.success) return { value: result.data, form: think ? 'think+text-format' : 'text-format' };
    }
    if (json === undefined) reason = "no JSON object or array found, nor the prompt's text format";
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
  const head = (name: string) => `^[\\s>*#-]*(?:\\*\\*)?${name.replace(/ /g, '[ _-]?')}(?:\\*\\*)?[ \\t]*:[ \\t*]*`;
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

// Parse an LLM reply into a schema: tolerate code fences and prose around the JSON, never eval,
// never return a silent empty result. Failures raise LlmOutputError, which traces record.
import type { z } from 'zod';
import { HopscopeError } from '../core/errors.ts';

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
  const json = extractJson(reply);
  if (json === undefined) throw new LlmOutputError(module, reply, 'no JSON object or array found');
  const result = schema.safeParse(JSON.parse(json));
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path.length ? issue.path.join('.') : '(root)';
    throw new LlmOutputError(module, reply, `${path}: ${issue?.message ?? 'does not match the expected shape'}`);
  }
  return result.data;
}

// openai-node errors -> our typed LLM errors (checked with instanceof, as in openai-node's
// examples/errors.ts). Nothing from the request's credentials is copied: details go through `redact`.
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import {
  LlmAbortedError,
  LlmAuthError,
  LlmContextLengthError,
  LlmModelNotFoundError,
  LlmRateLimitError,
  LlmRequestError,
  LlmServerError,
  LlmTimeoutError,
  LlmUnreachableError,
} from '../../core/llm/errors.ts';

export interface ErrorContext {
  server: string;
  model: string;
  module: string;
  timeoutMs: number;
  redact: (text: string) => string;
}

// OpenAI: code context_length_exceeded; vLLM: "maximum context length"; llama.cpp server:
// exceed_context_size_error / "exceeds the available context size"; LM Studio: "context length".
const CONTEXT_LENGTH = /context[_ ]length|context[_ ]size|context window|maximum context|too many tokens/i;

/** Wait the server asked for: `retry-after-ms` (OpenAI), else `retry-after` in seconds or as an HTTP date. */
function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers?.get('retry-after');
  if (!after) return undefined;
  if (Number.isFinite(Number(after))) return Math.max(0, Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function mapOpenAiError(e: unknown, c: ErrorContext): unknown {
  if (e instanceof APIUserAbortError) return new LlmAbortedError(c.module);
  if (e instanceof APIConnectionTimeoutError) return new LlmTimeoutError(c.server, c.timeoutMs);
  if (e instanceof APIConnectionError) return new LlmUnreachableError(c.server, c.redact(causeText(e)));
  if (!(e instanceof APIError)) return e;
  const detail = c.redact(e.message);
  const code = typeof e.code === 'string' ? e.code : '';
  if (e instanceof AuthenticationError || e instanceof PermissionDeniedError)
    return new LlmAuthError(c.server, e.status);
  if (e instanceof RateLimitError) return new LlmRateLimitError(c.server, retryAfterMs(e.headers));
  if (e instanceof NotFoundError) {
    if (code === 'model_not_found' || /model/i.test(e.message)) return new LlmModelNotFoundError(c.server, c.model);
    return new LlmRequestError(c.server, 404, `no such endpoint (is the base URL right?): ${detail}`);
  }
  const status = e.status;
  if (status !== undefined && status >= 500)
    return new LlmServerError(c.server, status, detail, retryAfterMs(e.headers));
  if (CONTEXT_LENGTH.test(code) || CONTEXT_LENGTH.test(e.message) || code === 'exceed_context_size_error') {
    return new LlmContextLengthError(c.server, detail);
  }
  if (status === undefined) return new LlmServerError(c.server, 0, `error inside the response stream: ${detail}`);
  return new LlmRequestError(c.server, status, detail);
}

function causeText(e: APIConnectionError): string {
  const cause = (e as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? `: ${cause.message}` : '';
  return `${e.message}${inner}`;
}

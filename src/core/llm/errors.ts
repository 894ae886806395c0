// Typed LLM failures. Each carries a `userMessage`: one sentence a person can act on, shown by the
// UI and the CLI. Messages name the server (base URL) but never the API key. Each class states its
// `name` explicitly: minified builds rename classes, and the UI and traces read `name`.
import { AbortedError, HopscopeError } from '../errors.ts';

export abstract class LlmError extends HopscopeError {
  override readonly name: string = 'LlmError';
  abstract readonly userMessage: string;
  /** Worth retrying (429, 5xx, network); the retry layer reads this. */
  readonly retryable: boolean = false;
}

export class LlmAuthError extends LlmError {
  override readonly name = 'LlmAuthError';
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly status: number,
  ) {
    super('llm', `${server} rejected the API key (${status})`);
    this.userMessage = `The server at ${server} rejected the API key (${status}). Check the key in Settings.`;
  }
}

export class LlmModelNotFoundError extends LlmError {
  override readonly name = 'LlmModelNotFoundError';
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly model: string,
  ) {
    super('llm', `${server} has no model "${model}" (404)`);
    this.userMessage = `The server at ${server} has no model named "${model}". Use "Test connection" in Settings to list its models.`;
  }
}

export class LlmRateLimitError extends LlmError {
  override readonly name = 'LlmRateLimitError';
  override readonly retryable = true;
  readonly userMessage: string;
  constructor(
    readonly server: string,
    /** Server-requested wait (retry-after / retry-after-ms), if any. */
    readonly retryAfterMs: number | undefined,
    readonly attempts = 1,
  ) {
    super('llm', `${server} is rate limiting requests (429) after ${attempts} attempt(s)`);
    this.userMessage = `The server at ${server} is rate limiting requests (429), still after ${attempts} attempt(s). Lower the concurrency or wait a moment.`;
  }
}

export class LlmServerError extends LlmError {
  override readonly name = 'LlmServerError';
  override readonly retryable = true;
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly status: number,
    readonly detail: string,
    readonly retryAfterMs: number | undefined = undefined,
    readonly attempts = 1,
  ) {
    super('llm', `${server} failed with ${status} after ${attempts} attempt(s): ${detail}`);
    this.userMessage = `The server at ${server} failed with an internal error (${status}), still after ${attempts} attempt(s).`;
  }
}

/** A 4xx other than 401/403/404/429: the request itself was refused. */
export class LlmRequestError extends LlmError {
  override readonly name = 'LlmRequestError';
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super('llm', `${server} refused the request (${status}): ${detail}`);
    this.userMessage = `The server at ${server} refused the request (${status}): ${detail}`;
  }
}

export class LlmContextLengthError extends LlmError {
  override readonly name = 'LlmContextLengthError';
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly detail: string,
  ) {
    super('llm', `${server}: the prompt is longer than the model's context window: ${detail}`);
    this.userMessage = `The prompt is longer than the model's context window at ${server}. Retrieve fewer passages or pick a model with a longer context.`;
  }
}

export class LlmTimeoutError extends LlmError {
  override readonly name = 'LlmTimeoutError';
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly timeoutMs: number,
  ) {
    super('llm', `${server} did not answer within ${timeoutMs} ms`);
    this.userMessage = `The server at ${server} did not answer within ${(timeoutMs / 1000).toFixed(1)} s. Raise the timeout in Settings or check that the server is not overloaded.`;
  }
}

export class LlmUnreachableError extends LlmError {
  override readonly name = 'LlmUnreachableError';
  override readonly retryable = true;
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly detail: string,
    readonly attempts = 1,
  ) {
    super('llm', `cannot reach ${server} after ${attempts} attempt(s): ${detail}`);
    this.userMessage = `Cannot reach the server at ${server}. Check that it is running and that the base URL is right (and, in the browser, that it allows this page's origin via CORS).`;
  }
}

/** An AbortedError (so run-level abort handling catches it) that also says so in plain words. */
export class LlmAbortedError extends AbortedError {
  override readonly name = 'LlmAbortedError';
  readonly userMessage = 'The run was stopped before the model answered.';
}

/** A stream ended without its final chunk (finish_reason / [DONE]): the reply is incomplete. */
export class LlmTruncatedStreamError extends LlmError {
  override readonly name = 'LlmTruncatedStreamError';
  override readonly retryable = true;
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly partial: string,
  ) {
    super('llm', `${server}: the streamed reply ended early after ${partial.length} characters`);
    this.userMessage = `The server at ${server} cut the streamed reply off before it finished.`;
  }
}

/**
 * The model stopped at its token limit (finish_reason "length"): the reply is cut off, so it is not
 * read as an unreadable reply but named for what it is, with the setting that raises the limit.
 */
export class LlmTokenLimitError extends LlmError {
  override readonly name = 'LlmTokenLimitError';
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly requestModule: string,
    /** The max_tokens sent; undefined when the server's own default applied. */
    readonly maxTokens: number | undefined,
    readonly partial: string,
  ) {
    const limit = maxTokens === undefined ? "the server's default max_tokens" : `max_tokens = ${maxTokens}`;
    super(
      requestModule,
      `the reply was cut off at ${limit} (finish_reason "length", ${partial.length} characters) by ${server}: raise max_tokens (--max-tokens N in the CLI, "Max tokens" in Settings)`,
    );
    this.userMessage = `The model's reply to "${requestModule}" hit its token limit (${limit}) and was cut off. Raise max_tokens: --max-tokens N in the CLI, "Max tokens" in Settings.`;
  }
}

/** The provider cannot be set up (missing model files, bad configuration). */
export class LlmConfigError extends LlmError {
  override readonly name = 'LlmConfigError';
  constructor(
    module: string,
    message: string,
    readonly userMessage: string,
  ) {
    super(module, message);
  }
}

/** Replay: the trace holds no reply for this request. */
export class LlmReplayMissError extends LlmError {
  override readonly name = 'LlmReplayMissError';
  readonly userMessage: string;
  constructor(
    readonly requestModule: string,
    readonly traceId: string,
  ) {
    super('llm.replay', `trace ${traceId} has no recorded reply for a "${requestModule}" call with these messages`);
    this.userMessage = `The recorded trace has no reply for this "${requestModule}" call, so it cannot be replayed without a model.`;
  }
}

/** The same failure, re-stated with the number of attempts the retry layer made. */
export function withAttempts(e: unknown, attempts: number): unknown {
  if (e instanceof LlmRateLimitError) return new LlmRateLimitError(e.server, e.retryAfterMs, attempts);
  if (e instanceof LlmServerError) return new LlmServerError(e.server, e.status, e.detail, e.retryAfterMs, attempts);
  if (e instanceof LlmUnreachableError) return new LlmUnreachableError(e.server, e.detail, attempts);
  return e;
}

/** A 200 reply that is not a chat completion (truncated JSON, `choices` missing or of the wrong shape). */
export class LlmMalformedReplyError extends LlmError {
  override readonly name = 'LlmMalformedReplyError';
  override readonly retryable = true;
  readonly userMessage: string;
  constructor(
    readonly server: string,
    readonly detail: string,
  ) {
    super('llm', `${server} answered 200 with a body that is not a chat completion: ${detail}`);
    this.userMessage = `The server at ${server} sent a reply that is not a chat completion (${detail}).`;
  }
}

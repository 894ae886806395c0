// Retries on 429, 5xx and network failures only, with exponential backoff and full jitter,
// honouring the server's retry-after. Done here (the openai client runs with maxRetries: 0) so the
// behaviour is visible (onRetry) and testable.
import { sleep } from './abortable.ts';
import { LlmError, LlmRateLimitError, LlmServerError, withAttempts } from './errors.ts';
import type { LlmPort, LlmRequest, LlmResponse } from './port.ts';

export interface RetryOptions {
  /** Extra attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** [0, 1): injectable for tests. */
  random: () => number;
  onRetry?: (info: { module: string; attempt: number; delayMs: number; error: unknown }) => void;
}

const RETRY_DEFAULTS: RetryOptions = { retries: 3, baseDelayMs: 500, maxDelayMs: 20_000, random: Math.random };

/** Delay before retry number `attempt` (1-based): the server's wish if given, else base * 2^(attempt-1) with jitter in [50%, 100%]. */
export function retryDelayMs(
  attempt: number,
  error: unknown,
  o: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  const asked = error instanceof LlmRateLimitError || error instanceof LlmServerError ? error.retryAfterMs : undefined;
  if (asked !== undefined) return Math.min(asked, o.maxDelayMs);
  const exp = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exp * (0.5 + 0.5 * o.random()));
}

export function withRetry(port: LlmPort, options: Partial<RetryOptions> = {}): LlmPort {
  const o = { ...RETRY_DEFAULTS, ...options };
  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await port.complete(request, signal);
        } catch (e) {
          if (!(e instanceof LlmError && e.retryable) || signal?.aborted) throw e;
          if (attempt > o.retries) throw withAttempts(e, attempt);
          const delayMs = retryDelayMs(attempt, e, o);
          o.onRetry?.({ module: request.module, attempt, delayMs, error: e });
          await sleep(delayMs, signal, request.module);
        }
      }
    },
  };
}

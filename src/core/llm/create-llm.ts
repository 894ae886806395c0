// One composition point: cache (outermost: hits take no slot and make no call) -> concurrency limit
// -> retry -> per-attempt timeout -> provider. Tokens are counted from the trace's llm events
// (costsOf in src/core/trace/fold.ts), not here.
import { HopscopeError, throwIfAborted } from '../errors.ts';
import {
  LlmAbortedError,
  LlmError,
  LlmRateLimitError,
  LlmServerError,
  LlmTimeoutError,
  withAttempts,
} from './errors.ts';
import { cacheKey, type CacheIdentity } from './hash.ts';
import type { LlmCacheStore, LlmPort, LlmRequest, LlmResponse, StructuredMode } from './port.ts';
import type { LlmProvider } from './provider.ts';
import { MAX_RECORDED_REPLY } from './reply-cap.ts';
import { sha256HexSync } from './sha256.ts';

export interface CreateLlmOptions {
  provider: LlmProvider;
  cache?: { store: LlmCacheStore; corpusId?: string; accept?: (module: string, text: string) => boolean };
  /** Calls in flight at once; default 4. */
  concurrency?: number;
  /** Retries after the first attempt on 429/5xx/network; default 3. */
  retries?: number;
  retry?: Partial<Omit<RetryOptions, 'retries'>>;
  /** Per-attempt timeout; default 60 s. */
  timeoutMs?: number;
}

export function createLlm(o: CreateLlmOptions): LlmPort {
  let port: LlmPort = withTimeout(o.provider, o.timeoutMs ?? 60_000, o.provider.server);
  port = withRetry(port, { ...o.retry, retries: o.retries ?? 3 });
  port = withConcurrencyLimit(port, o.concurrency ?? 4);
  if (o.cache) {
    port = withCache(port, o.cache.store, {
      providerId: o.provider.id,
      model: o.provider.model,
      ...(o.provider.target !== undefined ? { target: o.provider.target } : {}),
      ...(o.provider.knownStructuredMode ? { structuredNow: () => o.provider.knownStructuredMode?.() } : {}),
      ...(o.cache.corpusId !== undefined ? { corpusId: o.cache.corpusId } : {}),
      ...(o.cache.accept ? { accept: o.cache.accept } : {}),
    });
  }
  // Two deployments that differ only in the base URL's query share a label, never an identity.
  const target = o.provider.target;
  const identity = target
    ? `${o.provider.label} target=sha256:${sha256HexSync(target).slice(0, 16)}`
    : o.provider.label;
  return { ...port, identity };
}

// Cache in front of any provider: a hit returns the stored reply with `cached: true` and makes no
// model call, so rerunning a batch costs nothing and gives identical results.
// What is cached: only replies the caller's `accept` check passes (hosts pass replyParses from
// src/prompts/reply-check.ts: the reply parses with its module's prompt parser). A reply that was
// prose where JSON was due, empty, or otherwise unusable is returned (the run records the failure)
// but never stored, so a rerun after fixing the server asks again instead of failing the same way.
export interface CacheOptions extends CacheIdentity {
  /** Entries written under this corpus can be cleared with it. */
  corpusId?: string;
  /** Store a reply only when this returns true (default: a non-empty reply). */
  accept?: (module: string, text: string) => boolean;
  /**
   * The provider's structured-output mode when known (configured or detected). A JSON reply stored under
   * another mode is a miss: the detected mode is part of what was sent.
   */
  structuredNow?: () => StructuredMode | undefined;
}

const nonEmpty = (_module: string, text: string) => text.trim() !== '';

export function withCache(port: LlmPort, store: LlmCacheStore, options: CacheOptions): LlmPort {
  const scope = options.corpusId !== undefined ? { corpusId: options.corpusId } : undefined;
  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      throwIfAborted(signal, request.module);
      const started = performance.now();
      const key = await cacheKey(options, request);
      const found = await store.get(key);
      const now = request.json ? options.structuredNow?.() : undefined;
      const hit =
        found && (now === undefined || found.structured === undefined || found.structured === now) ? found : undefined;
      if (hit) {
        // Streaming callers still see the text, all at once.
        request.onToken?.(hit.text);
        return {
          text: hit.text,
          usage: hit.usage,
          cached: true,
          latencyMs: performance.now() - started,
          provider: hit.provider,
          model: hit.model,
        };
      }
      const response = await port.complete(request, signal);
      if (!(options.accept ?? nonEmpty)(request.module, response.text)) return response;
      // A huge reply is not cached whole (nor cut: a cut reply would replay as another answer).
      if (response.text.length > MAX_RECORDED_REPLY) return response;
      await store.put(
        key,
        {
          text: response.text,
          usage: response.usage,
          provider: response.provider,
          model: response.model,
          createdAt: new Date().toISOString(),
          ...(response.structured ? { structured: response.structured } : {}),
        },
        scope,
      );
      return response;
    },
  };
}

// At most `limit` calls in flight; the rest wait in FIFO order. A caller that aborts while
// waiting leaves the queue at once.
export function withConcurrencyLimit(port: LlmPort, limit: number): LlmPort {
  if (!Number.isInteger(limit) || limit < 1)
    throw new HopscopeError('llm', `concurrency must be a positive integer, got ${limit}`);
  let active = 0;
  const waiting: Array<() => void> = [];

  const acquire = (module: string, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new LlmAbortedError(module));
      if (active < limit) {
        active++;
        return resolve();
      }
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        active++;
        resolve();
      };
      const onAbort = () => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        reject(new LlmAbortedError(module));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(go);
    });

  const release = () => {
    active--;
    waiting.shift()?.();
  };

  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      await acquire(request.module, signal);
      try {
        return await port.complete(request, signal);
      } finally {
        release();
      }
    },
  };
}

// Retries on 429, 5xx and network failures only, with exponential backoff and full jitter,
// honouring the server's retry-after. Done here (the openai client runs with maxRetries: 0) so the
// behaviour is visible (onRetry) and testable.
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

// Per-call timeout: the inner call gets its own signal, aborted when the time is up or when the
// caller aborts; a timeout surfaces as LlmTimeoutError, a caller abort as LlmAbortedError.
export function withTimeout(port: LlmPort, timeoutMs: number, server: string): LlmPort {
  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      if (signal?.aborted) throw new LlmAbortedError(request.module);
      const inner = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        inner.abort();
      }, timeoutMs);
      const onAbort = () => inner.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await abortable(port.complete(request, inner.signal), inner.signal, request.module);
      } catch (e) {
        if (timedOut && !signal?.aborted) throw new LlmTimeoutError(server, timeoutMs);
        if (signal?.aborted) throw new LlmAbortedError(request.module);
        throw e;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

// Race a promise against an AbortSignal so an abort stops the caller at once, even if the work
// underneath (a fetch, a model) takes a moment to notice.
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined, module: string): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new LlmAbortedError(module));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new LlmAbortedError(module));
    signal.addEventListener('abort', onAbort, { once: true });
    work
      .then(resolve, (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))))
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** setTimeout as a promise that rejects with LlmAbortedError when the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, module: string): Promise<void> {
  return abortable(
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
    signal,
    module,
  );
}

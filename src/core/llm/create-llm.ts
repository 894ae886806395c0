// One composition point: cache (outermost: hits take no slot and make no call) -> concurrency limit
// -> retry -> per-attempt timeout -> provider. Tokens are counted from the trace's llm events
// (costByModule in src/core/trace/fold.ts), not here.
import type { LlmCacheStore, LlmPort } from './port.ts';
import { sha256HexSync } from './sha256.ts';
import type { LlmProvider } from './provider.ts';
import { withCache } from './with-cache.ts';
import { withConcurrencyLimit } from './with-concurrency.ts';
import { withRetry, type RetryOptions } from './with-retry.ts';
import { withTimeout } from './with-timeout.ts';

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

const LLM_DEFAULTS = { concurrency: 4, retries: 3, timeoutMs: 60_000 };

export function createLlm(o: CreateLlmOptions): LlmPort {
  let port: LlmPort = withTimeout(o.provider, o.timeoutMs ?? LLM_DEFAULTS.timeoutMs, o.provider.server);
  port = withRetry(port, { ...o.retry, retries: o.retries ?? LLM_DEFAULTS.retries });
  port = withConcurrencyLimit(port, o.concurrency ?? LLM_DEFAULTS.concurrency);
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
  const composed = port;
  return { label: composed.label, identity, complete: (request, signal) => composed.complete(request, signal) };
}

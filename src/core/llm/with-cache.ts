// Cache in front of any provider: a hit returns the stored reply with `cached: true` and makes no
// model call, so rerunning a batch costs nothing and gives identical results.
// What is cached: only replies the caller's `accept` check passes (hosts pass replyParses from
// src/prompts/reply-check.ts: the reply parses with its module's prompt parser). A reply that was
// prose where JSON was due, empty, or otherwise unusable is returned (the run records the failure)
// but never stored, so a rerun after fixing the server asks again instead of failing the same way.
import { throwIfAborted } from '../errors.ts';
import { cacheKey, type CacheIdentity } from './hash.ts';
import { MAX_RECORDED_REPLY } from './reply-cap.ts';
import type { LlmCacheStore, LlmPort, LlmRequest, LlmResponse, StructuredMode } from './port.ts';

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

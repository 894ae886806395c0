// Cache key = SHA-256 of provider + the full request target + model + messages + parameters. WebCrypto's
// `crypto.subtle` exists in the page, in workers and in Node >= 20, so one implementation serves all.
import { HopscopeError } from '../errors.ts';
import type { LlmRequest } from './port.ts';

export interface CacheIdentity {
  /** Provider kind plus server, e.g. "openai-compatible http://127.0.0.1:1234/v1" (never the key). */
  providerId: string;
  model: string;
  /**
   * The full request target (base URL with its whole path and query, src/core/llm/base-url.ts
   * requestTarget): two deployments that differ only in a query parameter or a path segment the label
   * hides never share an entry. Only ever hashed here.
   */
  target?: string;
}

/** The request fields that change the reply; `module` and callbacks do not. Fixed key order. */
export function cacheKeyMaterial(id: CacheIdentity, request: LlmRequest): string {
  return JSON.stringify([
    'hopscope-llm-cache/2',
    id.providerId,
    id.target ?? null,
    id.model,
    request.messages.map((m) => [m.role, m.content]),
    request.json ?? false,
    request.maxTokens ?? null,
    request.temperature ?? null,
    request.stop ?? null,
  ]);
}

export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new HopscopeError('llm.cache', 'WebCrypto (crypto.subtle) is unavailable: cannot hash cache keys');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const cacheKey = (id: CacheIdentity, request: LlmRequest): Promise<string> =>
  sha256Hex(cacheKeyMaterial(id, request));

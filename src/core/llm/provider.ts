// What a concrete provider adds to LlmPort: identity for the cache key and a server name for
// error messages (never the API key).
import type { LlmPort, StructuredMode } from './port.ts';

export interface LlmProvider extends LlmPort {
  /** Provider kind plus server, e.g. "openai-compatible http://127.0.0.1:1234/v1"; part of the cache key. */
  readonly id: string;
  readonly model: string;
  /** Where calls go, for messages: a base URL, "this browser", "trace <id>". */
  readonly server: string;
  /** Everything a call is sent to (the base URL's whole path and query): hashed into cache keys, never shown. */
  readonly target?: string;
  /** The structured-output mode already known (configured or detected), without a call; undefined before detection. */
  knownStructuredMode?(): StructuredMode | undefined;
}

// The one port every LLM-driven module calls (DESIGN: LLM.complete). Providers live in src/providers/llm.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  /** Who is calling, e.g. "bdtr.fast-thought", "bdtr.verifier", "openie.triples", "answer". */
  module: string;
  messages: ChatMessage[];
  /** Ask the server for a JSON object (JSON mode where supported); callers still validate. */
  json?: boolean;
  maxTokens?: number;
  temperature?: number;
  stop?: string[];
  /** Streaming: called with each piece of text as it arrives (a cache hit delivers the whole text once). Not part of the cache key. */
  onToken?: (text: string) => void;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
  total: number;
  /** Reasoning models: completion tokens spent reasoning (usage.completion_tokens_details.reasoning_tokens). */
  reasoning?: number;
}

export interface LlmResponse {
  text: string;
  usage: TokenUsage;
  /** True when served from the cache: no model call was made. */
  cached: boolean;
  latencyMs: number;
  /** Provider label as shown to the user, e.g. "openai-compatible gpt-4o-mini", "offline thinker (no LLM)". */
  provider: string;
  model: string;
  /** How the reply's format was constrained on the wire (OpenAI-compatible servers): json_schema, json_object or none. */
  structured?: StructuredMode;
}

export type StructuredMode = 'json_schema' | 'json_object' | 'none';

export interface LlmPort {
  /** Human-readable label; the offline stand-in says "offline thinker (no LLM)". */
  readonly label: string;
  /**
   * Everything that was sent, for keys (stored backbones, built-backbone caches): the label plus a hash of
   * the full request target (the base URL's whole path and query, which the label hides). Absent: the label.
   */
  readonly identity?: string;
  complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse>;
}

export const ZERO_USAGE: TokenUsage = { prompt: 0, completion: 0, total: 0 };

/**
 * A stored reply, keyed by a hash of provider + model + messages + parameters. `structured` is how its format
 * was constrained when it was made: a JSON reply is not served under another mode.
 */
export type CachedReply = Pick<LlmResponse, 'text' | 'usage' | 'provider' | 'model' | 'structured'> & {
  createdAt: string;
};

/** Where cached replies live: IndexedDB in the browser, a file in Node, memory in tests. */
export interface LlmCacheStore {
  get(key: string): Promise<CachedReply | undefined>;
  put(key: string, reply: CachedReply, scope?: { corpusId?: string }): Promise<void>;
  /** Clear one corpus's entries, or everything when no corpus is given. */
  clear(scope?: { corpusId?: string }): Promise<void>;
}

// The one port every LLM-driven module calls (DESIGN: LLM.complete). Providers live in src/providers/llm.

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
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
}

export interface TokenUsage {
  prompt: number;
  completion: number;
  total: number;
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
}

export interface LlmPort {
  /** Human-readable label; the offline stand-in says "offline thinker (no LLM)". */
  readonly label: string;
  complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse>;
}

export const ZERO_USAGE: TokenUsage = { prompt: 0, completion: 0, total: 0 };

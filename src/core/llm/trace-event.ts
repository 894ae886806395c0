// The `llm` trace event for one call (src/core/trace/schema.ts). Prompts and replies only: the
// request carries no credentials, so nothing secret can reach a trace through here.
import type { TraceEvent } from '../trace/schema.ts';
import type { LlmRequest, LlmResponse } from './port.ts';

export function llmEvent(request: LlmRequest, response: LlmResponse, at: { t: number; round: number }): Extract<TraceEvent, { type: 'llm' }> {
  return {
    type: 'llm',
    t: at.t,
    round: at.round,
    module: request.module,
    prompt: request.messages.map((m) => ({ role: m.role, content: m.content })),
    response: response.text,
    usage: { ...response.usage },
    cached: response.cached,
    latencyMs: response.latencyMs,
    provider: response.provider,
    model: response.model,
  };
}

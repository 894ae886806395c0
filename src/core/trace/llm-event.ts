// The `llm` trace event for one call (src/core/trace/schema.ts). Prompts and replies only: the
// request carries no credentials, so nothing secret can reach a trace through here.
import type { TraceEvent } from './schema.ts';
import type { LlmRequest, LlmResponse } from '../llm/port.ts';
import { cutLength, recordedReply } from '../llm/reply-cap.ts';
import type { ReplyForm } from '../llm/reply-form.ts';

export function llmEvent(
  request: LlmRequest,
  response: LlmResponse,
  at: { t: number; round: number },
  replyForm?: ReplyForm,
): Extract<TraceEvent, { type: 'llm' }> {
  return {
    type: 'llm',
    t: at.t,
    round: at.round,
    module: request.module,
    prompt: request.messages.map((m) => ({ role: m.role, content: m.content })),
    response: recordedReply(response.text),
    ...cutLength(response.text),
    usage: { ...response.usage },
    cached: response.cached,
    latencyMs: response.latencyMs,
    provider: response.provider,
    model: response.model,
    ...(replyForm !== undefined ? { replyForm } : {}),
    ...(response.structured !== undefined ? { structured: response.structured } : {}),
  };
}

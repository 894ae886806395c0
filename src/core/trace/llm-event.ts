// The `llm` trace event for one call (src/core/trace/schema.ts). Prompts and replies only: the
// request carries no credentials, so nothing secret can reach a trace through here.
import type { TraceEvent } from './schema.ts';
import type { LlmPort, LlmRequest, LlmResponse } from '../llm/port.ts';
import { cutLength, recordedReply } from '../llm/reply-cap.ts';
import type { ReplyForm, ReplyFormReader } from '../llm/reply-form.ts';

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

/** The `error` trace event for a failed call: the typed error's message (never credentials). */
export function llmErrorEvent(
  module: string,
  error: unknown,
  at: { t: number; round: number },
): Extract<TraceEvent, { type: 'error' }> {
  return {
    type: 'error',
    t: at.t,
    round: at.round,
    module,
    message: error instanceof Error ? error.message : String(error),
  };
}

/**
 * Record every call in the run's trace as it completes: an `llm` event on success, an `error`
 * event on failure (including an abort), then rethrow. Events already emitted stay, so an aborted
 * run keeps its partial trace.
 */
export function withTrace(
  port: LlmPort,
  emit: (event: TraceEvent) => void,
  at: () => { t: number; round: number },
  replyForm?: ReplyFormReader,
): LlmPort {
  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      let response: LlmResponse;
      try {
        response = await port.complete(request, signal);
      } catch (e) {
        emit(llmErrorEvent(request.module, e, at()));
        throw e;
      }
      emit(llmEvent(request, response, at(), replyForm?.(request.module, response.text)));
      return response;
    },
  };
}

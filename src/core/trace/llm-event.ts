// The `llm` trace event for one call (src/core/trace/schema.ts). Prompts and replies only: the
// request carries no credentials, so nothing secret can reach a trace through here.
import type { TraceEvent } from './schema.ts';
import type { LlmPort, LlmRequest, LlmResponse } from '../llm/port.ts';
import { cutLength, recordedReply } from '../llm/reply-cap.ts';
import { LlmAbortedError } from '../llm/errors.ts';
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

/** Replies longer than this yield to the event loop before they are read. */
const LONG_REPLY = 20_000;

/**
 * Record every call in the run's trace as it completes: an `llm` event on success, an `error`
 * event (the typed error's message, never credentials) on failure, including an abort, then rethrow.
 * Events already emitted stay, so an aborted run keeps its partial trace.
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
        const message = e instanceof Error ? e.message : String(e);
        emit({ type: 'error', ...at(), module: request.module, message });
        throw e;
      }
      // A long reply is read (its form here, its value by the strategy) after one turn of the event loop,
      // so an interrupt that came in with it (Ctrl-C, a cancelled run) is heard first: the reply is
      // recorded and the call ends as aborted.
      if (response.text.length > LONG_REPLY) {
        await new Promise<void>((resolve) => setTimeout(resolve, 0));
        if (signal?.aborted) {
          emit(llmEvent(request, response, at(), undefined));
          throw new LlmAbortedError(request.module);
        }
      }
      emit(llmEvent(request, response, at(), replyForm?.(request.module, response.text)));
      return response;
    },
  };
}

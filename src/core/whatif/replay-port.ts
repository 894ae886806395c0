// The LLM port of a what-if branch: the parent's recorded replies, in order, for every call before the
// branch step (no model call), then the live port. A call whose module or prompt differs from the
// recording ends the replay early (the run has diverged), so a reply is never served to another prompt.
import { ZERO_USAGE, type ChatMessage, type LlmPort, type LlmRequest, type LlmResponse } from '../llm/port.ts';
import type { Trace, TraceEventOf } from '../trace/schema.ts';
import type { Intervention } from './intervention.ts';

export interface ReplayPrefixPort extends LlmPort {
  /** Calls served from the parent's recording. */
  replayed(): number;
}

/** A replacement reply for the parent's n-th call (0-based), e.g. another verifier selection. */
export type ReplyOverride = Pick<Extract<Intervention, { kind: 'reply' }>, 'call' | 'text'>;

const samePrompt = (a: readonly ChatMessage[], b: readonly { role: string; content: string }[]): boolean =>
  a.length === b.length && a.every((m, i) => m.role === b[i]!.role && m.content === b[i]!.content);

export function replayPrefix(parent: Trace, limit: number, live: LlmPort, override?: ReplyOverride): ReplayPrefixPort {
  const recorded = parent.events.filter((e): e is TraceEventOf<'llm'> => e.type === 'llm');
  let next = 0;
  let diverged = false;
  let replayed = 0;
  return {
    label: live.label,
    replayed: () => replayed,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      const i = next++;
      const event = recorded[i];
      const matches = !diverged && event !== undefined && event.module === request.module;
      // A reply the record cut (replyLength) is not what the run read: the replay ends there, the call goes live.
      if (matches && i < limit && event.replyLength === undefined && samePrompt(request.messages, event.prompt)) {
        replayed++;
        request.onToken?.(event.response);
        return {
          text: event.response,
          usage: { ...event.usage },
          cached: event.cached,
          latencyMs: event.latencyMs,
          provider: event.provider,
          model: event.model,
        };
      }
      if (matches && override?.call === i) {
        diverged = true;
        request.onToken?.(override.text);
        return {
          text: override.text,
          usage: ZERO_USAGE,
          cached: true,
          latencyMs: 0,
          provider: 'what-if',
          model: 'edited reply',
        };
      }
      diverged = true;
      return live.complete(request, signal);
    },
  };
}

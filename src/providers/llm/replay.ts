// Replay: answers from the `llm` events of recorded traces, matched by module + messages (hash), so
// a shared trace replays with no model. A request the traces do not hold raises LlmReplayMissError;
// nothing is ever invented. Replies count as `cached` (no model call) with their recorded usage.
import { LlmAbortedError, LlmReplayMissError } from '../../core/llm/errors.ts';
import { sha256Hex } from '../../core/llm/hash.ts';
import type { ChatMessage, LlmRequest, LlmResponse } from '../../core/llm/port.ts';
import type { LlmProvider } from '../../core/llm/provider.ts';
import type { Trace, TraceEvent } from '../../core/trace/schema.ts';

type LlmEvent = Extract<TraceEvent, { type: 'llm' }>;

function replayKey(module: string, messages: readonly ChatMessage[]): Promise<string> {
  return sha256Hex(JSON.stringify([module, messages.map((m) => [m.role, m.content])]));
}

export class ReplayProvider implements LlmProvider {
  readonly id: string;
  readonly label: string;
  readonly model: string;
  readonly server: string;
  /** Recorded replies per request, in recording order; `used` counts how many were handed out. */
  private readonly replies = new Map<string, { events: LlmEvent[]; used: number }>();
  private readonly ready: Promise<void>;

  constructor(
    traces: readonly Trace[],
    name = traces.length === 1 ? `trace ${traces[0]!.id}` : `${traces.length} traces`,
  ) {
    this.server = name;
    this.id = `replay ${name}`;
    const models = [...new Set(traces.map((t) => t.llm))];
    this.model = models.join(', ');
    this.label = `replay of ${name} (recorded with ${this.model || 'no LLM'})`;
    this.ready = this.index(traces);
  }

  private async index(traces: readonly Trace[]): Promise<void> {
    for (const trace of traces) {
      for (const e of trace.events) {
        // A reply the record cut (replyLength) is not what the run read: asking for it is a replay miss.
        if (e.type !== 'llm' || e.replyLength !== undefined) continue;
        const key = await replayKey(e.module, e.prompt);
        const slot = this.replies.get(key) ?? { events: [], used: 0 };
        slot.events.push(e);
        this.replies.set(key, slot);
      }
    }
  }

  /** Recorded `llm` events available for replay. */
  async size(): Promise<number> {
    await this.ready;
    let n = 0;
    for (const s of this.replies.values()) n += s.events.length;
    return n;
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    if (signal?.aborted) throw new LlmAbortedError(request.module);
    const started = performance.now();
    await this.ready;
    const slot = this.replies.get(await replayKey(request.module, request.messages));
    if (!slot) throw new LlmReplayMissError(request.module, this.server);
    // The same request asked again gets the next recorded reply; once they run out, the last one
    // (identical prompt, recorded reply): never a made-up one.
    const event = slot.events[Math.min(slot.used, slot.events.length - 1)]!;
    slot.used++;
    request.onToken?.(event.response);
    return {
      text: event.response,
      usage: { ...event.usage },
      cached: true,
      latencyMs: performance.now() - started,
      provider: `replay: ${event.provider}`,
      model: event.model,
    };
  }
}

// Appends the events of one run (src/core/trace/schema.ts) with `t` from an injectable clock, so tests
// are deterministic, emits each to the live listener (the UI streams them through the engine worker),
// and wraps the LlmPort so that every call becomes an `llm` event (or an `error` event when it fails).
import { LlmAbortedError } from '../llm/errors.ts';
import type { LlmPort, LlmRequest, LlmResponse } from '../llm/port.ts';
import { cutLength, recordedReply } from '../llm/reply-cap.ts';
import type { ReplyForm, ReplyFormReader } from '../llm/reply-form.ts';
import type { TraceEvent } from './schema.ts';

/** A trace event without its stamp: the recorder adds `t` (ms since run start) and `round`. */
export type EventBody = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, 't' | 'round'> : never) : never;

/** The `llm` event of one call: prompts and replies only (the request carries no credentials, so nothing secret reaches a trace). */
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

export class TraceRecorder {
  readonly events: TraceEvent[] = [];
  /** The round new events belong to; strategies set it at each `round.start`. */
  round = 0;
  /** A what-if branch's rewrite of events before they are recorded (src/core/whatif/hooks.ts). */
  rewrite: ((body: EventBody, round: number) => EventBody) | undefined;
  private readonly now: () => number;
  private readonly started: number;
  /** Failures the LLM wrapper already recorded as `error` events, so a strategy does not record them twice. */
  private readonly recordedErrors = new WeakSet<object>();

  /** `now`: a milliseconds clock, performance.now() by default (tests pass a fake one). */
  constructor(private readonly options: { now?: () => number; onEvent?: (event: TraceEvent) => void } = {}) {
    this.now = options.now ?? (() => performance.now());
    this.started = this.now();
  }

  elapsed(): number {
    return this.now() - this.started;
  }

  /** Stamp and append one event; returns it as recorded. */
  add(body: EventBody): TraceEvent {
    const final = this.rewrite ? this.rewrite(body, this.round) : body;
    return this.push({ ...final, t: this.elapsed(), round: this.round } as TraceEvent);
  }

  startRound(round: number): void {
    this.round = round;
    this.add({ type: 'round.start' });
  }

  /** Record `error` for a failure unless the LLM wrapper already did. */
  addError(module: string, error: unknown): void {
    if (typeof error === 'object' && error !== null && this.recordedErrors.has(error)) return;
    this.add({ type: 'error', module, message: error instanceof Error ? error.message : String(error) });
  }

  /**
   * The port every strategy calls: each completed call is an `llm` event, each failure (an abort included) an
   * `error` event with the typed error's message (never credentials), then rethrown. Events already recorded
   * stay, so an aborted run keeps its partial trace.
   */
  wrap(port: LlmPort, replyForm?: ReplyFormReader): LlmPort {
    const at = () => ({ t: this.elapsed(), round: this.round });
    const recorded = (e: unknown) => {
      if (typeof e === 'object' && e !== null) this.recordedErrors.add(e);
      return e;
    };
    return {
      label: port.label,
      complete: async (request, signal) => {
        let response: LlmResponse;
        try {
          response = await port.complete(request, signal);
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          this.push({ type: 'error', ...at(), module: request.module, message });
          throw recorded(e);
        }
        // A long reply is read (its form here, its value by the strategy) after one turn of the event loop,
        // so an interrupt that came in with it (Ctrl-C, a cancelled run) is heard first: the reply is
        // recorded and the call ends as aborted.
        if (response.text.length > LONG_REPLY) {
          await new Promise<void>((resolve) => setTimeout(resolve, 0));
          if (signal?.aborted) {
            this.push(llmEvent(request, response, at()));
            throw recorded(new LlmAbortedError(request.module));
          }
        }
        this.push(llmEvent(request, response, at(), replyForm?.(request.module, response.text)));
        return response;
      },
    };
  }

  private push(event: TraceEvent): TraceEvent {
    this.events.push(event);
    this.options.onEvent?.(event);
    return event;
  }
}

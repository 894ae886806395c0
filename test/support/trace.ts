// Test helpers: a run's answer and per-round pools, read off its folded trace (foldTrace, as the UI and CLI do).
import { foldTrace } from '../../src/core/trace/fold.ts';
import type { TraceEvent } from '../../src/core/trace/schema.ts';
import type { Ranked } from '../../src/core/types.ts';

/** The pool after each `pool` event. */
export const traceRoundRankings = (trace: { events: readonly TraceEvent[] }): Ranked[][] =>
  foldTrace(trace.events).poolRankings;
/** The run's answer, if it reached the answer step. */
export const traceAnswer = (trace: { events: readonly TraceEvent[] }): string | undefined =>
  foldTrace(trace.events).answer ?? undefined;

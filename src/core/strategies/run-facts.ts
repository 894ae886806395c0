// Small pure readers of per-question facts the issue-18 strategies put in a trace (the lead folds
// these into src/core/trace/fold.ts): how many passages the reader read, how many rounds ran, and
// the router's decision.
import type { Trace } from '../trace/schema.ts';

/** Passages the answer step was shown (its `context` event); undefined when no answer step ran. */
export function readerPassages(trace: Trace): number | undefined {
  const c = trace.events.findLast((e) => e.type === 'context' && e.module === 'answer');
  return c?.type === 'context' ? c.ids.length : undefined;
}

/** Iteration rounds that ran after the initial retrieval (the highest `round.start` index). */
export function roundsUsed(trace: Trace): number {
  let max = 0;
  for (const e of trace.events) if (e.type === 'round.start' && e.round > max) max = e.round;
  return max;
}

/** The `auto` router's choice, read off its `route` thought ("route: <strategy> | ..."). */
export function routeChoice(trace: Trace): string | undefined {
  const t = trace.events.find((e) => e.type === 'thought' && e.kind === 'route');
  return t?.type === 'thought' ? /^route: ([\w-]+)/.exec(t.text)?.[1] : undefined;
}

/** LLM calls of the run (one per `llm` event, cached or not). */
export function llmCalls(trace: Trace): number {
  return trace.events.filter((e) => e.type === 'llm').length;
}

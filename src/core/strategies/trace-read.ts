// Reading a run's results off its trace (DESIGN: every metric is read off traces).
import type { Trace, TraceEvent } from '../trace/schema.ts';
import type { Ranked } from '../types.ts';

type PoolEvent = Extract<TraceEvent, { type: 'pool' }>;

function pools(trace: Trace): PoolEvent[] {
  return trace.events.filter((e): e is PoolEvent => e.type === 'pool');
}

/**
 * The final context in its final order: the documents the cut kept (Eq. 6) when the strategy cuts,
 * otherwise the last pool. Scores are the pool's (normalised) scores.
 */
export function traceRanking(trace: Trace): Ranked[] {
  const last = pools(trace).at(-1);
  if (!last) return [];
  const scores = new Map(last.pool.map((p) => [p.id, p.score]));
  const cut = trace.events.findLast((e) => e.type === 'cutoff');
  if (cut?.type === 'cutoff') return cut.kept.map((id) => ({ id, score: scores.get(id) ?? Number.NaN }));
  return last.pool.map((p) => ({ id: p.id, score: p.score }));
}

/**
 * The pool after each round, in order: round 0 (the backbone's ranking), each iteration, and for BDTR
 * with calibration one more after the promotion. One entry per `pool` event.
 */
export function traceRoundRankings(trace: Trace): Ranked[][] {
  return pools(trace).map((e) => e.pool.map((p) => ({ id: p.id, score: p.score })));
}

/** The answer of the run, if it reached the answer step. */
export function traceAnswer(trace: Trace): string | undefined {
  const a = trace.events.findLast((e) => e.type === 'answer');
  return a?.type === 'answer' ? a.text : undefined;
}

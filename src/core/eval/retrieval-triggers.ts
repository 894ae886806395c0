// Retrieval triggers per question (DualRAG Fig. 3, Appendix H.2): how many steps of a run retrieved.
// A step = a trace round with at least one retrieval (reranking, recorded as `retrieve` with a
// "rerank: ..." label, is not a retrieval). Works for every strategy, so the histogram compares them.
import type { Trace } from '../trace/schema.ts';

export function retrievalTriggers(trace: Trace): number {
  const rounds = new Set<number>();
  for (const e of trace.events) if (e.type === 'retrieve' && !e.label.startsWith('rerank:')) rounds.add(e.round);
  return rounds.size;
}

/** Number of questions per trigger count, 0 .. max. */
export function triggerHistogram(traces: readonly Trace[]): number[] {
  const counts = traces.map(retrievalTriggers);
  const out = Array.from({ length: Math.max(0, ...counts) + 1 }, () => 0);
  for (const c of counts) out[c]!++;
  return out;
}

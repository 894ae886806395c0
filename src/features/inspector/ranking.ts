// The ranking a trace ends with: the last pool event, cut to the cutoff's kept ids when there is one.
import type { TraceEvent } from '../../core/trace/schema.ts';

export interface RankRow {
  id: string;
  rank: number;
  score: number;
}

export function finalRanking(events: readonly TraceEvent[]): RankRow[] {
  let pool: RankRow[] = [];
  for (const e of events) if (e.type === 'pool') pool = e.pool.map(({ id, rank, score }) => ({ id, rank, score }));
  return pool;
}

// The run context's extension points (StrategyContext.whatif): the retrieve step, the shared pool update
// and the recorder call these, so a what-if branch (src/core/whatif/hooks.ts implements them) changes a
// run without any strategy knowing.
import type { EventBody } from '../trace/recorder.ts';
import type { Ranked } from '../types.ts';

/** The pool operations an intervention needs (ScorePool implements them). */
export interface PoolHandle {
  /** Insert ids at a 1-based rank of the current order (taking that rank's score) or with a given score. */
  insert(ids: readonly string[], at: { rank?: number; score?: number }): void;
  drop(ids: ReadonlySet<string>): void;
}

export interface RunHooks {
  /** The query a retrieval in `round` sends (a replaced thought or sub-query). */
  query(round: number, query: string): string;
  /** The depth a retrieval in `round` asks for. */
  depth(round: number, k: number): number;
  /** What a retrieval in `round` returned, as the strategy sees it (dropped passages removed). */
  results(round: number, results: Ranked[]): Ranked[];
  /** After a round's merge, before the re-sort (pool.ts mergeRound). `pool` identifies one pool instance. */
  pool(round: number, pool: PoolHandle): void;
  /**
   * The ordered collection of a strategy that keeps its own (IRCoT's collected paragraphs, DualRAG's
   * passages in order of use) after `round`'s retrieval: dropped passages leave it and inserted ones
   * take their rank, as in the shared pool.
   */
  order(round: number, ids: readonly string[]): readonly string[];
  /** An event about to be recorded (a replaced thought text). */
  event(body: EventBody, round: number): EventBody;
  /** What the run never reached or could not apply, as warnings for the branch's trace. */
  unapplied(): string[];
}

// One round's pool update shared by the iterative strategies: normalise each retrieval, merge with
// the Eq. 4 max-update (or replace the pool, Iter-RetGen style), re-sort, record the `pool` event.
import type { Ranked } from '../types.ts';
import type { Run } from './context.ts';
import { normalizeScores, type Normalization, type ScorePool } from './pool.ts';

export function mergeRound(
  run: Run,
  pool: ScorePool,
  retrievals: readonly (readonly Ranked[])[],
  normalize: Normalization,
): void {
  for (const results of retrievals) pool.merge(normalizeScores(results, normalize));
  run.ctx.whatif?.pool(run.recorder.round, pool); // a what-if branch's insertion or removal (src/core/whatif)
  run.recorder.add({ type: 'pool', pool: pool.resort() });
}

export function replaceRound(run: Run, pool: ScorePool, results: readonly Ranked[], normalize: Normalization): void {
  pool.clear();
  mergeRound(run, pool, [results], normalize);
}

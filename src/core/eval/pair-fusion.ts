// Which pair of strategies fuses best (the BDTR paper's complementarity finding, Fig. 3, turned into
// a number): for every pair run on the same questions, the mean Recall@k of the RRF fusion (k = 60,
// rrf.ts, as the `ensemble` strategy fuses) of the two final contexts, next to each alone.
import { rrf } from '../retrievers/rrf.ts';
import type { Ranked } from '../types.ts';
import { runPairs } from './complementarity.ts';
import { recallAtK } from './retrieval-metrics.ts';

export interface FusionRun {
  /** question id -> the final context and the gold passages. */
  questions: ReadonlyMap<string, { ranking: readonly Ranked[]; gold: readonly string[] }>;
}

const idOf = (r: Ranked) => r.id;

/**
 * Pairs sorted best fused Recall@k first: the questions both runs hold (with gold), each run's mean Recall@k,
 * that of RRF(a, b) (`fused`), and fused - max(recallA, recallB) (`gain`).
 */
export function pairFusion(runs: ReadonlyMap<string, FusionRun>, k = 5, rrfK = 60) {
  const out = runPairs(runs).map(([[aName, { questions: a }], [bName, { questions: b }]]) => {
    let shared = 0;
    let ra = 0;
    let rb = 0;
    let rf = 0;
    for (const [id, qa] of a) {
      const qb = b.get(id);
      if (!qb || qa.gold.length === 0) continue;
      shared++;
      const recall = (ranking: readonly Ranked[]) => recallAtK(ranking.map(idOf), qa.gold, k);
      ra += recall(qa.ranking);
      rb += recall(qb.ranking);
      rf += recall(rrf([qa.ranking, qb.ranking], { k: rrfK }));
    }
    const n = Math.max(1, shared);
    const row = { a: aName, b: bName, shared, recallA: ra / n, recallB: rb / n, fused: rf / n };
    return { ...row, gain: row.fused - Math.max(row.recallA, row.recallB) };
  });
  return out.sort((x, y) => y.fused - x.fused || y.gain - x.gain);
}

export type PairFusion = ReturnType<typeof pairFusion>[number];

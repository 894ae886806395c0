// The candidate pool of the iterative strategies: union of retrievals with the max-score update of
// BDTR Eq. 3-4, re-sorted after every round.
//
// Score scales differ between backbones (BM25 is unbounded and grows with query length, cosine lies
// in [-1, 1], PPR mass is tiny and sums to 1 over all nodes). Eq. 4 compares scores that come from
// DIFFERENT queries (the question, the fast and the slow thought), and Eq. 6 takes mu + sigma over
// them. Where each query's scores have a scale of their own (BM25, RAPTOR's BM25 node scores, GraphRAG's
// weighted sums) raw scores would let one query dominate merely because it is longer, so each retrieval's
// list is min-max normalised before the update (`normalize: 'minmax'`): the best passage of every query
// scores 1, the last one returned 0, and a list whose scores are all equal scores 1 throughout ("each
// document keeps its best relative standing under any query"). Where one scale serves every query (PPR
// mass, cosine, RRF) raw scores are kept (`normalize: 'none'`), as BDTR Eq. 4 writes them: fact-seeded PPR
// lists are peaked, so min-max would give a thought's ranks 2-5 scores of .5-.9 that push the question's
// own gold out. That rule (`normalizationFor`) is the default of every strategy that merges several queries'
// scores (IRCoT, IRGS, ToG-style, GCoT-style, BDTR, the planner, DualRAG), resolved once in descriptor.ts;
// a run may set `normalize` itself. Fitted for BDTR on the first halves of the three sets (R@5 min-max
// against raw: BM25 .559/.827/.788 vs .534/.742/.717, RAPTOR .535/.749/.749 vs .474/.627/.628, GraphRAG
// .440/.731/.551 vs .410/.715/.507; src/core/fitted.ts).
import type { Ranked, Retriever } from '../types.ts';
import type { Run } from './context.ts';

export const NORMALIZATIONS = ['minmax', 'none'] as const;
export type Normalization = (typeof NORMALIZATIONS)[number];

/** The normalisation a backbone's scores call for before scores of different queries meet (see header). */
export const normalizationFor = (retriever: Pick<Retriever, 'scores'>): Normalization =>
  retriever.scores === 'comparable' ? 'none' : 'minmax';

/** Per-retrieval min-max normalisation (see header). */
export function normalizeScores(results: readonly Ranked[], mode: Normalization): Ranked[] {
  if (mode === 'none' || results.length === 0) return results.map((r) => ({ ...r }));
  let min = Infinity;
  let max = -Infinity;
  for (const r of results) {
    if (r.score < min) min = r.score;
    if (r.score > max) max = r.score;
  }
  const span = max - min;
  return results.map((r) => ({ id: r.id, score: span > 0 ? (r.score - min) / span : 1 }));
}

export interface PoolEntry {
  id: string;
  score: number;
  rank: number;
  /** previous rank - rank; null for a passage new in this round. */
  delta: number | null;
}

/**
 * Scores by passage id plus the current order. Ties keep the previous order (passages already in the
 * pool first, new ones in the order they were retrieved), so rankings are deterministic.
 */
export class ScorePool {
  private scores = new Map<string, number>();
  private order: string[] = [];
  private previousRanks = new Map<string, number>();

  /** Eq. 3-4: P_t = P_{t-1} ∪ D; s_t(d) = max(s_{t-1}(d), ŝ(d|q)). Call `resort()` after the round's merges. */
  merge(results: readonly Ranked[]): void {
    for (const r of results) {
      const old = this.scores.get(r.id);
      if (old === undefined) {
        this.scores.set(r.id, r.score);
        this.order.push(r.id);
      } else if (r.score > old) this.scores.set(r.id, r.score);
    }
  }

  /** Re-sort by score (stable) and return the ranking with rank changes against the last resort/reorder. */
  resort(): PoolEntry[] {
    return this.commit(this.sorted());
  }

  private sorted(): string[] {
    const position = new Map(this.order.map((id, i) => [id, i]));
    return [...this.order].sort((a, b) => this.score(b) - this.score(a) || position.get(a)! - position.get(b)!);
  }

  /** Set an explicit order and scores (promotion), returning the ranking with rank changes. */
  reorder(order: readonly string[], scores: ReadonlyMap<string, number>): PoolEntry[] {
    for (const [id, s] of scores) this.scores.set(id, s);
    return this.commit([...order]);
  }

  /**
   * What-if insertion (src/core/whatif): place ids at a 1-based rank of the best-first order with that
   * rank's score, so the next re-sort keeps them there (ties keep the order), or give them a score.
   */
  insert(ids: readonly string[], at: { rank?: number; score?: number }): void {
    const wanted = new Set(ids);
    const rest = this.sorted().filter((id) => !wanted.has(id));
    const rank = Math.min(at.rank ?? 1, rest.length + 1);
    const below = rest[rank - 1] ?? rest.at(-1);
    const score = at.score ?? (below === undefined ? 1 : this.score(below));
    for (const id of wanted) this.scores.set(id, score);
    this.order =
      at.score !== undefined ? [...rest, ...wanted] : [...rest.slice(0, rank - 1), ...wanted, ...rest.slice(rank - 1)];
  }

  /** What-if removal: the ids leave the pool (their last ranks still count for the next deltas). */
  drop(ids: ReadonlySet<string>): void {
    for (const id of ids) this.scores.delete(id);
    this.order = this.order.filter((id) => !ids.has(id));
  }

  /** Empty the pool but remember the last ranks, so the next ranking's deltas compare with it. */
  clear(): void {
    this.scores = new Map();
    this.order = [];
  }

  ranking(): Ranked[] {
    return this.order.map((id) => ({ id, score: this.score(id) }));
  }

  get size(): number {
    return this.order.length;
  }

  private score(id: string): number {
    return this.scores.get(id)!;
  }

  private commit(next: string[]): PoolEntry[] {
    this.order = next;
    const entries = next.map((id, i) => {
      const was = this.previousRanks.get(id);
      return { id, score: this.score(id), rank: i + 1, delta: was === undefined ? null : was - (i + 1) };
    });
    this.previousRanks = new Map(next.map((id, i) => [id, i + 1]));
    return entries;
  }
}

// One round's pool update shared by the iterative strategies: normalise each retrieval, merge with
// the Eq. 4 max-update (or replace the pool, Iter-RetGen style), re-sort, record the `pool` event.
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

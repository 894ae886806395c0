// Reciprocal rank fusion (Cormack, Clarke & Buettcher, SIGIR 2009), the fusion GEAR uses to merge its
// base list with graph-expanded passages (GEAR, /work/shared/papers/002_*, Eq. 3, 9 and 10):
//   RRF(d) = sum over lists i containing d of  w_i / (k + rank_i(d)),   rank 1-based, k = 60.
// Only ranks matter, so lists from retrievers with incomparable scores (BM25, cosine, PPR) fuse.
// Weights default to 1 (plain RRF); a weighted variant lets hybrid retrievers favour one list.
// Ties (equal fused score) go to the document with the better best rank, then to the one that appears
// first when the lists are read in order, so the result is deterministic for deterministic inputs.
import { errorClass, throwIfAborted } from '../errors.ts';
import type { Ranked, Retriever } from '../types.ts';

export const RrfError = errorClass('RrfError', 'retrievers.rrf');

export interface RrfOptions {
  /** Rank offset; 60 in Cormack et al. and in GEAR. Must be >= 0. */
  k?: number;
  /** One non-negative weight per list; default all 1. */
  weights?: readonly number[];
}

export const RRF_DEFAULTS = Object.freeze({ k: 60 });

/** Fuses rankings (each best first, ids unique within a list) into one ranking by RRF score. */
export function rrf(lists: readonly (readonly Ranked[])[], options: RrfOptions = {}): Ranked[] {
  const k = options.k ?? RRF_DEFAULTS.k;
  if (typeof k !== 'number' || !Number.isFinite(k) || k < 0)
    throw new RrfError(`k must be a finite number >= 0, got ${String(k)}`);
  const weights = options.weights ?? lists.map(() => 1);
  if (weights.length !== lists.length) throw new RrfError(`${weights.length} weights for ${lists.length} lists`);
  weights.forEach((w, i) => {
    if (typeof w !== 'number' || !Number.isFinite(w) || w < 0)
      throw new RrfError(`weight ${i} must be a finite number >= 0, got ${String(w)}`);
  });
  const fused = new Map<string, { score: number; bestRank: number; first: number }>();
  let order = 0;
  lists.forEach((list, i) => {
    const w = weights[i] as number;
    const seen = new Set<string>();
    list.forEach(({ id }, r) => {
      if (seen.has(id)) throw new RrfError(`list ${i} holds "${id}" twice (ranks must be unique)`);
      seen.add(id);
      const rank = r + 1;
      const entry = fused.get(id);
      if (entry === undefined) fused.set(id, { score: w / (k + rank), bestRank: rank, first: order++ });
      else {
        entry.score += w / (k + rank);
        entry.bestRank = Math.min(entry.bestRank, rank);
      }
    });
  });
  return [...fused.entries()]
    .sort(([, a], [, b]) => b.score - a.score || a.bestRank - b.bestRank || a.first - b.first)
    .map(([id, { score }]) => ({ id, score }));
}

/**
 * A retriever whose ranking is the RRF of its members' rankings for the same query; `depth`: how many
 * results to fetch from each retriever before fusing (default the requested k).
 */
export function createRrfRetriever(
  name: string,
  retrievers: readonly Retriever[],
  options: RrfOptions & { depth?: number } = {},
): Retriever {
  // The weights are checked by rrf() and the depth by the hybrid backbone's schema.
  if (retrievers.length === 0) throw new RrfError(`"${name}" needs at least one retriever`);
  return {
    name,
    scores: 'comparable', // 1 / (k + rank), the same for every query
    async retrieve(query: string, k: number, signal?: AbortSignal): Promise<Ranked[]> {
      throwIfAborted(signal, 'retrievers.rrf');
      if (!(k > 0)) return [];
      const depth = Math.max(Math.floor(k), options.depth ?? 0);
      const lists = await Promise.all(retrievers.map((r) => r.retrieve(query, depth, signal)));
      throwIfAborted(signal, 'retrievers.rrf');
      return rrf(lists, options).slice(0, Math.floor(k));
    },
  };
}

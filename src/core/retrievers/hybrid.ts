// Hybrid retrieval: reciprocal rank fusion (k = 60, Cormack et al. 2009; GEAR Eq. 3) of BM25 and dense.
// Only ranks are fused, so BM25 scores and cosines need no calibration. Each member is asked for
// `depth` results (default max(k, 100)) so a passage ranked well by only one member can still surface.
import type { Retriever } from '../types.ts';
import { createRrfRetriever, RRF_DEFAULTS } from './rrf.ts';

export interface HybridOptions {
  /** RRF rank offset; default 60. */
  k?: number;
  /** Results fetched from each member before fusing; default max(requested k, 100). */
  depth?: number;
  /** [bm25, dense] weights; default [1, 1]. */
  weights?: readonly [number, number];
}

export const HYBRID_DEFAULTS = Object.freeze({ k: RRF_DEFAULTS.k, depth: 100 });

export function createHybridRetriever(
  members: { bm25: Retriever; dense: Retriever },
  options: HybridOptions = {},
): Retriever {
  return createRrfRetriever('hybrid', [members.bm25, members.dense], {
    k: options.k ?? HYBRID_DEFAULTS.k,
    depth: options.depth ?? HYBRID_DEFAULTS.depth,
    ...(options.weights ? { weights: options.weights } : {}),
  });
}

// Hybrid retrieval: reciprocal rank fusion (k = 60, Cormack et al. 2009; GEAR Eq. 3) of BM25 and dense.
// Only ranks are fused, so BM25 scores and cosines need no calibration. Each member is asked for
// `depth` results (default max(k, 100)) so a passage ranked well by only one member can still surface.
import { z } from 'zod';
import { createBm25Retriever } from '../retrievers/bm25.ts';
import { createRrfRetriever, RRF_DEFAULTS } from '../retrievers/rrf.ts';
import { denseBackbone } from './dense.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone } from './descriptor.ts';

const positive = z.number().positive();

const HYBRID_DEPTH = 100;

export const hybridBackbone = defineBackbone({
  name: 'hybrid',
  ...BACKBONE_ABOUT.hybrid,
  options: z
    .object({
      k: positive.optional(),
      depth: z.number().int().positive().optional(),
      /** [bm25, dense] weights; default [1, 1]. */
      weights: z.tuple([z.number(), z.number()]).optional(),
    })
    .strict(),
  async build(inputs, options) {
    const dense = await denseBackbone.build(inputs, {});
    const { k = RRF_DEFAULTS.k, depth = HYBRID_DEPTH, weights } = options;
    const bm25 = inputs.bm25 ?? createBm25Retriever(inputs.corpus.passages);
    return {
      retriever: createRrfRetriever('hybrid', [bm25, dense.retriever], { k, depth, ...(weights ? { weights } : {}) }),
      built: dense.built,
      traceOptions: { fusion: `RRF k=${k} of bm25 and dense` },
    };
  },
});

import { z } from 'zod';
import { createBm25Retriever } from '../retrievers/bm25.ts';
import { createHybridRetriever, HYBRID_DEFAULTS } from '../retrievers/hybrid.ts';
import { denseBackbone } from './dense.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone } from './descriptor.ts';

const positive = z.number().positive();

export const hybridBackbone = defineBackbone({
  name: 'hybrid',
  ...BACKBONE_ABOUT.hybrid,
  options: z
    .object({
      k: positive.optional(),
      depth: z.number().int().positive().optional(),
      weights: z.tuple([z.number(), z.number()]).optional(),
    })
    .strict(),
  async build(inputs, options) {
    const dense = await denseBackbone.build(inputs, {});
    return {
      retriever: createHybridRetriever(
        { bm25: inputs.bm25 ?? createBm25Retriever(inputs.corpus.passages), dense: dense.retriever },
        options,
      ),
      built: dense.built,
      traceOptions: { fusion: `RRF k=${options.k ?? HYBRID_DEFAULTS.k} of bm25 and dense` },
    };
  },
});

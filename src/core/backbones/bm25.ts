import { z } from 'zod';
import { createBm25Retriever } from '../retrievers/bm25.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone, IN_MEMORY } from './descriptor.ts';

export const bm25Backbone = defineBackbone({
  name: 'bm25',
  ...BACKBONE_ABOUT.bm25,
  options: z.object({ k1: z.number().positive().optional(), b: z.number().optional() }).strict(),
  async build({ corpus, bm25 }, options) {
    // The host's index has the default parameters; other parameters build an index of their own.
    if (bm25 && options.k1 === undefined && options.b === undefined)
      return { retriever: bm25, built: '', traceOptions: {} };
    return { retriever: createBm25Retriever(corpus.passages, options), built: IN_MEMORY, traceOptions: {} };
  },
});

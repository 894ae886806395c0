import { z } from 'zod';
import { createBm25Retriever } from '../retrievers/bm25.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone, IN_MEMORY } from './descriptor.ts';

export const bm25Backbone = defineBackbone({
  name: 'bm25',
  ...BACKBONE_ABOUT.bm25,
  needs: [],
  options: z.object({ k1: z.number().positive().optional(), b: z.number().optional() }).strict(),
  async build({ corpus }, options) {
    return { retriever: createBm25Retriever(corpus.passages, options), built: IN_MEMORY, traceOptions: {} };
  },
});

import { z } from 'zod';
import { createBm25Retriever } from '../retrievers/bm25.ts';
import { defineBackbone, IN_MEMORY } from './descriptor.ts';

export const bm25Backbone = defineBackbone({
  name: 'bm25',
  title: 'BM25',
  explanation:
    'Lexical retrieval: Okapi BM25 over title and text with a typed-array inverted index. Fast, no model; the base under the graph backbones.',
  paper: 'Robertson & Zaragoza 2009 (BM25); k1 = 1.2, b = 0.75',
  needs: [],
  options: z.object({ k1: z.number().positive().optional(), b: z.number().optional() }).strict(),
  async build({ corpus }, options) {
    return { retriever: createBm25Retriever(corpus.passages, options), built: IN_MEMORY, traceOptions: {} };
  },
});

import { z } from 'zod';
import { createDenseRetriever, embedCorpus } from '../retrievers/dense.ts';
import { defineBackbone, IN_MEMORY } from './descriptor.ts';

export const denseBackbone = defineBackbone({
  name: 'dense',
  title: 'Dense',
  explanation:
    'Embedding retrieval: cosine between the query and passage vectors of the configured encoder (stored or imported vectors, else embedded now).',
  paper: 'Karpukhin et al. 2020 (DPR-style bi-encoder retrieval)',
  needs: ['embedder'],
  options: z.object({}).strict(),
  async build({ corpus, embedder, vectors }) {
    const v = vectors ?? (await embedCorpus(corpus, embedder!));
    return {
      retriever: createDenseRetriever(corpus, { embedder: embedder!, vectors: v }),
      built: vectors ? 'over the given passage vectors' : `${IN_MEMORY} (passages embedded now)`,
      traceOptions: {},
    };
  },
});

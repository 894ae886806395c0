import { z } from 'zod';
import { createDenseRetriever, embedCorpus } from '../retrievers/dense.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone, IN_MEMORY } from './descriptor.ts';

export const denseBackbone = defineBackbone({
  name: 'dense',
  ...BACKBONE_ABOUT.dense,
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

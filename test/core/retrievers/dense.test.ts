// Dense retriever over the real transformers.js path (real tokenizer, generated tiny encoder).
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/core/embed/port.ts';
import { VectorIndex } from '../../../src/core/index/vectors.ts';
import { createDenseRetriever, embedCorpus } from '../../../src/core/retrievers/dense.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import { createTransformersEmbedder } from '../../../src/providers/embed/transformers-embedder.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../../../harness/tiny-encoder.ts';
import { describeRetrieverContract } from './contract.ts';

async function tinyEmbedder(): Promise<Embedder> {
  return createTransformersEmbedder({
    model: TINY_MODEL,
    localModelPath: await tinyEncoderRoot(),
    device: 'cpu',
    dtype: 'fp32',
  });
}

describeRetrieverContract(
  'dense (tiny encoder)',
  async (passages) => {
    const corpus = { id: 'contract', name: 'contract', passages };
    const embedder = await tinyEmbedder();
    return createDenseRetriever(corpus, { embedder, vectors: await embedCorpus(corpus, embedder) });
  },
  { scoresEveryQuery: true },
);

describe('dense retriever', () => {
  const corpus = {
    id: 'c',
    name: 'c',
    passages: [
      { id: 'p1', title: 'Radium', text: 'Radium is a chemical element.' },
      { id: 'p2', title: 'Seine', text: 'The Seine flows through Paris.' },
    ],
  };

  it('refuses vectors that do not match the corpus, and a query embedding of another dimension', async () => {
    const fake: Embedder = {
      label: 'fake',
      model: 'fake',
      embed: async () => ({ dim: 2, count: 1, data: Float32Array.of(1, 0) }),
      dispose: async () => {},
    };
    expect(() =>
      createDenseRetriever(corpus, { embedder: fake, vectors: new VectorIndex(new Float32Array(3), 3) }),
    ).toThrow(/1 vectors for 2 passages/);
    const r = createDenseRetriever(corpus, {
      embedder: fake,
      vectors: new VectorIndex(Float32Array.of(1, 0, 0, 0, 1, 0), 3),
    });
    await expect(r.retrieve('x', 1)).rejects.toThrow(/query embedding has 2 dimensions, the stored vectors 3/);
  });

  it('is built by the registry from an embedder, with or without precomputed vectors', async () => {
    const embedder = await tinyEmbedder();
    const fresh = await backboneRetriever('dense', corpus, { embedder });
    const vectors = await embedCorpus(corpus, embedder);
    const stored = await backboneRetriever('dense', corpus, { embedder, vectors });
    expect(await stored.retrieve('the river through Paris', 2)).toEqual(
      await fresh.retrieve('the river through Paris', 2),
    );
    expect((await fresh.retrieve('the river through Paris', 1))[0]?.id).toBe('p2');
    await expect(backboneRetriever('dense', corpus, {})).rejects.toThrow(/needs deps.embedder/);
  });
});

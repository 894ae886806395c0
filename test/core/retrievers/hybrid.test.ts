import { describe, expect, it } from 'vitest';
import type { Ranked, Retriever } from '../../../src/core/types.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { createDenseRetriever, embedCorpus } from '../../../src/core/retrievers/dense.ts';
import { createRrfRetriever } from '../../../src/core/retrievers/rrf.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import { createTransformersEmbedder } from '../../../src/providers/embed/transformers-embedder.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../../../harness/tiny-encoder.ts';
import { describeRetrieverContract } from './contract.ts';

describeRetrieverContract(
  'hybrid (BM25 + tiny encoder, RRF)',
  async (passages) => {
    const corpus = { id: 'contract', name: 'contract', passages };
    const embedder = createTransformersEmbedder({
      model: TINY_MODEL,
      localModelPath: await tinyEncoderRoot(),
      device: 'cpu',
      dtype: 'fp32',
    });
    return backboneRetriever('hybrid', corpus, { embedder, vectors: await embedCorpus(corpus, embedder) });
  },
  { scoresEveryQuery: true },
);

const fixed = (name: string, list: Ranked[]): Retriever => ({ name, retrieve: async (_q, k) => list.slice(0, k) });

describe('hybrid retriever', () => {
  it('fuses by rank with k = 60: agreement beats one strong list', async () => {
    // "c" is 2nd in both lists: 2/(60+2) > 1/(60+1) + nothing for "a" or "b" alone.
    const bm25 = fixed('bm25', [
      { id: 'a', score: 9 },
      { id: 'c', score: 5 },
    ]);
    const dense = fixed('dense', [
      { id: 'b', score: 0.9 },
      { id: 'c', score: 0.8 },
    ]);
    const top = await createRrfRetriever('hybrid', [bm25, dense]).retrieve('q', 3);
    expect(top.map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(top[0]?.score).toBeCloseTo(2 / 62, 12);
  });

  it('asks each member for depth results, not only k', async () => {
    const asked: number[] = [];
    const spy: Retriever = { name: 's', retrieve: async (_q, k) => (asked.push(k), []) };
    await createRrfRetriever('hybrid', [spy, spy], { depth: 30 }).retrieve('q', 5);
    expect(asked).toEqual([30, 30]);
  });

  it('the registry builds the same fusion from the corpus', async () => {
    const corpus = {
      id: 'c',
      name: 'c',
      passages: [
        { id: 'x', title: 'X', text: 'alpha beta' },
        { id: 'y', title: 'Y', text: 'gamma delta' },
      ],
    };
    const embedder = createTransformersEmbedder({
      model: TINY_MODEL,
      localModelPath: await tinyEncoderRoot(),
      device: 'cpu',
      dtype: 'fp32',
    });
    const vectors = await embedCorpus(corpus, embedder);
    const viaRegistry = await backboneRetriever('hybrid', corpus, { embedder, vectors });
    const manual = createRrfRetriever(
      'hybrid',
      [createBm25Retriever(corpus.passages), createDenseRetriever(corpus, { embedder, vectors })],
      { depth: 100 }, // the hybrid backbone's default depth
    );
    expect(await viaRegistry.retrieve('gamma', 2)).toEqual(await manual.retrieve('gamma', 2));
  });
});

import { describe, expect, it } from 'vitest';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import type { Passage } from '../../../src/core/types.ts';
import { describeRetrieverContract } from './contract.ts';

describeRetrieverContract('bm25', async (passages) => createBm25Retriever(passages));
describeRetrieverContract('bm25 (k1 = 0.9, b = 0.75)', async (passages) =>
  createBm25Retriever(passages, { k1: 0.9, b: 0.75 }),
);

const p = (id: string, title: string, text: string): Passage => ({ id, title, text });

describe('bm25 retriever ranking', () => {
  it('matches on the title as well as the text', async () => {
    // "Saone" appears only in the second passage's title; its text never says it.
    const r = createBm25Retriever([
      p('a', 'Lyon', 'A city on the Saone and the Rhone.'),
      p('b', 'Saône', 'A French river.'),
    ]);
    const top = await r.retrieve('Saone', 2);
    // Both mention it once (accents fold away), and "b" is shorter, so its title-only mention wins.
    expect(top.map((x) => x.id)).toEqual(['b', 'a']);
  });

  it('prefers the passage matching the rarer of two query terms', async () => {
    // "physicist" is in three passages, "crystallography" in one: idf makes the rare match worth more.
    const r = createBm25Retriever([
      p('a', 'A', 'a physicist of note'),
      p('b', 'B', 'a physicist of renown'),
      p('c', 'C', 'crystallography of note'),
      p('d', 'D', 'a physicist once more'),
    ]);
    const top = await r.retrieve('physicist crystallography', 4);
    expect(top[0]?.id).toBe('c');
  });

  it('gives identical passages identical scores, earlier passage first', async () => {
    const r = createBm25Retriever([
      p('x', 'T', 'identical words here'),
      p('y', 'T', 'other words'),
      p('z', 'T', 'identical words here'),
    ]);
    const top = await r.retrieve('identical', 3);
    expect(top.map((h) => h.id)).toEqual(['x', 'z']);
    expect(top[0]?.score).toBe(top[1]?.score);
  });

  it('indexes a retriever whose index can be searched directly', () => {
    const r = createBm25Retriever([p('a', 'Lyon', 'city')]);
    expect(r.name).toBe('bm25');
    expect(r.index.search('lyon', 5)).toEqual([{ id: 'a', score: expect.any(Number) }]);
  });
});

describe("backboneRetriever('bm25')", () => {
  const corpus = { id: 'c', name: 'c', passages: [p('a', 'Lyon', 'a city'), p('b', 'Paris', 'a capital city')] };

  it('builds the same retriever as createBm25Retriever, with its options', async () => {
    const built = await backboneRetriever('bm25', corpus, { options: { k1: 0.5, b: 1 } });
    expect(built.name).toBe('bm25');
    expect(await built.retrieve('city', 2)).toEqual(
      await createBm25Retriever(corpus.passages, { k1: 0.5, b: 1 }).retrieve('city', 2),
    );
  });

  it('refuses unknown or mistyped options', async () => {
    await expect(backboneRetriever('bm25', corpus, { options: { k3: 1 } })).rejects.toThrow(/unknown option "k3"/);
    await expect(backboneRetriever('bm25', corpus, { options: { b: '0.4' } })).rejects.toThrow(
      /option b must be a number/,
    );
    await expect(backboneRetriever('bm25', corpus, { options: { b: 2 } })).rejects.toThrow(/b must be in \[0, 1\]/);
  });
});

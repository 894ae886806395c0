import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/core/embed/port.ts';
import { collectFacts, createBm25FactIndex, createEmbeddedFactIndex } from '../../../src/core/triples/fact-index.ts';
import { tripleText } from '../../../src/core/triples/triple-index.ts';
import { AbortedError } from '../../../src/core/errors.ts';
import { openIeTriples } from '../../support/tiny-corpus.ts';

const triples = openIeTriples({
  p1: [
    ['Lothair II', 'son of', 'Ermengarde of Tours'],
    ['Lothair II', 'king of', 'Lotharingia'],
  ],
  p2: [
    ['Ermengarde of Tours', 'died on', '20 March 851'],
    ['Lothair II', 'son of', 'Ermengarde of Tours!'],
    ['...', 'x', 'y'],
  ],
});

describe('triple index (facts of a triple set)', () => {
  it('deduplicates normalised facts, keeping every passage a fact comes from, and drops empty parts', () => {
    const facts = collectFacts(triples);
    expect(facts.map(tripleText)).toEqual([
      'lothair ii son of ermengarde of tours',
      'lothair ii king of lotharingia',
      'ermengarde of tours died on 20 march 851',
    ]);
    expect(facts[0]!.passages).toEqual(['p1', 'p2']);
  });

  it('ranks facts by BM25 over their strings, min–max normalised (best = 1), best first, at most k', async () => {
    const index = createBm25FactIndex(collectFacts(triples));
    expect(index.scorer).toBe('bm25-triple-strings');
    const top = await index.search('Ermengarde of Tours died when?', 2);
    expect(top).toHaveLength(2);
    expect(top[0]).toEqual({ fact: 2, score: 1 });
    expect(top[1]!.fact).toBe(0);
    expect(top[1]!.score).toBeGreaterThan(0);
    expect(top[1]!.score).toBeLessThan(1);
    expect(await index.search('zzzz', 5)).toEqual([]);
    expect(await index.search('lothair', 0)).toEqual([]);
    const c = new AbortController();
    c.abort();
    await expect(index.search('lothair', 3, c.signal)).rejects.toBeInstanceOf(AbortedError);
  });
});

describe('embedded triple index (HippoRAG 2 get_fact_scores)', () => {
  it('scores facts by dot product with the query vector, min–max normalised over all facts', async () => {
    // A bag-of-words embedder over three words, L2-normalised: enough to check the scoring arithmetic.
    const vocab = ['lothair', 'ermengarde', 'died'];
    const embedder: Embedder = {
      label: 'bag of words',
      model: 'bow',
      dispose: async () => {},
      embed: async (texts) => {
        const data = new Float32Array(texts.length * 3);
        texts.forEach((t, i) => {
          const v = vocab.map((w) => (t.toLowerCase().includes(w) ? 1 : 0));
          const n = Math.hypot(...v) || 1;
          v.forEach((x, j) => (data[i * 3 + j] = x / n));
        });
        return { dim: 3, count: texts.length, data };
      },
    };
    const index = await createEmbeddedFactIndex(collectFacts(triples), embedder);
    expect(index.scorer).toBe('embedding');
    const top = await index.search('Ermengarde died', 3);
    expect(top.map((t) => t.fact)).toEqual([2, 0, 1]);
    expect(top[0]!.score).toBe(1);
    expect(top[2]!.score).toBe(0);
    // cosines 1, 0.5, 0 -> normalised 1, 0.5, 0
    expect(top[1]!.score).toBeCloseTo(0.5, 6);
  });
});

import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../../src/core/errors.ts';
import { BM25_DEFAULTS, Bm25Index } from '../../../src/core/index/bm25.ts';
import { Bm25Error } from '../../../src/core/index/bm25-snapshot.ts';

const docs = (...texts: string[]) => texts.map((text, i) => ({ id: `d${i}`, text }));

describe('Bm25Index scoring', () => {
  it('computes the documented formula by hand', () => {
    // Terms per doc: d0 [apple, banana, apple] (3), d1 [banana, cherry] (2), d2 [cherry, date, elder, fig] (4).
    const index = Bm25Index.build(docs('apple banana apple', 'banana cherry', 'cherry date elder fig'));
    expect(BM25_DEFAULTS).toEqual({ k1: 1.2, b: 0.4 });
    const N = 3;
    const avgdl = (3 + 2 + 4) / 3; // 3
    const { k1, b } = BM25_DEFAULTS;
    const idf = (df: number) => Math.log(1 + (N - df + 0.5) / (df + 0.5));
    const term = (tf: number, df: number, dl: number) =>
      (idf(df) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * dl) / avgdl));
    // "apple banana": d0 has apple twice (df 1) and banana once (df 2); d1 has banana once.
    const hits = index.search('apple banana', 10);
    expect(hits.map((h) => h.id)).toEqual(['d0', 'd1']);
    expect(hits[0]?.score).toBeCloseTo(term(2, 1, 3) + term(1, 2, 3), 6);
    expect(hits[1]?.score).toBeCloseTo(term(1, 2, 2), 6);
    // Numerically: idf(1) = ln(1 + 2.5/1.5) = 0.98083, and d0's apple part is 0.98083 * 2 * 2.2 / 3.2.
    expect(term(2, 1, 3)).toBeCloseTo(1.348644, 5);
  });

  it('counts a repeated query term once per repetition', () => {
    const index = Bm25Index.build(docs('apple pie', 'banana split'));
    const once = index.search('apple', 1)[0]?.score ?? NaN;
    expect(index.search('apple apple', 1)[0]?.score).toBeCloseTo(2 * once, 6);
  });

  it('ranks more occurrences higher at equal length', () => {
    // Both have 4 terms; d1 says "radium" twice, so its saturated tf is larger.
    const top = Bm25Index.build(docs('radium element metal found', 'radium radium element metal')).search('radium', 2);
    expect(top.map((h) => h.id)).toEqual(['d1', 'd0']);
  });

  it('ranks the shorter of two documents with one match higher (length normalisation)', () => {
    // Same tf and idf; d0 is three times longer than d1, so b > 0 discounts it.
    const top = Bm25Index.build(docs('tower lattice iron steel paint crowd', 'tower height')).search('tower', 2);
    expect(top.map((h) => h.id)).toEqual(['d1', 'd0']);
  });

  it('with b = 0 ignores length and breaks the tie by corpus index', () => {
    const index = Bm25Index.build(docs('tower lattice iron steel paint crowd', 'tower height'), { b: 0 });
    const top = index.search('tower', 2);
    expect(top.map((h) => h.id)).toEqual(['d0', 'd1']);
    expect(top[0]?.score).toBe(top[1]?.score);
  });

  it('returns [] when nothing matches, for k <= 0, and on an empty index', () => {
    const index = Bm25Index.build(docs('alpha beta'));
    expect(index.search('gamma', 5)).toEqual([]);
    expect(index.search('alpha', 0)).toEqual([]);
    expect(index.search('alpha', -1)).toEqual([]);
    expect(Bm25Index.build([]).search('alpha', 5)).toEqual([]);
    expect(Bm25Index.build(docs('', 'the of')).search('alpha', 5)).toEqual([]);
  });

  it('returns the same top-k as a full sort of brute-force scores (ties to the lower index)', () => {
    // 400 documents from a 12-word vocabulary: many exact ties.
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const vocab = ['ant', 'bee', 'cat', 'dog', 'eel', 'fox', 'gnu', 'hen', 'ibex', 'jay', 'kiwi', 'lynx'];
    const texts = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + Math.floor(rand() * 6) }, () => vocab[Math.floor(rand() * 12)]).join(' '),
    );
    const index = Bm25Index.build(docs(...texts));
    const all = index.search('cat dog kiwi', 400);
    const sorted = [...all].sort((x, y) => y.score - x.score || Number(x.id.slice(1)) - Number(y.id.slice(1)));
    expect(all).toEqual(sorted);
    for (const k of [1, 7, 50]) expect(index.search('cat dog kiwi', k)).toEqual(all.slice(0, k));
  });

  it('refuses bad parameters, duplicate ids and honours an aborted signal', () => {
    expect(() => Bm25Index.build(docs('a'), { b: 1.5 })).toThrow(Bm25Error);
    expect(() => Bm25Index.build(docs('a'), { k1: -1 })).toThrow(/k1 must be/);
    expect(() =>
      Bm25Index.build([
        { id: 'x', text: 'a' },
        { id: 'x', text: 'b' },
      ]),
    ).toThrow(/unique/);
    const c = new AbortController();
    c.abort();
    expect(() => Bm25Index.build(docs('a'), { signal: c.signal })).toThrow(AbortedError);
  });
});

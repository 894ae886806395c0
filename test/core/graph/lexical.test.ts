import { describe, expect, it } from 'vitest';
import { TrigramIndex, trigramCosine, trigrams } from '../../../src/core/graph/lexical.ts';
import { rng } from '../../../harness/rng.ts';

/** Phrases built from a small vocabulary plus one-letter edits, so many pairs land near any threshold. */
function phrases(count: number, seed: number): string[] {
  const rand = rng(seed);
  const words = [
    'ermengarde',
    'of',
    'tours',
    'lothair',
    'ii',
    'king',
    'franks',
    'west',
    'virginia',
    'county',
    'river',
    'a',
    'b1',
    'saint',
    'paul',
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const len = 1 + Math.floor(rand() * 4);
    let p = Array.from({ length: len }, () => words[Math.floor(rand() * words.length)]!).join(' ');
    if (rand() < 0.4) {
      const at = Math.floor(rand() * p.length);
      p = p.slice(0, at) + 'xyzq'[Math.floor(rand() * 4)] + p.slice(at + 1);
    }
    out.push(p);
  }
  return out;
}

const key = (p: { a: number; b: number }) => `${p.a},${p.b}`;

describe('TrigramIndex', () => {
  const list = phrases(400, 3);
  const grams = list.map(trigrams);
  const index = new TrigramIndex(list);

  it('finds exactly the pairs an all-pairs scan finds, with the same scores, at several thresholds', () => {
    for (const t of [0.5, 0.6, 0.8, 0.9, 1]) {
      const brute = new Map<string, number>();
      for (let a = 0; a < list.length; a++) {
        for (let b = a + 1; b < list.length; b++) {
          const s = trigramCosine(grams[a]!, grams[b]!);
          if (s >= t) brute.set(`${a},${b}`, s);
        }
      }
      const found = index.similarPairs(t);
      expect(found.every((p) => p.a < p.b)).toBe(true);
      expect(new Set(found.map(key)).size).toBe(found.length);
      expect(new Map(found.map((p) => [key(p), p.score]))).toEqual(brute);
      expect(brute.size).toBeGreaterThan(0);
    }
  });

  it('searches like a scan over all phrases: score >= threshold, best first, ties by id, limit honoured', () => {
    for (const query of ['ermengarde of tours', 'west virginia county', 'lothair ij', 'zzzz']) {
      const q = trigrams(query);
      const brute = list
        .map((_, id) => ({ id, score: trigramCosine(q, grams[id]!) }))
        .filter((h) => h.score >= 0.4)
        .sort((a, b) => b.score - a.score || a.id - b.id);
      expect(index.search(query, 0.4)).toEqual(brute);
      expect(index.search(query, 0.4, 3)).toEqual(brute.slice(0, 3));
    }
    expect(index.search('ermengarde of tours', 0.4).length).toBeGreaterThan(0);
    // the scratch counters are reset between calls: the same query gives the same answer twice
    expect(index.search('saint paul', 0.3)).toEqual(index.search('saint paul', 0.3));
  });

  it('handles empty input', () => {
    expect(new TrigramIndex([]).similarPairs(0.8)).toEqual([]);
    expect(new TrigramIndex(['']).search('', 0.5)).toEqual([]);
  });
});

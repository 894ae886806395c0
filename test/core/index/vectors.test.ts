import { describe, expect, it } from 'vitest';
import { dotAt, normalizeRows, VectorIndex, VectorIndexError } from '../../../src/core/index/vectors.ts';

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296 - 0.5;
  };
}

/** The reference: score every row, full sort by (score desc, index asc). */
function naiveTopK(data: Float32Array, dim: number, q: Float32Array, k: number): number[] {
  const qn = Math.hypot(...q);
  const scored = Array.from({ length: data.length / dim }, (_, r) => {
    let s = 0;
    for (let i = 0; i < dim; i++) s += (data[r * dim + i] as number) * (q[i] as number);
    return { r, s: Math.fround(s / qn) };
  });
  return scored
    .sort((a, b) => b.s - a.s || a.r - b.r)
    .slice(0, k)
    .map((x) => x.r);
}

describe('VectorIndex', () => {
  it('the WebAssembly SIMD kernel gives the scores and ranking of the JS kernel (dim 384)', () => {
    const rand = seeded(11);
    const dim = 384;
    const data = Float32Array.from({ length: 300 * dim }, rand);
    normalizeRows(data, dim);
    const simd = new VectorIndex(data, dim, { kernel: 'wasm-simd' });
    const js = new VectorIndex(data, dim, { kernel: 'js' });
    expect([simd.kernel, js.kernel]).toEqual(['wasm-simd', 'js']);
    expect(new VectorIndex(data, dim).kernel).toBe('wasm-simd');
    for (let t = 0; t < 5; t++) {
      const q = Float32Array.from({ length: dim }, rand);
      const a = simd.scoreAll(q);
      const b = js.scoreAll(q);
      for (let i = 0; i < a.length; i++) expect(a[i]).toBeCloseTo(b[i] as number, 5);
      expect(Array.from(simd.search(q, 20).indices)).toEqual(naiveTopK(data, dim, q, 20));
    }
    expect(() => new VectorIndex(new Float32Array(6), 3, { kernel: 'wasm-simd' })).toThrow(/dim % 4 === 0/);
  });

  it('agrees with a full sort on random unit vectors for several k (dim not a multiple of 4)', () => {
    const rand = seeded(7);
    const dim = 37;
    const data = Float32Array.from({ length: 500 * dim }, rand);
    normalizeRows(data, dim);
    const index = new VectorIndex(data, dim);
    for (const k of [1, 5, 64, 500, 900]) {
      const q = Float32Array.from({ length: dim }, rand);
      const hits = index.search(q, k);
      expect(Array.from(hits.indices)).toEqual(naiveTopK(data, dim, q, k));
      for (let i = 1; i < hits.scores.length; i++)
        expect(hits.scores[i - 1]).toBeGreaterThanOrEqual(hits.scores[i] as number);
    }
  });

  it('scores are cosines: a row scores 1 against itself, and the query need not be normalised', () => {
    const data = Float32Array.of(3, 4, 0, 1);
    normalizeRows(data, 2);
    const index = new VectorIndex(data, 2);
    const hits = index.search(Float32Array.of(6, 8), 2);
    expect(hits.indices[0]).toBe(0);
    expect(hits.scores[0]).toBeCloseTo(1, 6);
    expect(hits.scores[1]).toBeCloseTo(0.8, 6); // (0,1)·(0.6,0.8)
  });

  it('breaks ties by row index (corpus order)', () => {
    const data = Float32Array.of(0, 1, 1, 0, 0, 1, 0, 1);
    const hits = new VectorIndex(data, 2).search(Float32Array.of(0, 1), 4);
    expect(Array.from(hits.indices)).toEqual([0, 2, 3, 1]);
  });

  it('k <= 0 gives nothing; dot product unrolling handles tails', () => {
    const index = new VectorIndex(Float32Array.of(1, 0, 0, 1), 2);
    expect(index.search(Float32Array.of(1, 1), 0).indices.length).toBe(0);
    expect(index.search(Float32Array.of(1, 1), -1).indices.length).toBe(0);
    expect(dotAt(Float32Array.of(9, 1, 2, 3, 4, 5), 1, Float32Array.of(1, 1, 1, 1, 1), 5)).toBe(15);
  });

  it('names what is wrong: ragged data, dimension mismatch, zero vectors', () => {
    expect(() => new VectorIndex(new Float32Array(7), 3)).toThrow(VectorIndexError);
    expect(() => new VectorIndex(new Float32Array(6), 3).search(new Float32Array(4), 1)).toThrow(
      /query has 4 dimensions, the index has 3/,
    );
    expect(() => new VectorIndex(Float32Array.of(1, 0), 2).search(Float32Array.of(0, 0), 1)).toThrow(/norm 0/);
    expect(() => normalizeRows(Float32Array.of(1, 0, 0, 0), 2)).toThrow(/row 1 has norm 0/);
  });
});

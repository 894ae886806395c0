import { describe, expect, it } from 'vitest';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { createRrfRetriever, rrf, RrfError } from '../../../src/core/retrievers/rrf.ts';
import type { Ranked, Retriever } from '../../../src/core/types.ts';
import { describeRetrieverContract } from './contract.ts';

// Two different rankers over the same passages: BM25 on title + text, and BM25 on the text with a
// different length normalisation, fused by RRF.
describeRetrieverContract('rrf(bm25, bm25 b=1)', async (passages) =>
  createRrfRetriever('hybrid-test', [createBm25Retriever(passages), createBm25Retriever(passages, { k1: 2, b: 1 })], {
    depth: 20,
  }),
);

const list = (...ids: string[]): Ranked[] => ids.map((id, i) => ({ id, score: 100 - i }));

describe('rrf', () => {
  it('sums 1 / (k + rank) over the lists (Cormack et al. 2009; GEAR Eq. 3)', () => {
    const fused = rrf([list('a', 'b', 'c'), list('b', 'd')], { k: 60 });
    // b: 1/(60+2) + 1/(60+1) beats a: 1/61 alone; then a, then d (1/62) ties with... c (1/63) is last.
    expect(fused.map((r) => r.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[3]?.score).toBeCloseTo(1 / 63, 12);
  });

  it('ignores the input scores: only ranks count', () => {
    const a = rrf([
      [
        { id: 'x', score: 1e9 },
        { id: 'y', score: -5 },
      ],
      list('y', 'x'),
    ]);
    const b = rrf([
      list('x', 'y'),
      [
        { id: 'y', score: 0.2 },
        { id: 'x', score: 0.1 },
      ],
    ]);
    expect(a).toEqual(b);
  });

  it('breaks equal fused scores by best rank, then by first appearance', () => {
    // x and y both score 1/61 + 1/62; neither has a better best rank (1), so x (read first) wins.
    expect(rrf([list('x', 'y'), list('y', 'x')]).map((r) => r.id)).toEqual(['x', 'y']);
    // p: 1/61 + 1/63 vs q: 1/62 + 1/62: 1/(k+r) is convex, so the spread ranks sum higher and p
    // (and r, tied with p and read later) beat q, which was second in both lists.
    expect(rrf([list('p', 'q', 'r'), list('r', 'q', 'p')]).map((r) => r.id)).toEqual(['p', 'r', 'q']);
  });

  it('weights lists', () => {
    // With weight 3, list 2's top beats list 1's top: 3/61 > 1/61.
    expect(rrf([list('a'), list('b')], { weights: [1, 3] }).map((r) => r.id)).toEqual(['b', 'a']);
    expect(rrf([list('a'), list('b')], { weights: [1, 0] })[1]).toEqual({ id: 'b', score: 0 });
  });

  it('rejects malformed input with RrfError naming the problem', () => {
    expect(() => rrf([list('a')], { weights: [1, 2] })).toThrow(/1 lists/);
    expect(() => rrf([list('a', 'a')])).toThrow(RrfError);
    expect(() => rrf([list('a')], { k: -1 })).toThrow(/k must be/);
    expect(() => createRrfRetriever('empty', [])).toThrow(/at least one retriever/);
  });

  it('fetches depth results from every member before cutting to k', async () => {
    const asked: number[] = [];
    const fake = (ids: string[]): Retriever => ({
      name: 'fake',
      retrieve: (_q, k) => {
        asked.push(k);
        return Promise.resolve(list(...ids).slice(0, k));
      },
    });
    const r = createRrfRetriever('f', [fake(['a', 'b']), fake(['c', 'b'])], { depth: 2 });
    // With only the top 1 of each list, b would be missing; with depth 2 its two rank-2 hits
    // (2/62 = 0.0323) beat a's and c's single rank-1 hits (1/61 = 0.0164).
    expect((await r.retrieve('q', 1)).map((x) => x.id)).toEqual(['b']);
    expect(asked).toEqual([2, 2]);
  });
});

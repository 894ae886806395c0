// pairFusion: RRF of two final contexts per question, Recall@k computed by hand below.
import { describe, expect, it } from 'vitest';
import { pairFusion } from '../../../src/core/eval/pair-fusion.ts';

const r = (ids: string) => ids.split('').map((id, i) => ({ id, score: 10 - i }));

describe('pairFusion', () => {
  it('scores each pair by the Recall@k of the RRF fusion and sorts the best pair first', () => {
    // gold {a, x}. A = a b c: Recall@2 0.5. B = x y z: 0.5. C = b c d: 0.
    // RRF(A, B) top 2 = a, x (both 1/61) -> 1. RRF(A, C): b 1/62 + 1/61, c 1/63 + 1/62 beat a 1/61 -> 0.
    // RRF(B, C): x and b tie at 1/61, x read first -> x, b -> 0.5.
    const q = (ranking: string) => new Map([['q1', { ranking: r(ranking), gold: ['a', 'x'] }]]);
    const rows = pairFusion(
      new Map([
        ['A', { questions: q('abc') }],
        ['B', { questions: q('xyz') }],
        ['C', { questions: q('bcd') }],
      ]),
      2,
    );
    expect(rows[0]).toEqual({ a: 'A', b: 'B', shared: 1, recallA: 0.5, recallB: 0.5, fused: 1, gain: 0.5 });
    expect(rows.slice(1).map((x) => [x.a, x.b, x.fused])).toEqual([
      ['B', 'C', 0.5],
      ['A', 'C', 0],
    ]);
  });
});

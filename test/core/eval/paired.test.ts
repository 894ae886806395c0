// Paired bootstrap intervals (src/core/eval/paired.ts) on hand-checked score vectors.
import { describe, expect, it } from 'vitest';
import { formatInterval, pairedInterval, verdictOf } from '../../../src/core/eval/paired.ts';

const scores = (xs: readonly number[], prefix = 'q') => new Map(xs.map((x, i) => [`${prefix}${i}`, x]));

describe('pairedInterval', () => {
  it('a difference on every question is ahead, with the interval around the mean difference', () => {
    const a = scores(Array.from({ length: 40 }, (_, i) => 0.5 + (i % 4) * 0.1));
    const b = scores(Array.from({ length: 40 }, (_, i) => 0.3 + (i % 4) * 0.1 + (i % 2) * 0.05));
    const p = pairedInterval(a, b)!;
    expect(p.n).toBe(40);
    expect(p.diff).toBeCloseTo(0.175);
    expect(p.lo).toBeGreaterThan(0);
    expect(p.lo).toBeLessThanOrEqual(p.diff);
    expect(p.hi).toBeGreaterThanOrEqual(p.diff);
    expect(p.hi).toBeLessThanOrEqual(0.2);
    expect(p.verdict).toBe('ahead');
    expect(pairedInterval(b, a)!.verdict).toBe('behind');
  });

  it('wins and losses that cancel are tied; identical runs are tied at [0, 0]', () => {
    const a = scores([1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
    const b = scores([0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    const p = pairedInterval(a, b)!;
    expect(p.diff).toBe(0);
    expect(p.lo).toBeLessThan(0);
    expect(p.hi).toBeGreaterThan(0);
    expect(p.verdict).toBe('tied');
    expect(pairedInterval(a, a)).toMatchObject({ diff: 0, lo: 0, hi: 0, verdict: 'tied' });
  });

  it('pairs by question id (only shared ids), the same for any insertion order, and fixed by the seed', () => {
    const a = new Map([
      ['x', 1],
      ['y', 0.5],
      ['z', 0],
      ['only-a', 1],
    ]);
    const b = new Map([
      ['z', 0.5],
      ['y', 0.5],
      ['x', 0],
    ]);
    const p = pairedInterval(a, b)!;
    expect(p.n).toBe(3);
    expect(p.meanA).toBeCloseTo(0.5);
    expect(p.diff).toBeCloseTo((1 + 0 - 0.5) / 3);
    const reordered = pairedInterval(new Map([...a].reverse()), new Map([...b].reverse()))!;
    expect(reordered).toEqual(p);
    expect(pairedInterval(a, b, { seed: 7 })).not.toEqual(p);
    expect(pairedInterval(a, new Map([['w', 1]]))).toBeNull();
  });

  it('a non-finite score is an error naming the question', () => {
    expect(() => pairedInterval(new Map([['q1', Number.NaN]]), new Map([['q1', 1]]))).toThrow(/q1/);
  });

  it('verdicts and the printed form', () => {
    expect(verdictOf(0.01, 0.03)).toBe('ahead');
    expect(verdictOf(-0.03, -0.01)).toBe('behind');
    expect(verdictOf(-0.01, 0.03)).toBe('tied');
    expect(verdictOf(0, 0.03)).toBe('tied');
    expect(formatInterval({ n: 3, meanA: 0, meanB: 0, diff: -0.017, lo: -0.036, hi: 0.002, verdict: 'tied' })).toBe(
      '−1.7 points [−3.6, +0.2], tied',
    );
  });
});

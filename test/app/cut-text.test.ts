import { describe, expect, it } from 'vitest';
import { cutParts, cutSummary } from '../../src/app/trace/cut-text.ts';

describe('the cut told from its numbers', () => {
  const scores = new Map([
    ['p1', 0.15],
    ['p2', 0.3],
    ['a', 0.65],
    ['b', 0.62],
    ['c', 0.4],
  ]);
  it('promoted passages are not said to pass μ+σ; fill-ups are said to be below it', () => {
    const parts = cutParts({ threshold: 0.6, kept: ['p1', 'p2', 'a', 'b', 'c'] }, ['p1', 'p2'], (id) => scores.get(id));
    expect(parts).toEqual({ promoted: { n: 2, min: 0.15, max: 0.3 }, passers: 2, filled: 1 });
    expect(cutSummary(parts, 0.6, 5)).toBe(
      '2 promoted by the verifier (scores 0.15–0.30), 2 scoring at least μ+σ = 0.60, 1 below μ+σ, filled in to reach the minimum of 5',
    );
  });
  it('without a verifier only the passers are named', () => {
    const parts = cutParts({ threshold: 0.6, kept: ['a', 'b'] }, [], (id) => scores.get(id));
    expect(cutSummary(parts, 0.6)).toBe('2 scoring at least μ+σ = 0.60');
  });
});

import { describe, expect, it } from 'vitest';
import { allGoldAtK, goldRanks, MetricError, recallAtK } from '../../../src/core/eval/metrics.ts';

const ranking = ['p3', 'p1', 'p7', 'p2', 'p9'];

describe('recallAtK', () => {
  it('is the fraction of gold ids in the top k', () => {
    expect(recallAtK(ranking, ['p1', 'p2'], 1)).toBe(0);
    expect(recallAtK(ranking, ['p1', 'p2'], 2)).toBe(0.5);
    expect(recallAtK(ranking, ['p1', 'p2'], 4)).toBe(1);
    expect(recallAtK(ranking, ['p1', 'p2', 'p8'], 5)).toBeCloseTo(2 / 3, 12);
  });

  it('accepts k larger than the ranking', () => {
    expect(recallAtK(ranking, ['p9', 'p8'], 100)).toBe(0.5);
    expect(recallAtK([], ['p1'], 5)).toBe(0);
  });

  it('counts a duplicated ranking id once, and the copy still takes a slot', () => {
    // top 3 = p1, p1, p2: both gold found once each
    expect(recallAtK(['p1', 'p1', 'p2'], ['p1', 'p2'], 3)).toBe(1);
    // top 2 = p1, p1: the duplicate pushed p2 out
    expect(recallAtK(['p1', 'p1', 'p2'], ['p1', 'p2'], 2)).toBe(0.5);
  });

  it('counts duplicate gold ids once', () => {
    expect(recallAtK(ranking, ['p1', 'p1', 'p8'], 5)).toBe(0.5);
  });

  it('refuses an empty gold list and a k below 1', () => {
    expect(() => recallAtK(ranking, [], 5)).toThrow(MetricError);
    expect(() => recallAtK(ranking, [], 5)).toThrow(/empty gold list/);
    expect(() => recallAtK(ranking, ['p1'], 0)).toThrow(/k to be an integer >= 1, got 0/);
  });
});

describe('allGoldAtK', () => {
  it('is 1 only when every gold id is in the top k', () => {
    expect(allGoldAtK(ranking, ['p1', 'p2'], 3)).toBe(0);
    expect(allGoldAtK(ranking, ['p1', 'p2'], 4)).toBe(1);
    expect(allGoldAtK(ranking, ['p1', 'p8'], 100)).toBe(0);
    expect(allGoldAtK(['p1', 'p1'], ['p1', 'p1'], 1)).toBe(1);
  });

  it('refuses an empty gold list', () => {
    expect(() => allGoldAtK(ranking, [], 5)).toThrow(/eval\.allGoldAtK/);
  });
});

describe('goldRanks', () => {
  it('gives the 1-based rank of each gold id in gold order, null when absent', () => {
    expect(goldRanks(ranking, ['p2', 'p3', 'p8'])).toEqual([4, 1, null]);
  });

  it('uses the first occurrence of a duplicated ranking id', () => {
    expect(goldRanks(['p5', 'p1', 'p5'], ['p5'])).toEqual([1]);
  });

  it('returns one entry per gold id, so an empty gold list gives []', () => {
    expect(goldRanks(ranking, [])).toEqual([]);
    expect(goldRanks([], ['p1'])).toEqual([null]);
  });
});

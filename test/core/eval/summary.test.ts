import { describe, expect, it } from 'vitest';
import { MetricError, summarize, type QuestionScore } from '../../../src/core/eval/metrics.ts';

const rows: QuestionScore[] = [
  { id: 'a', type: 'bridge', hops: 2, recall: { 2: 0.5, 5: 1 }, allGold: { 2: 0, 5: 1 }, em: 1, f1: 1, acc: 1 },
  { id: 'b', type: 'bridge', hops: 3, recall: { 2: 0, 5: 0.5 }, allGold: { 2: 0, 5: 0 }, em: 0, f1: 0.5, acc: 1 },
  { id: 'c', type: 'comparison', hops: 2, recall: { 2: 1, 5: 1 }, allGold: { 2: 1, 5: 1 }, em: 0, f1: 0, acc: 0 },
  { id: 'd', recall: { 2: 0.5, 5: 0.5 }, allGold: { 2: 0, 5: 0 }, em: 1, f1: 0.5, acc: 0 },
];

describe('summarize', () => {
  it('averages every score over questions', () => {
    const s = summarize(rows, [2, 5]);
    expect(s.count).toBe(4);
    expect(s.recall).toEqual({ 2: 0.5, 5: 0.75 }); // (0.5+0+1+0.5)/4, (1+0.5+1+0.5)/4
    expect(s.allGold).toEqual({ 2: 0.25, 5: 0.5 });
    expect(s.em).toBe(0.5);
    expect(s.f1).toBe(0.5);
    expect(s.acc).toBe(0.5);
  });

  it('breaks down by type and hops with counts; untyped questions only count overall', () => {
    const s = summarize(rows, [2, 5]);
    expect(Object.keys(s.byType)).toEqual(['bridge', 'comparison']);
    expect(s.byType['bridge']).toEqual({
      count: 2,
      recall: { 2: 0.25, 5: 0.75 },
      allGold: { 2: 0, 5: 0.5 },
      em: 0.5,
      f1: 0.75,
      acc: 1,
    });
    expect(s.byType['comparison']?.count).toBe(1);
    expect(Object.keys(s.byHops)).toEqual(['2', '3']);
    expect(s.byHops['2']).toEqual({
      count: 2,
      recall: { 2: 0.75, 5: 1 },
      allGold: { 2: 0.5, 5: 1 },
      em: 0.5,
      f1: 0.5,
      acc: 0.5,
    });
    expect(s.byHops['3']?.f1).toBe(0.5);
  });

  it('leaves answer means out when rows carry only retrieval scores', () => {
    const s = summarize(
      rows.map(({ id, recall, allGold }) => ({ id, recall, allGold })),
      [2],
    );
    expect(s).toEqual({ count: 4, recall: { 2: 0.5 }, allGold: { 2: 0.25 }, byType: {}, byHops: {} });
    expect('em' in s).toBe(false);
  });

  it('summarizes answer scores alone with ks = []', () => {
    const s = summarize(
      rows.map(({ id, em, f1, acc }) => ({ id, em, f1, acc, recall: {}, allGold: {} })),
      [],
    );
    expect(s.em).toBe(0.5);
    expect(s.recall).toEqual({});
  });

  it('refuses no rows, a missing k, and answer scores on only some rows', () => {
    expect(() => summarize([], [5])).toThrow(MetricError);
    expect(() => summarize(rows, [10])).toThrow(/question "a" has no recall\/allGold score for k=10/);
    const mixed = [rows[0] as QuestionScore, { id: 'x', recall: { 2: 0, 5: 0 }, allGold: { 2: 0, 5: 0 } }];
    expect(() => summarize(mixed, [2])).toThrow(/question "x" lacks "em"/);
  });
});

// Recall@k over gold items (a document questions file's gold names files or sections, each possibly
// several passages), and n/a (null, never 0) for questions without gold, pooled by summarize.
import { describe, expect, it } from 'vitest';
import { goldAllAtK, goldRecallAtK, recallAtK, summarize } from '../../../src/core/eval/metrics.ts';
import { scoreRanking } from '../../../src/core/batch/retrieval.ts';

describe('goldRecallAtK', () => {
  it('counts an item found when any of its passages is in the top k', () => {
    const q = { gold: ['a1', 'a2', 'b1'], goldItems: [['a1', 'a2'], ['b1']] };
    expect(goldRecallAtK(['a2', 'x', 'y'], q, 2)).toBe(0.5);
    expect(goldRecallAtK(['a2', 'b1'], q, 2)).toBe(1);
    expect(goldAllAtK(['a2', 'x', 'b1'], q, 2)).toBe(0);
    expect(goldAllAtK(['a2', 'x', 'b1'], q, 3)).toBe(1);
  });

  it('equals recallAtK without items, and is null without gold', () => {
    expect(goldRecallAtK(['a', 'c', 'b'], { gold: ['a', 'b'] }, 2)).toBe(recallAtK(['a', 'c', 'b'], ['a', 'b'], 2));
    expect(goldRecallAtK(['a'], { gold: [] }, 2)).toBeNull();
    expect(goldAllAtK(['a'], { gold: [] }, 2)).toBeNull();
  });
});

describe('summaries with questions without gold', () => {
  const ranking = [{ id: 'a1', score: 1 }];
  it('leave them out of the recall means and say how many had gold', () => {
    const rows = [
      scoreRanking({ id: 'q1', question: 'x', answers: [], gold: ['a1'] }, ranking, [1]),
      scoreRanking({ id: 'q2', question: 'y', answers: [], gold: [] }, ranking, [1]),
    ];
    expect(rows[1]).toMatchObject({ noGold: true, recall: {} });
    expect(summarize(rows, [1])).toMatchObject({ count: 2, withGold: 1, recall: { 1: 1 }, allGold: { 1: 1 } });
  });

  it('are n/a (null) when no question has gold', () => {
    const rows = [scoreRanking({ id: 'q', question: 'y', answers: [], gold: [] }, ranking, [1, 5])];
    expect(summarize(rows, [1, 5])).toMatchObject({
      withGold: 0,
      recall: { 1: null, 5: null },
      allGold: { 1: null, 5: null },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { hopCount, selectionChoices, selectQuestions, type QuestionSelection } from '../../src/app/batch/select.ts';
import { roundGroups } from '../../src/app/batch/results.ts';
import { valueLabelLayout } from '../../src/features/batch/charts.tsx';
import type { Question } from '../../src/core/types.ts';

/** 40 questions: MuSiQue-like ids carry the hop count; the first 20 are all 2-hop, as in MuSiQue's dev set. */
const questions: Question[] = Array.from({ length: 40 }, (_, i) => {
  const hops = i < 20 ? 2 : 2 + (i % 3);
  return {
    id: `q${i}`,
    question: `question ${i}`,
    answers: [],
    gold: Array.from({ length: hops }, (_, j) => `p${i}-${j}`),
    type: i % 2 ? 'bridge' : 'comparison',
    hops,
  };
});
const sel = (o: Partial<QuestionSelection>): QuestionSelection => ({
  pick: 'sample',
  count: 5,
  seed: 7,
  type: null,
  hops: null,
  ...o,
});

describe('batch question selection', () => {
  it('the same seed picks the same questions; another seed picks others', () => {
    const a = selectQuestions(questions, sel({})).map((q) => q.id);
    expect(a).toHaveLength(5);
    expect(selectQuestions(questions, sel({})).map((q) => q.id)).toEqual(a);
    expect(selectQuestions([...questions], sel({})).map((q) => q.id)).toEqual(a);
    expect(selectQuestions(questions, sel({ seed: 8 })).map((q) => q.id)).not.toEqual(a);
    // dataset order, no repeats
    expect(new Set(a).size).toBe(5);
    expect(a).toEqual([...a].sort((x, y) => Number(x.slice(1)) - Number(y.slice(1))));
  });

  it('a sample reaches past the first N (the first 20 are all 2-hop)', () => {
    const ids = new Set(
      [1, 2, 3, 4, 5].flatMap((seed) => selectQuestions(questions, sel({ seed })).map((q) => Number(q.id.slice(1)))),
    );
    expect([...ids].some((i) => i >= 20)).toBe(true);
    expect(selectQuestions(questions, sel({ pick: 'first' })).map((q) => q.id)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4']);
  });

  it('filters by hop count and type before sampling, and takes all when fewer match', () => {
    const three = selectQuestions(questions, sel({ hops: 3 }));
    expect(three).toHaveLength(5);
    expect(three.every((q) => q.hops === 3)).toBe(true);
    const bridge4 = selectQuestions(questions, sel({ hops: 4, type: 'bridge', count: 50 }));
    expect(bridge4.length).toBeGreaterThan(0);
    expect(bridge4.every((q) => q.hops === 4 && q.type === 'bridge')).toBe(true);
    expect(bridge4).toHaveLength(questions.filter((q) => q.hops === 4 && q.type === 'bridge').length);
    expect(selectQuestions(questions, sel({ hops: 9 }))).toEqual([]);
  });

  it('hop count: the dataset’s, else the structured gold’s hops, else one per gold passage', () => {
    const q = { id: 'x', question: '', answers: [], gold: ['a', 'b', 'c'] } satisfies Question;
    expect(hopCount({ ...q, hops: 4 })).toBe(4);
    expect(
      hopCount({ ...q, evidence: { hops: [{ passages: ['a'] }, { passages: ['b'] }], bridge: [], bridgeRule: '' } }),
    ).toBe(2);
    expect(hopCount(q)).toBe(3);
    expect(hopCount({ ...q, gold: [] })).toBeUndefined();
    expect(selectionChoices(questions)).toEqual({ types: ['bridge', 'comparison'], hops: [2, 3, 4] });
  });
});

describe('per-round plots', () => {
  it('a round a strategy never reached is n/a (NaN), not its last pool carried on', () => {
    const groups = roundGroups([
      { strategy: 'bm25', rounds: [0.5] },
      { strategy: 'bdtr/bm25', rounds: [0.5, 0.7, 0.8] },
      { strategy: 'empty', rounds: [] },
    ]);
    expect(groups.map((g) => g.label)).toEqual(['round 0', 'round 1', 'round 2']);
    expect(groups[0]?.values.map((v) => v.value)).toEqual([0.5, 0.5, Number.NaN]);
    expect(groups[2]?.values.map((v) => v.value)).toEqual([Number.NaN, 0.8, Number.NaN]);
    // a zero that exists stays a zero
    expect(roundGroups([{ strategy: 'a', rounds: [0] }])[0]?.values[0]?.value).toBe(0);
  });

  it('value labels too wide for their bar are drawn upright, so neighbours never overlap', () => {
    expect(valueLabelLayout(36, ['100%', '50%']).upright).toBe(false);
    const narrow = valueLabelLayout(12, ['100%', 'n/a']);
    expect(narrow.upright).toBe(true);
    expect(narrow.fontSize).toBeLessThan(13);
  });
});

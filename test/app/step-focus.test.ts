import { describe, expect, it } from 'vitest';
import { stepFocus } from '../../src/features/inspector/step-focus.ts';
import type { TraceEvent } from '../../src/core/trace/schema.ts';

const ev = (type: string, round: number, extra: object = {}) =>
  ({ type, round, t: 0, ...extra }) as unknown as TraceEvent;
const events = [
  ev('round.start', 0),
  ev('retrieve', 0, { results: [{ id: 'a', score: 1 }] }),
  ev('pool', 0, { pool: [{ id: 'a', score: 1, rank: 1, delta: null }] }),
  ev('round.start', 1),
  ev('llm', 1),
  ev('verify', 1, { candidates: ['a', 'b'], selected: ['b'] }),
  ev('llm', 1),
  ev('cutoff', 1, { mu: 0, sigma: 0, threshold: 0, kept: ['b', 'a'] }),
  ev('answer', 1, { text: 'x', citations: ['b'] }),
];

describe('the panel each step is about', () => {
  it('rounds, the rank chart, the verifier, the cut and the answer, with the passages each names', () => {
    expect(stepFocus(events, 0)).toBeNull();
    expect(stepFocus(events, 1)).toEqual({ panel: 'round', round: 0, ids: [] });
    expect(stepFocus(events, 2)).toEqual({ panel: 'round', round: 0, ids: ['a'] });
    expect(stepFocus(events, 3)).toEqual({ panel: 'ranks', round: 0, ids: ['a'] });
    expect(stepFocus(events, 6)).toEqual({ panel: 'verifier', round: 1, ids: ['b'] });
    expect(stepFocus(events, 8)).toEqual({ panel: 'cut', round: 1, ids: ['b', 'a'] });
    expect(stepFocus(events, 9)).toEqual({ panel: 'answer', round: 1, ids: ['b'] });
  });
  it('an LLM call stays on the panel of the step before it', () => {
    expect(stepFocus(events, 5)).toEqual({ panel: 'round', round: 1, ids: [] });
    expect(stepFocus(events, 7)).toEqual({ panel: 'verifier', round: 1, ids: ['b'] });
  });
});

describe("the planner's steps", () => {
  it('a plan brings the planner panel into view; its LLM call stays there', () => {
    const plans = [
      ev('round.start', 1),
      ev('plan', 1, { step: 1, action: 'continue', partialAnswer: 'p', subquery: 'q', anchors: [] }),
      ev('llm', 1),
    ];
    expect(stepFocus(plans, 2)).toEqual({ panel: 'plan', round: 1, ids: [] });
    expect(stepFocus(plans, 3)).toEqual({ panel: 'plan', round: 1, ids: [] });
  });
});

// The fold gives the steps and chapters every presenter uses (step bar, tour, graph slider): the same
// stops, computed once.
import { describe, expect, it } from 'vitest';
import { foldTrace, roundAtStep, roundEndStep } from '../../../src/core/trace/fold.ts';
import type { TraceEvent } from '../../../src/core/trace/schema.ts';

const pool = (round: number, ids: string[]) =>
  ({
    type: 'pool',
    round,
    t: 0,
    pool: ids.map((id, i) => ({ id, score: 1 - i / 10, rank: i + 1, delta: null })),
  }) as TraceEvent;
const ev = (type: string, round: number, extra: object = {}) =>
  ({ type, round, t: 0, ...extra }) as unknown as TraceEvent;

// A BDTR-shaped run: round 0, round 1, verifier, promotion (and its pool), cut, answer, a trailing llm call.
const events: TraceEvent[] = [
  ev('round.start', 0),
  pool(0, ['a', 'b']),
  ev('round.start', 1),
  pool(1, ['b', 'a', 'c']),
  ev('verify', 1, { candidates: ['b', 'a', 'c'], selected: ['c'] }),
  ev('promote', 1, { moves: [{ id: 'c', from: 3, to: 1 }] }),
  pool(1, ['c', 'b', 'a']),
  ev('cutoff', 1, { mu: 0.5, sigma: 0.1, threshold: 0.6, kept: ['c', 'b'] }),
  ev('answer', 1, { text: 'x' }),
  ev('llm', 1, {
    module: 'answer',
    usage: { prompt: 1, completion: 1, total: 2 },
    cached: false,
    latencyMs: 1,
    provider: 'p',
    model: 'm',
    request: { messages: [] },
    response: 'x',
  }),
];

describe("the fold's steps and chapters", () => {
  const model = foldTrace(events);

  it('chapters are the rounds, the verifier, the promotion, the cut, the answer, then the end', () => {
    expect(model.steps).toBe(10);
    expect(model.chapters.map((c) => [c.kind, c.step, c.round])).toEqual([
      ['round', 1, 0],
      ['round', 3, 1],
      ['verify', 5, 1],
      ['promote', 6, 1],
      ['cutoff', 8, 1],
      ['answer', 9, 1],
      ['end', 10, 1],
    ]);
  });

  it('every stage says at which step it appears', () => {
    expect(model.stages.map((s) => [s.kind, s.step])).toEqual([
      ['initial', 2],
      ['round', 4],
      ['verifier', 7],
      ['final', 8],
    ]);
  });

  it('a prefix folds to the chapters it has reached (a live run)', () => {
    expect(foldTrace(events.slice(0, 4)).chapters.map((c) => c.step)).toEqual([1, 3, 4]);
  });

  it('the graph slider: the round on screen at a step, and the last step of a round', () => {
    expect(roundAtStep(model, 1)).toBe(0);
    expect(roundAtStep(model, 3)).toBe(0);
    expect(roundAtStep(model, 4)).toBe(1);
    expect(roundEndStep(model, 0)).toBe(2);
    expect(roundEndStep(model, 1)).toBe(4);
  });
});

describe("the planner's chapters", () => {
  it("each plan is a chapter, so PageDown stops at the planner's decisions", () => {
    const planned = [
      ev('round.start', 1),
      pool(1, ['a']),
      ev('plan', 1, { step: 1, action: 'continue', partialAnswer: 'p', subquery: 'q', anchors: [] }),
      ev('round.start', 2),
      pool(2, ['b']),
      ev('plan', 2, { step: 2, action: 'finalize', partialAnswer: 'x', anchors: [] }),
      ev('answer', 2, { text: 'x', citations: ['b'] }),
    ];
    expect(foldTrace(planned).chapters.map((c) => [c.kind, c.step])).toEqual([
      ['round', 1],
      ['plan', 3],
      ['round', 4],
      ['plan', 6],
      ['answer', 7],
    ]);
  });
});

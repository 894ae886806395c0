import { describe, expect, it } from 'vitest';
import { chapterStarts, stepKeyApplies, stepKeyTarget } from '../../src/features/inspector/step-keys.ts';
import type { TraceEvent } from '../../src/core/trace/schema.ts';

// Each event carries the fields the fold reads (the chapters are the fold's).
const ev = (type: string, round = 0) =>
  ({
    type,
    round,
    t: 0,
    pool: [],
    kind: 'fast',
    text: '',
    query: 'q',
    label: 'question',
    results: [],
    candidates: [],
    selected: [],
    moves: [],
    kept: [],
    mu: 0,
    sigma: 0,
    threshold: 0,
    module: 'answer',
    usage: { prompt: 0, completion: 0, total: 0 },
    cached: false,
    latencyMs: 0,
    provider: 'p',
  }) as unknown as TraceEvent;
// round 0, round 1, verify, promote, cutoff, answer
const events = [
  ev('round.start'),
  ev('retrieve'),
  ev('pool'),
  ev('round.start', 1),
  ev('thought', 1),
  ev('pool', 1),
  ev('verify', 1),
  ev('promote', 1),
  ev('pool', 1),
  ev('cutoff', 1),
  ev('answer', 1),
  ev('llm', 1),
];

describe('step-through keys', () => {
  it('stages are the rounds, the verifier, the promotion, the cut, the answer, and the last step', () => {
    expect(chapterStarts(events)).toEqual([1, 4, 7, 8, 10, 11, 12]);
  });
  it('PageDown from step 1 walks every stage to the end; PageUp walks back to step 1', () => {
    const seen: number[] = [];
    for (let at = 1; at < events.length;) seen.push((at = stepKeyTarget('PageDown', at, events) as number));
    expect(seen).toEqual([4, 7, 8, 10, 11, 12]);
    expect(stepKeyTarget('PageDown', 12, events)).toBe(12);
    expect(stepKeyTarget('PageUp', 4, events)).toBe(1);
    expect(stepKeyTarget('PageUp', 1, events)).toBe(1);
  });
  it('arrows clamp instead of getting stuck; Home/End; other keys are not step keys', () => {
    expect(stepKeyTarget('ArrowLeft', 1, events)).toBe(1);
    expect(stepKeyTarget('ArrowRight', 12, events)).toBe(12);
    expect(stepKeyTarget('Home', 7, events)).toBe(1);
    expect(stepKeyTarget('End', 7, events)).toBeNull();
    expect(stepKeyTarget('a', 7, events)).toBeUndefined();
    expect(stepKeyTarget('Home', 0, [])).toBeUndefined();
  });
});

describe('where the step keys step', () => {
  it('a clicker steps on every tab and from a select, never in a text field', () => {
    for (const view of ['inspector', 'graph', 'batch', 'settings'])
      for (const key of ['PageUp', 'PageDown', 'Home', 'End']) {
        expect(stepKeyApplies(key, 'other', view)).toBe(true);
        expect(stepKeyApplies(key, 'select', view)).toBe(true);
        expect(stepKeyApplies(key, 'text', view)).toBe(false);
      }
  });
  it('the arrows step where the step is shown (inspector, graph), and never move a select', () => {
    expect(stepKeyApplies('ArrowRight', 'other', 'graph')).toBe(true);
    expect(stepKeyApplies('ArrowLeft', 'select', 'inspector')).toBe(true);
    expect(stepKeyApplies('ArrowRight', 'other', 'batch')).toBe(false);
    expect(stepKeyApplies('ArrowRight', 'text', 'inspector')).toBe(false);
    // ArrowUp/ArrowDown still choose a select's option.
    expect(stepKeyApplies('ArrowDown', 'select', 'inspector')).toBe(false);
  });
});

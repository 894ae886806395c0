import { describe, expect, it } from 'vitest';
import { gearView } from '../../../src/core/strategies/gear-trace.ts';
import { foldTrace } from '../../../src/core/trace/fold.ts';
import type { TraceEvent } from '../../../src/core/trace/schema.ts';

const t = (id: string, s: string, o: string) => ({ id, subject: s, predicate: 'p', object: o, passage: `P-${id}` });
const entry = (text: string) => ({ text, passages: ['a'], queries: ['q'] });
const usage = (total: number) => ({ prompt: total, completion: 0, total });
const llm = (round: number, total: number): TraceEvent => ({
  type: 'llm',
  t: 0,
  round,
  module: 'gear.reader',
  prompt: [],
  response: '',
  usage: usage(total),
  cached: false,
  latencyMs: 1,
  provider: 'x',
  model: 'm',
});
const events: TraceEvent[] = [
  { type: 'retrieve', t: 0, round: 1, query: 'q1', label: 'step 1', results: [] },
  {
    type: 'beam',
    t: 0,
    round: 1,
    step: 1,
    kept: [{ triples: ['t0'], score: 1, weight: 1 }],
    pruned: [],
    triples: [t('t0', 'A', 'B')],
  },
  {
    type: 'beam',
    t: 0,
    round: 1,
    step: 2,
    kept: [{ triples: ['t0', 't1'], score: 1.5, weight: 0.9 }],
    pruned: [{ triples: ['t0', 't2'], score: 1, weight: 1 }],
    triples: [t('t0', 'A', 'B'), t('t1', 'B', 'C'), t('t2', 'B', 'D')],
  },
  { type: 'memory', t: 0, round: 1, kind: 'gist', entries: [entry('x')] },
  llm(1, 10),
  { type: 'retrieve', t: 0, round: 2, query: 'q2', label: 'step 2', results: [] },
  {
    type: 'beam',
    t: 0,
    round: 2,
    step: 1,
    kept: [{ triples: ['t1'], score: 1, weight: 1 }],
    pruned: [],
    triples: [t('t1', 'B', 'C')],
  },
  { type: 'memory', t: 0, round: 2, kind: 'gist', entries: [entry('x'), entry('y')] },
  llm(2, 5),
  llm(2, 7),
];

describe('gearView', () => {
  it('reads beams per step with their query, memory with new entries, and the final paths per round', () => {
    const v = gearView(events);
    expect(v.beams.map((b) => [b.round, b.step, b.query, b.pruned])).toEqual([
      [1, 1, 'q1', 0],
      [1, 2, 'q1', 1],
      [2, 1, 'q2', 0],
    ]);
    expect(v.beams[1]!.kept[0]!.triples.map((x) => `${x.subject}-${x.object}`)).toEqual(['A-B', 'B-C']);
    expect(v.memory.map((m) => m.entries.map((e) => [e.text, e.isNew]))).toEqual([
      [['x', true]],
      [
        ['x', false],
        ['y', true],
      ],
    ]);
    expect(v.paths.map((p) => [p.round, p.triples.map((x) => x.id)])).toEqual([
      [1, ['t0', 't1']],
      [2, ['t1']],
    ]);
  });
  it('sums LLM tokens per round (GEAR Fig. 4)', () => {
    expect([...foldTrace(events).tokensByRound]).toEqual([
      [1, 10],
      [2, 12],
    ]);
  });
});

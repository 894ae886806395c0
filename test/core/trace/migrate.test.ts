// Trace v2 (issue 11): version-1 traces and run files load, are upgraded in memory and score exactly
// as before; version 2 round-trips.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRunOrTrace } from '../../../src/app/trace/run-file.ts';
import { runMetrics } from '../../../src/core/eval/run-metrics.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import { foldTrace } from '../../../src/core/trace/fold.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/traces/${name}`, import.meta.url), 'utf8');

describe('version-1 traces', () => {
  it('a recorded v1 BDTR trace loads as v2 and scores as it did under v1', () => {
    const raw = JSON.parse(fixture('bdtr-offline-demo-01.json')) as { version: number };
    expect(raw.version).toBe(1);
    const trace = loadTrace(raw);
    expect(trace.version).toBe(2);
    expect(trace.regime).toBe('iterative');
    const m = runMetrics(trace, [2, 5, 10]);
    // Pinned from the v1 reader before the migration existed.
    expect(m).toMatchObject({
      recall: { 2: 1, 5: 1, 10: 1 },
      allGold: { 2: 1, 5: 1, 10: 1 },
      em: 1,
      f1: 1,
      acc: 1,
      answer: 'Dunmere',
      llmCalls: 5,
    });
    expect(m.recallByRound.map((r) => r[5])).toEqual([0.5, 1, 1, 1]);
  });

  it('a hand-written v1 run file loads; flat memory strings become entries with empty provenance', () => {
    const { trace, passages } = parseRunOrTrace(fixture('v1-run-file.json'), 'v1-run-file.json');
    expect(trace.version).toBe(2);
    expect(passages).toHaveLength(3);
    expect(foldTrace(trace.events).memory).toEqual([
      { round: 1, kind: 'gist', entries: [{ text: 'Blue Tide | written by | Ana Vell', passages: [], queries: [] }] },
    ]);
    const m = runMetrics(trace, [1, 2]);
    expect(m.recall).toEqual({ 1: 0.5, 2: 1 });
    expect(m.recallByRound).toEqual([
      { 1: 0.5, 2: 0.5 },
      { 1: 0.5, 2: 1 },
    ]);
    expect(m).toMatchObject({ em: 1, answer: 'Harrow', goldRanks: [1, 2] });
  });

  it('refuses an unknown version with a message naming the versions it reads', () => {
    expect(() => loadTrace({ version: 7 }, 'x.json')).toThrow(
      /trace version 7 is not supported \(this build reads versions 1 and 2, writes 2\)/,
    );
  });
});

describe('version-2 traces', () => {
  it('round-trip through export and load, with every v2 event kind', () => {
    const trace = loadTrace(JSON.parse(fixture('v1-run-file.json')).trace);
    const v2 = {
      ...trace,
      regime: 'gold-context' as const,
      question: {
        ...trace.question,
        evidence: {
          hops: [{ passages: ['p1'], question: 'Blue Tide >> author', answer: 'Ana Vell' }, { passages: ['p2'] }],
          bridge: ['p2'],
          bridgeRule: 'r',
        },
      },
      events: [
        ...trace.events,
        { type: 'context' as const, t: 10, round: 1, module: 'answer', ids: ['p1', 'p2'] },
        {
          type: 'beam' as const,
          t: 11,
          round: 1,
          step: 1,
          kept: [{ triples: ['t1'], score: 0.5, weight: 1 }],
          pruned: [],
          triples: [{ id: 't1', subject: 'Blue Tide', predicate: 'written by', object: 'Ana Vell', passage: 'p1' }],
        },
        {
          type: 'plan' as const,
          t: 12,
          round: 1,
          step: 1,
          action: 'finalize' as const,
          partialAnswer: 'Harrow',
          sufficiency: 0.9,
          anchors: ['Ana Vell'],
        },
        { type: 'warning' as const, t: 13, round: 1, module: 'bdtr.verifier', message: 'index 40 dropped' },
        {
          type: 'retrieve' as const,
          t: 14,
          round: 1,
          query: 'q',
          label: 'syncge',
          results: [{ id: 'p1', score: 1 }],
          items: [
            {
              kind: 'triple' as const,
              id: 't1',
              score: 1,
              text: 'Blue Tide | written by | Ana Vell',
              passages: ['p1'],
            },
          ],
          entity: 'Blue Tide',
        },
        { type: 'answer' as const, t: 15, round: 1, text: 'Harrow', citations: ['p2'] },
      ],
    };
    expect(loadTrace(JSON.stringify(v2))).toEqual(v2);
    const model = foldTrace(v2.events);
    expect(model.contexts).toEqual([{ module: 'answer', round: 1, ids: ['p1', 'p2'] }]);
    expect(model.beams[0]?.triples.get('t1')?.passage).toBe('p1');
    expect(model.plans[0]?.action).toBe('finalize');
    expect(model.warnings).toHaveLength(1);
    expect(model.citations).toEqual(['p2']);
  });
});

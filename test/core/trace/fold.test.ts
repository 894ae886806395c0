// The trace model, captions, scores and bump geometry on the recorded BDTR fixture (real BM25 ranks
// over the demo), checked against the fixture's own events.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../../../src/core/trace/load.ts';
import type { TraceEvent } from '../../../src/core/trace/schema.ts';
import { bridgeOf } from '../../../src/core/eval/bridge.ts';
import { foldTrace, chainNodes, traceIds } from '../../../src/core/trace/fold.ts';
import { caption } from '../../../src/app/trace/captions.ts';
import { scoreTrace } from '../../../src/app/trace/scores.ts';
import { bumpLines, linePath } from '../../../src/app/trace/bump.ts';

const trace = loadTrace(
  JSON.parse(readFileSync(new URL('../../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url), 'utf8')),
);
const corpus = JSON.parse(readFileSync(new URL('../../../public/demo/demo_corpus.json', import.meta.url), 'utf8')) as {
  title: string;
}[];
const titleOf = (id: string) => corpus[Number(id.slice(1))]?.title ?? id;
const idOf = (title: string) => `p${corpus.findIndex((p) => p.title === title)}`;
const pick = <T extends TraceEvent['type']>(type: T) =>
  trace.events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);

describe('trace model', () => {
  const model = foldTrace(trace.events);

  it('groups thoughts and queries by round and orders the chart stages', () => {
    expect(model.rounds.map((r) => [r.round, r.thoughts.map((t) => t.kind), r.retrieves.map((q) => q.label)])).toEqual([
      [0, [], ['question']],
      [1, ['fast', 'slow'], ['fast', 'slow']],
      [2, ['fast', 'slow', 'reasoning-chain'], ['fast', 'slow']],
    ]);
    // Three pools (initial, round 1, round 2), the pool after promotion (verifier), then the cut.
    expect(model.stages.map((s) => s.label)).toEqual(['initial pool', 'round 1', 'round 2', 'verifier', 'final cut']);
    expect(model.stages[4]?.order).toEqual(pick('cutoff')[0]?.kept);
    expect(model.finalRanking).toEqual(pick('cutoff')[0]?.kept);
    expect(model.chain).toBe('fog-lantern -> devised by -> Ione Marlow -> raised in -> Dunmere');
    expect(chainNodes(model.chain ?? '')).toEqual(['fog-lantern', 'devised by', 'Ione Marlow', 'raised in', 'Dunmere']);
  });

  it('records when each passage entered the pool and what each module cost', () => {
    // Ione Marlow is not in the question's own retrieval; the round-1 slow thought brings her in.
    expect(model.firstRound.get(idOf('Ione Marlow'))).toBe(1);
    expect(model.firstRound.get(idOf('Fog-lantern'))).toBe(0);
    expect(model.modules.map((m) => [m.module, m.calls])).toEqual([
      ['bdtr.dual-thought', 2],
      ['bdtr.reasoning-chain', 1],
      ['bdtr.verifier', 1],
      ['answer', 1],
    ]);
    expect(model.elapsedMs).toBe(trace.events[trace.events.length - 1]?.t);
  });

  it('marks the gold passage the question alone missed as the bridge (heuristic: this v1 trace has no structured gold)', () => {
    const bridge = bridgeOf(trace.question, model.round0Ids);
    expect([...bridge.ids]).toEqual([idOf('Ione Marlow')]);
    expect(bridge.structured).toBe(false);
  });

  it('scores the answer and the recall of the final context', () => {
    expect(scoreTrace(model, trace.question)).toEqual({
      answer: { em: 1, f1: 1, acc: 1 },
      recall: [
        { k: 2, value: 1 },
        { k: 5, value: 1 },
        { k: 10, value: 1 },
      ],
    });
    expect(scoreTrace(model, { id: 'typed', question: 'x', answers: [], gold: [] })).toEqual({
      answer: null,
      recall: null,
    });
  });

  it('collects every passage id the trace mentions', () => {
    const ids = traceIds(trace.events);
    for (const e of pick('pool')) for (const p of e.pool) expect(ids).toContain(p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows a prefix of the events as a partial model (step-through)', () => {
    const firstPool = trace.events.findIndex((e) => e.type === 'pool');
    const partial = foldTrace(trace.events.slice(0, firstPool + 1));
    expect(partial.rounds.map((r) => r.round)).toEqual([0]);
    expect(partial.stages.map((s) => s.label)).toEqual(['initial pool']);
    expect(partial.answer).toBeNull();
  });
});

describe('captions', () => {
  const model = foldTrace(trace.events);
  const ctx = { titleOf, gold: new Set(trace.question.gold), bridge: bridgeOf(trace.question, model.round0Ids).ids };
  const all = trace.events.map((_, i) => caption(trace.events, i, ctx));

  it('say in one line what each event did', () => {
    expect(all[0]).toBe('Round 0: the question itself goes to the retriever');
    expect(all).toContain('the slow thought names the bridge entity Ione Marlow');
    expect(all).toContain('the fast thought names the bridge entity Ione Marlow'); // round 2's fast thought
    const move = pick('promote')[0]?.moves[0];
    expect(all).toContain(`the verifier moved passage Ione Marlow from rank ${move?.from} to rank 1 (and 2 more)`);
    expect(all[all.length - 1]).toBe('the answer: "Dunmere"');
    expect(all.every((c) => c.length > 0 && !c.includes('\n'))).toBe(true);
  });

  it('name a gold passage entering the pool', () => {
    const round1Pool = trace.events.findIndex((e) => e.type === 'pool' && e.round === 1);
    expect(all[round1Pool]).toMatch(/gold Ione Marlow enters at rank \d+$/);
  });
});

describe('bump chart geometry', () => {
  const model = foldTrace(trace.events);

  it('draws top passages and always the gold ones, with deep ranks clamped to the bottom row', () => {
    const gold = new Set(trace.question.gold);
    const lines = bumpLines(model.stages, gold, 3, 2);
    for (const g of gold) expect(lines.map((l) => l.id)).toContain(g);
    for (const l of lines) for (const p of l.points) expect(p.shownRank).toBe(Math.min(p.rank, 4));
  });

  it('breaks a line where the passage is absent from a stage', () => {
    const points = [
      { stage: 0, rank: 1, shownRank: 1 },
      { stage: 1, rank: 2, shownRank: 2 },
      { stage: 3, rank: 1, shownRank: 1 },
    ];
    expect(
      linePath(
        points,
        (s) => s * 10,
        (r) => r,
      ),
    ).toBe('M0.0,1.0L10.0,2.0M30.0,1.0');
  });
});

describe('trace fixtures', () => {
  it('all validate against the trace schema and carry token usage when an LLM was used', () => {
    const openai = loadTrace(
      JSON.parse(readFileSync(new URL('../../fixtures/traces/bdtr-openai-demo-02.json', import.meta.url), 'utf8')),
    );
    const tokens = foldTrace(openai.events).modules.reduce((a, m) => a + m.total, 0);
    expect(tokens).toBeGreaterThan(0);
    expect(foldTrace(trace.events).modules.reduce((a, m) => a + m.total, 0)).toBe(0); // the offline thinker
  });
});

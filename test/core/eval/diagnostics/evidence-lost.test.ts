// evidenceLost (this project's, beside paper 004's six): gold that was in the pool and never reached
// the reader, with the step and the mechanism that dropped it. On the demo, BDTR finds hop 2 of
// demo-02 and then loses it to the verifier and the μ+σ cut; each mechanism is read off a trace.
import { describe, expect, it } from 'vitest';
import { diagnoseTrace, summarizeDiagnostics } from '../../../../src/core/eval/diagnostics/index.ts';
import { runStrategy } from '../../../../src/core/strategies/index.ts';
import type { Trace, TraceEvent } from '../../../../src/core/trace/schema.ts';
import { dataset, demoContext, passages } from '../../whatif/demo.ts';

const demo02 = dataset.questions.find((q) => q.id === 'demo-02')!;

async function bdtr(q = demo02) {
  const { ctx } = await demoContext('bdtr');
  return runStrategy('bdtr', q, ctx, { corpus: dataset.corpus, retrieverName: 'bm25' });
}

describe('evidenceLost', () => {
  it('BDTR on demo-02: hop 2 was pooled and dropped by the verifier and the μ+σ cut, at its round', async () => {
    const t = await bdtr();
    const d = diagnoseTrace(t, { passages });
    expect(d.evidenceLost.flagged).toBe(true);
    const lost = d.evidenceLost.lost[0]!;
    expect(lost).toMatchObject({ unit: 'hop 2', mechanism: 'verifier' });
    const verify = t.events.find((e) => e.type === 'verify');
    expect(verify?.type === 'verify' && verify.candidates).toContain(lost.passage);
    expect(verify?.type === 'verify' && verify.selected).not.toContain(lost.passage);
    expect(lost.round).toBe(verify!.round);
    const e = d.evidenceLost.evidence[0]!;
    expect(e).toMatchObject({ passage: lost.passage, round: verify!.round });
    expect(e.note).toMatch(/verifier of round \d+ did not select it and the μ\+σ cut \(threshold [\d.]+\) dropped it/);
    // the reader never read it
    const ctxs = t.events.filter((x) => x.type === 'context');
    expect(ctxs.at(-1)?.type === 'context' && ctxs.at(-1)!.ids).not.toContain(lost.passage);
    // the batch rate and the losses per mechanism
    const s = summarizeDiagnostics([d]);
    expect(s.evidenceLost).toMatchObject({ rate: 1, flagged: 1, applicable: 1 });
    expect(s.evidenceLost.byMechanism.verifier).toBe(1);
  });

  const edit = (t: Trace, f: (events: TraceEvent[]) => TraceEvent[]): Trace => ({ ...t, events: f(t.events) });

  it('names the cut, the pool cap and the reader budget from what the trace records', async () => {
    const t = await bdtr();
    const lostId = diagnoseTrace(t, { passages }).evidenceLost.lost[0]!.passage;
    // the verifier selected it, the cut still dropped it: μ+σ cut
    const selected = edit(t, (es) =>
      es.map((e) => (e.type === 'verify' ? { ...e, selected: [...e.selected, lostId] } : e)),
    );
    expect(diagnoseTrace(selected, { passages }).evidenceLost.lost[0]?.mechanism).toBe('μ+σ cut');
    // no cut and a last pool without it: the pool dropped it
    const capped = edit(t, (es) => {
      const lastPool = es.findLastIndex((e) => e.type === 'pool');
      return es
        .filter((e) => e.type !== 'cutoff')
        .map((e, i) =>
          e.type === 'pool' && i === lastPool
            ? { ...e, round: e.round + 1, pool: e.pool.filter((p) => p.id !== lostId) }
            : e,
        );
    });
    const cap = diagnoseTrace(capped, { passages }).evidenceLost.lost.find((l) => l.passage === lostId);
    expect(cap?.mechanism).toBe('pool cap');
    // no cut, still in the last pool, not read: the reader budget
    const budget = edit(t, (es) => es.filter((e) => e.type !== 'cutoff'));
    expect(diagnoseTrace(budget, { passages }).evidenceLost.lost.find((l) => l.passage === lostId)?.mechanism).toBe(
      'reader budget',
    );
  });

  it('a run whose reader read every pooled gold passage is clear; a run without a reader does not apply', async () => {
    const t = await bdtr();
    const d = diagnoseTrace(t, { passages });
    const gold = t.question.gold;
    const readAll = edit(t, (es) => {
      const last = es.findLastIndex((e) => e.type === 'context');
      return es.map((e, i) => (i === last && e.type === 'context' ? { ...e, ids: [...e.ids, ...gold] } : e));
    });
    expect(d.evidenceLost.flagged).toBe(true);
    expect(diagnoseTrace(readAll, { passages }).evidenceLost).toMatchObject({ applicable: true, flagged: false });
    const { ctx } = await demoContext('single');
    const st = await runStrategy('single', demo02, ctx, { corpus: dataset.corpus, retrieverName: 'bm25' });
    expect(diagnoseTrace(st, { passages }).evidenceLost).toMatchObject({ applicable: false });
  });
});

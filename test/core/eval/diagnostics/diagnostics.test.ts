// Each diagnostic on hand-built traces: a case that must fire and a near miss that must not.
import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS, diagnoseTrace, summarizeDiagnostics } from '../../../../src/core/eval/diagnostics/index.ts';
import { buildTrace, PASSAGES, Q, Q_PLAIN } from './build.ts';

const o = { passages: PASSAGES };

describe('coverageGap', () => {
  it('fires when a hop is never retrieved, with the hop, passage and entity', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'x1'] },
        { query: 'Ann Lee birthplace', retrieved: ['d1', 'x2'] },
      ],
      { text: 'Sheffield', context: ['g1', 'd1'] },
    );
    const d = diagnoseTrace(t, o).coverageGap;
    expect(d.flagged).toBe(true);
    expect(d.evidence).toEqual([expect.objectContaining({ passage: 'g2', entity: 'Paris' })]);
    expect(d.evidence[0]!.note).toMatch(/hop 2 never retrieved/);
  });
  it('near miss: the hop is found late (step 2) -> no gap, one late hit at step 2', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'x1'] },
        { query: 'Ann Lee birthplace', retrieved: ['g2', 'x2'] },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    const d = diagnoseTrace(t, o).coverageGap;
    expect(d.flagged).toBe(false);
    expect(d.lateHits).toEqual([expect.objectContaining({ step: 2, passage: 'g2' })]);
    expect(d.completeStep).toBe(2);
  });
  it('counts only the top 10 of a retrieval as retrieved', () => {
    const deep = [...Array.from({ length: 10 }, (_, i) => `f${i}`), 'g2'];
    const t = buildTrace(Q, [{ query: Q.question, retrieved: ['g1', ...deep] }], { text: 'x', context: ['g1'] });
    expect(diagnoseTrace(t, o).coverageGap.flagged).toBe(true);
    expect(diagnoseTrace(t, { ...o, top: 12 }).coverageGap.flagged).toBe(false);
  });
  it('without structured gold it counts gold passages and says so', () => {
    const t = buildTrace(Q_PLAIN, [{ query: Q.question, retrieved: ['g1'] }], { text: 'x', context: ['g1'] });
    const d = diagnoseTrace(t, o);
    expect(d.gold).toBe('passages-only');
    expect(d.coverageGap.evidence).toEqual([expect.objectContaining({ passage: 'g2' })]);
  });
});

describe('anchorCarryDrop', () => {
  it('fires when the found bridge entity is missing from the next query', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'x1'] },
        { query: 'birthplace of the film director', retrieved: ['x2'] },
      ],
      { text: 'x', context: ['g1'] },
    );
    const d = diagnoseTrace(t, o).anchorCarryDrop;
    expect(d.flagged).toBe(true);
    expect(d.evidence).toEqual([expect.objectContaining({ step: 2, entity: 'Ann Lee', passage: 'g1' })]);
  });
  it('near miss: the next query carries the entity', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'x1'] },
        { query: 'where was Ann Lee born', retrieved: ['x2'] },
      ],
      { text: 'x', context: ['g1'] },
    );
    const d = diagnoseTrace(t, o).anchorCarryDrop;
    expect(d).toMatchObject({ applicable: true, flagged: false });
  });
  it('finds the anchor in a partial answer too, and falls back to bridge titles without structured gold', () => {
    const t = buildTrace(
      Q_PLAIN,
      [
        { query: Q.question, retrieved: ['x1'], notes: ['The director is Ann Lee.'] },
        { query: 'director birthplace', retrieved: ['x2'] },
      ],
      { text: 'x', context: [] },
    );
    const d = diagnoseTrace(t, o).anchorCarryDrop;
    expect(d.flagged).toBe(true);
    expect(d.evidence[0]!.note).toMatch(/in the partial answer/);
  });
  it('near miss: the hop the entity leads to is already retrieved, so the next query need not carry it', () => {
    const withStray = {
      ...Q,
      evidence: { ...Q.evidence!, hops: [...Q.evidence!.hops, { passages: ['x3'], answer: 'Harbour' }] },
    };
    const t = buildTrace(
      withStray,
      [
        { query: Q.question, retrieved: ['g1', 'g2'] },
        { query: 'harbour of France', retrieved: ['x1'] },
      ],
      { text: 'x', context: ['g1'] },
    );
    const d = diagnoseTrace(t, o).anchorCarryDrop;
    expect(d.evidence.map((e) => e.entity)).not.toContain('Ann Lee');
  });
  it('does not apply with one step', () => {
    const t = buildTrace(Q, [{ query: Q.question, retrieved: ['g1'] }], { text: 'x', context: ['g1'] });
    expect(diagnoseTrace(t, o).anchorCarryDrop.applicable).toBe(false);
  });
});

describe('distractorLatch', () => {
  it('fires when a look-alike stays shown for two consecutive steps while its gold passage is absent', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'd1'], shown: ['g1', 'd1'] },
        { query: 'Ann Lee born', retrieved: ['d1'], shown: ['d1', 'x1'] },
      ],
      { text: 'Sheffield', context: ['d1'] },
    );
    const d = diagnoseTrace(t, o).distractorLatch;
    expect(d.flagged).toBe(true);
    expect(d.evidence).toEqual([expect.objectContaining({ step: 1, passage: 'd1', entity: 'Ann Lee (singer)' })]);
    expect(d.evidence[0]!.note).toMatch(/same title entity/);
  });
  it('near miss: the gold passage joins the context at the second step', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'd1'], shown: ['g1', 'd1'] },
        { query: 'Ann Lee born', retrieved: ['d1', 'g2'], shown: ['d1', 'g2'] },
      ],
      { text: 'Paris', context: ['g2'] },
    );
    expect(diagnoseTrace(t, o)).toMatchObject({ distractorLatch: { applicable: true, flagged: false } });
  });
  it('near miss: an unrelated non-gold passage stays shown', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1'], shown: ['g1', 'x3'] },
        { query: 'q2', retrieved: ['x3'], shown: ['x3'] },
      ],
      { text: 'x', context: ['x3'] },
    );
    expect(diagnoseTrace(t, o).distractorLatch.flagged).toBe(false);
  });
});

describe('compositionFailure', () => {
  const steps = [{ query: Q.question, retrieved: ['g1', 'g2'] }];
  it('fires when all gold was in the final context and the answer is wrong', () => {
    const d = diagnoseTrace(
      buildTrace(Q, steps, { text: 'Sheffield', context: ['g1', 'g2', 'd1'] }),
      o,
    ).compositionFailure;
    expect(d.flagged).toBe(true);
    expect(d.evidence[0]!.note).toMatch(/"Sheffield" is wrong/);
  });
  it('near miss: the answer is right', () => {
    expect(
      diagnoseTrace(buildTrace(Q, steps, { text: 'Paris, France', context: ['g1', 'g2'] }), o).compositionFailure,
    ).toMatchObject({ applicable: true, flagged: false });
  });
  it('near miss: a gold hop is missing from the final context (a retrieval problem, not composition)', () => {
    const d = diagnoseTrace(buildTrace(Q, steps, { text: 'Sheffield', context: ['g1', 'd1'] }), o).compositionFailure;
    expect(d).toMatchObject({ applicable: false, flagged: false });
    expect(d.reason).toMatch(/lacks hop 2/);
  });
});

describe('parametricSuppression', () => {
  const noContext = (text: string) => buildTrace(Q, [], { text, context: [] }, { regime: 'no-context' });
  const withRetrieval = (text: string) =>
    buildTrace(Q, [{ query: Q.question, retrieved: ['d1'] }], { text, context: ['d1'] });
  it('fires when no context was right and retrieval is wrong', () => {
    const d = diagnoseTrace(withRetrieval('Sheffield'), { ...o, noContext: noContext('Paris') }).parametricSuppression;
    expect(d.flagged).toBe(true);
    expect(d.evidence[0]!.note).toMatch(/no context answered "Paris"/);
  });
  it('near miss: no context was wrong too (nothing was suppressed)', () => {
    expect(
      diagnoseTrace(withRetrieval('Sheffield'), { ...o, noContext: noContext('London') }).parametricSuppression,
    ).toMatchObject({ applicable: false, flagged: false });
  });
  it('is not applicable without the no-context regime', () => {
    const d = diagnoseTrace(withRetrieval('Sheffield'), o);
    expect(d.parametricSuppression.reason).toMatch(/needs the no-context regime/);
    expect(summarizeDiagnostics([d]).parametricSuppression).toMatchObject({
      rate: null,
      applicable: 0,
      note: expect.stringMatching(/not applicable/),
    });
  });
});

describe('stoppingCalibration', () => {
  it('early: finalized at step 1 before the second hop was retrieved, with its sufficiency score', () => {
    const t = buildTrace(
      Q,
      [
        {
          query: Q.question,
          retrieved: ['g1'],
          notes: ['Ann Lee directed it'],
          plan: { action: 'finalize', sufficiency: 0.9 },
        },
      ],
      { text: 'Sheffield', context: ['g1'] },
    );
    const d = diagnoseTrace(t, o).stoppingCalibration;
    expect(d).toMatchObject({
      flagged: true,
      outcome: 'early',
      stopStep: 1,
      sufficiency: { score: 0.9, correct: false },
    });
  });
  it('late: all gold at step 1, stopped at step 3', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'g2'] },
        { query: 'a', retrieved: ['x1'] },
        { query: 'b', retrieved: ['x2'] },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    expect(diagnoseTrace(t, o).stoppingCalibration).toMatchObject({
      flagged: true,
      outcome: 'late',
      completeStep: 1,
      stopStep: 3,
    });
  });
  it('near miss: stopped one step after all gold was in (on time)', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'g2'] },
        { query: 'a', retrieved: ['x1'] },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    expect(diagnoseTrace(t, o).stoppingCalibration).toMatchObject({
      applicable: true,
      flagged: false,
      outcome: 'onTime',
    });
  });
  it('does not apply to a strategy that always takes one step', () => {
    const t = buildTrace(
      Q,
      [{ query: Q.question, retrieved: ['g1'] }],
      { text: 'x', context: ['g1'] },
      { strategy: 'static', options: {} },
    );
    expect(diagnoseTrace(t, o).stoppingCalibration.applicable).toBe(false);
  });
});

describe('summarizeDiagnostics', () => {
  it('gives exactly the six rates, by hop count, with stopping shares and sufficiency calibration', () => {
    const early = buildTrace(
      Q,
      [{ query: Q.question, retrieved: ['g1'], notes: ['p'], plan: { action: 'finalize', sufficiency: 0.8 } }],
      { text: 'Sheffield', context: ['g1'] },
    );
    const onTime = buildTrace(
      Q,
      [{ query: Q.question, retrieved: ['g1', 'g2'], notes: ['p'], plan: { action: 'finalize', sufficiency: 0.6 } }],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    const s = summarizeDiagnostics([diagnoseTrace(early, o), diagnoseTrace(onTime, o)]);
    expect(Object.keys(s)).toEqual([...DIAGNOSTICS]);
    expect(s.coverageGap).toMatchObject({ rate: 0.5, applicable: 2, flagged: 1, byHops: { 2: { rate: 0.5 } } });
    expect(s.stoppingCalibration).toMatchObject({ rate: 0.5, early: 0.5, late: 0, onTime: 0.5 });
    expect(s.stoppingCalibration.sufficiency).toMatchObject({ n: 2, meanWhenRight: 0.6, meanWhenWrong: 0.8 });
    expect(s.stoppingCalibration.sufficiency!.brier).toBeCloseTo((0.8 ** 2 + 0.4 ** 2) / 2);
  });
});

// Each diagnostic on hand-built traces: a case that must fire and a near miss that must not.
import { describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS,
  diagnoseTrace,
  diagnosticsBasis,
  summarizeDiagnostics,
} from '../../../../src/core/eval/diagnostics/index.ts';
import type { Trace, TraceQuestion } from '../../../../src/core/trace/schema.ts';
import type { Passage } from '../../../../src/core/types.ts';
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

describe('anchorCarryDrop over the hop graph', () => {
  const P = (id: string, title: string, text: string): Passage => ({ id, title, text });
  const lookup = new Map(
    [
      P('a1', 'Auctor', 'Auctor is a word in Latin.'),
      P('a2', 'Charlemagne', 'Charlemagne was crowned emperor of the Romans in 800.'),
      P('a3', 'Medieval Latin', 'The Latin of the era of Charlemagne is later known as Medieval Latin.'),
      P('m', 'Marufabad', 'Marufabad is a village in Iran, founded in 1901.'),
      P('n', 'Nasamkhrali', 'Nasamkhrali is a village in Georgia.'),
      P('f1', 'Film A', 'Film A is a film directed by Ann Lee.'),
      P('f2', 'Film B', 'Film B is a film directed by Bo Ray.'),
      P('d1', 'Ann Lee', 'Ann Lee was born on 5 May 1950.'),
      P('d2', 'Bo Ray', 'Bo Ray was born on 1 June 1940.'),
      P('z', 'Filler', 'Nothing to see here.'),
    ].map((p) => [p.id, p]),
  );
  const on = { passages: lookup };
  /** MuSiQue 3hop2: hops 1 and 2 are parallel; hop 3 needs both answers. */
  const parallel: TraceQuestion = {
    id: '3hop2__x',
    question: "What was the language of Auctor of the emperor's era later known as?",
    answers: ['Medieval Latin'],
    gold: ['a1', 'a2', 'a3'],
    hops: 3,
    evidence: {
      hops: [
        { passages: ['a1'], question: 'In what language is Auctor?', answer: 'Latin' },
        { passages: ['a2'], question: 'who was crowned emperor of the romans in 800', answer: 'Charlemagne' },
        { passages: ['a3'], question: "What was the #1 of #2 's era later known as?", answer: 'Medieval Latin' },
      ],
      bridge: ['a3'],
      bridgeRule: 'test',
    },
  };
  it('MuSiQue: going for a parallel hop after finding #1 is no drop; dropping both anchors of a due hop is', () => {
    const fine = buildTrace(
      parallel,
      [
        { query: 'language of Auctor', retrieved: ['a1'] },
        { query: 'crowned emperor of the romans in 800', retrieved: ['z'] },
      ],
      { text: 'x', context: [] },
    );
    expect(diagnoseTrace(fine, on).anchorCarryDrop).toMatchObject({ applicable: false, flagged: false });
    const dropped = buildTrace(
      parallel,
      [
        { query: 'language of Auctor', retrieved: ['a1', 'a2'] },
        { query: 'what was the era later known as', retrieved: ['z'] },
      ],
      { text: 'x', context: [] },
    );
    const d = diagnoseTrace(dropped, on).anchorCarryDrop;
    expect(d.flagged).toBe(true);
    expect(d.evidence.map((e) => e.entity).sort()).toEqual(['Charlemagne', 'Latin']);
    expect(d.evidence[0]!.note).toMatch(/leads to hop 3/);
    const carried = buildTrace(
      parallel,
      [
        { query: 'language of Auctor', retrieved: ['a1', 'a2'] },
        { query: 'Latin of the era of Charlemagne', retrieved: ['z'] },
      ],
      { text: 'x', context: [] },
    );
    expect(diagnoseTrace(carried, on).anchorCarryDrop).toMatchObject({ applicable: true, flagged: false });
  });
  it('2Wiki comparison: parallel hops carry nothing to each other (not applicable), and dates are no anchors', () => {
    const q: TraceQuestion = {
      id: 'c1',
      question: 'Are Marufabad and Nasamkhrali both located in the same country?',
      answers: ['no'],
      gold: ['m', 'n'],
      type: 'comparison',
      evidence: {
        hops: [
          { passages: ['m'], question: 'Marufabad | country', answer: 'Iran' },
          { passages: ['n'], question: 'Nasamkhrali | country', answer: 'Georgia' },
        ],
        bridge: [],
        bridgeRule: 'test',
      },
    };
    const t = buildTrace(
      q,
      [
        { query: 'Marufabad country', retrieved: ['m'] },
        { query: 'Nasamkhrali country', retrieved: ['z'] },
      ],
      { text: 'no', context: ['m'] },
    );
    expect(diagnoseTrace(t, on).anchorCarryDrop).toMatchObject({
      applicable: false,
      reason: expect.stringMatching(/comparison/),
    });
  });
  it('2Wiki bridge comparison: each director leads to their own birth date, never to the other film', () => {
    const q: TraceQuestion = {
      id: 'bc1',
      question: 'Which film has the director born earlier, Film A or Film B?',
      answers: ['Film B'],
      gold: ['f1', 'f2', 'd1', 'd2'],
      type: 'bridge_comparison',
      evidence: {
        hops: [
          { passages: ['f1'], question: 'Film A | director', answer: 'Ann Lee' },
          { passages: ['f2'], question: 'Film B | director', answer: 'Bo Ray' },
          { passages: ['d1'], question: 'Ann Lee | date of birth', answer: '5 May 1950' },
          { passages: ['d2'], question: 'Bo Ray | date of birth', answer: '1 June 1940' },
        ],
        bridge: ['d1', 'd2'],
        bridgeRule: 'test',
      },
    };
    // step 2 goes for Film B (the parallel hop) without Ann Lee: the Ann Lee hop is due, so that is a drop
    const t = buildTrace(
      q,
      [
        { query: 'Film A director', retrieved: ['f1', 'd2'] },
        { query: 'Film B director', retrieved: ['f2'] },
        { query: 'Bo Ray birth', retrieved: ['z'] },
      ],
      { text: 'Film B', context: ['f1', 'f2'] },
    );
    const d = diagnoseTrace(t, on).anchorCarryDrop;
    expect(d.evidence.map((e) => e.entity)).toEqual(['Ann Lee']);
    expect(d.evidence[0]).toMatchObject({ step: 2, passage: 'f1' });
    expect(d.evidence[0]!.note).toMatch(/leads to hop 3/);
    for (const e of d.evidence) expect(e.entity).not.toMatch(/19\d\d/);
  });
  it('says when the planner had named the dropped entity as an anchor (the trace keeps declared anchors)', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1'], plan: { action: 'continue', anchors: ['Ann Lee'] } },
        { query: 'birthplace of the film director', retrieved: ['x2'], plan: { action: 'finalize' } },
      ],
      { text: 'x', context: ['g1'] },
    );
    const d = diagnoseTrace(t, o).anchorCarryDrop;
    expect(d.flagged).toBe(true);
    expect(d.evidence[0]!.note).toMatch(/the planner named it as an anchor/);
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
  const cont = { action: 'continue' as const, sufficiency: 0.3 };
  it('early: the planner finalized at step 1 before the second hop was retrieved, with its sufficiency score', () => {
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
      decidedBy: 'planner FINALIZE',
      stopStep: 1,
      sufficiency: { score: 0.9, correct: false },
    });
  });
  it('late: all gold by step 1, the planner went on to step 3', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'g2'], plan: cont },
        { query: 'a', retrieved: ['x1'], plan: cont },
        { query: 'b', retrieved: ['x2'], plan: { action: 'finalize', sufficiency: 0.8 } },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    expect(diagnoseTrace(t, o).stoppingCalibration).toMatchObject({
      flagged: true,
      outcome: 'late',
      completeStep: 1,
      stopStep: 3,
      evidence: [expect.objectContaining({ step: 2 })],
    });
  });
  it('near miss: finalized at the step that completed the evidence (on time)', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1'], plan: cont },
        { query: 'Ann Lee born', retrieved: ['g2'], plan: { action: 'finalize', sufficiency: 0.9 } },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    expect(diagnoseTrace(t, o).stoppingCalibration).toMatchObject({
      applicable: true,
      flagged: false,
      outcome: 'onTime',
      stopStep: 2,
      completeStep: 2,
    });
  });
  it('differs from coverage gap: a run the step cap ended with gold missing is a gap but not an early stop', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1'], plan: cont },
        { query: 'director birthplace', retrieved: ['x1'], plan: { action: 'finalize' }, capWarning: true },
      ],
      { text: 'Sheffield', context: ['g1', 'x1'] },
    );
    const d = diagnoseTrace(t, o);
    expect(d.coverageGap.flagged).toBe(true);
    expect(d.stoppingCalibration).toMatchObject({ applicable: true, flagged: false, outcome: 'capped' });
    // and the other way round: full coverage, yet a late stop
    const late = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'g2'], plan: cont },
        { query: 'a', retrieved: ['x1'], plan: { action: 'finalize' } },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    const l = diagnoseTrace(late, o);
    expect(l.coverageGap.flagged).toBe(false);
    expect(l.stoppingCalibration).toMatchObject({ flagged: true, outcome: 'late' });
  });
  it("DualRAG's Reasoner: answering before the second hop was retrieved is early", () => {
    const flag = (text: string) => [{ kind: 'retrieval-flag', text }];
    const early = buildTrace(
      Q,
      [{ query: 'Film One director', retrieved: ['g1'], before: flag('retrieve') }],
      { text: 'Sheffield', context: ['g1'] },
      { strategy: 'dualrag', options: { maxSteps: 5 }, tail: flag('answer') },
    );
    expect(diagnoseTrace(early, o).stoppingCalibration).toMatchObject({
      outcome: 'early',
      decidedBy: "DualRAG's Reasoner",
      stopStep: 1,
    });
    const onTime = buildTrace(
      Q,
      [
        { query: 'Film One director', retrieved: ['g1'], before: flag('retrieve') },
        { query: 'Ann Lee birthplace', retrieved: ['g2'], before: flag('retrieve') },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
      { strategy: 'dualrag', options: { maxSteps: 5 }, tail: flag('answer') },
    );
    expect(diagnoseTrace(onTime, o).stoppingCalibration).toMatchObject({ outcome: 'onTime', stopStep: 2 });
  });
  it("a recorded stop thought (IRCoT's answer marker, GEAR's answerability, --stop) is the decision", () => {
    const t = buildTrace(
      Q,
      [{ query: Q.question, retrieved: ['g1', 'g2'], after: [{ kind: 'stop', text: 'answer marker' }] }],
      { text: 'Paris', context: ['g1', 'g2'] },
      { strategy: 'ircot', options: { rounds: 2, stop: 'fixed' } },
    );
    expect(diagnoseTrace(t, o).stoppingCalibration).toMatchObject({
      outcome: 'onTime',
      decidedBy: 'answer marker',
    });
  });
  it('does not apply to a fixed-round run, whatever its rounds option says', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1'] },
        { query: 'fast thought', retrieved: ['x1'] },
        { query: 'slow thought', retrieved: ['x2'] },
      ],
      { text: 'x', context: ['g1'] },
      { strategy: 'bdtr', options: { rounds: 2, stop: 'fixed' } },
    );
    const d = diagnoseTrace(t, o);
    expect(d.coverageGap.flagged).toBe(true);
    expect(d.stoppingCalibration).toMatchObject({ applicable: false, reason: expect.stringMatching(/fixed number/) });
    const single = buildTrace(
      Q,
      [{ query: Q.question, retrieved: ['g1'] }],
      { text: 'x', context: ['g1'] },
      {
        strategy: 'static',
        options: {},
      },
    );
    expect(diagnoseTrace(single, o).stoppingCalibration.applicable).toBe(false);
  });
  it('applies to a fixed-round strategy run with --stop stable', () => {
    const t = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'g2'] },
        { query: 'fast thought', retrieved: ['x1'] },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
      { strategy: 'bdtr', options: { rounds: 2, stop: 'stable' } },
    );
    expect(diagnoseTrace(t, o).stoppingCalibration).toMatchObject({ applicable: true, outcome: 'late' });
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
    expect(s.stoppingCalibration).toMatchObject({ rate: 0.5, early: 0.5, late: 0, onTime: 0.5, capped: 0 });
    expect(s.stoppingCalibration.sufficiency).toMatchObject({ n: 2, meanWhenRight: 0.6, meanWhenWrong: 0.8 });
    expect(s.stoppingCalibration.sufficiency!.brier).toBeCloseTo((0.8 ** 2 + 0.4 ** 2) / 2);
  });
});

describe('correctness basis', () => {
  const steps = [{ query: Q.question, retrieved: ['g1', 'g2'] }];
  const wrongBySubstring = buildTrace(Q, steps, { text: 'the French capital', context: ['g1', 'g2'] });
  it('uses the LLM judge when its verdicts are passed in, and says so', () => {
    const sub = diagnoseTrace(wrongBySubstring, o);
    expect(sub).toMatchObject({ correct: false, correctness: 'substring' });
    expect(sub.compositionFailure.flagged).toBe(true);
    const judged = diagnoseTrace(wrongBySubstring, { ...o, judged: () => true });
    expect(judged).toMatchObject({ correct: true, correctness: 'judge' });
    expect(judged.compositionFailure.flagged).toBe(false);
    expect(diagnosticsBasis([judged])).toMatchObject({ correctness: 'judge', correctnessNote: 'Acc† (LLM judge)' });
    expect(diagnosticsBasis([sub]).correctness).toBe('substring');
  });
  it('judges the no-context answer with the same judge (parametric suppression)', () => {
    const noContext = buildTrace(Q, [], { text: 'the capital of France', context: [] }, { regime: 'no-context' });
    const withRetrieval = buildTrace(Q, [{ query: Q.question, retrieved: ['d1'] }], {
      text: 'Sheffield',
      context: ['d1'],
    });
    const judged = (t: Trace) => t.regime === 'no-context';
    expect(diagnoseTrace(withRetrieval, { ...o, noContext }).parametricSuppression.applicable).toBe(false);
    expect(diagnoseTrace(withRetrieval, { ...o, noContext, judged }).parametricSuppression.flagged).toBe(true);
  });
});

describe('coverage gap over answered questions', () => {
  it('reports the rate over all questions and over the answered ones', () => {
    const unanswered = buildTrace(Q, [{ query: Q.question, retrieved: ['g1'] }], undefined);
    const answeredGap = buildTrace(Q, [{ query: Q.question, retrieved: ['g1'] }], { text: 'x', context: ['g1'] });
    const answeredFull = buildTrace(Q, [{ query: Q.question, retrieved: ['g1', 'g2'] }], {
      text: 'Paris',
      context: ['g1', 'g2'],
    });
    const s = summarizeDiagnostics([unanswered, answeredGap, answeredFull].map((t) => diagnoseTrace(t, o)));
    expect(s.coverageGap).toMatchObject({ applicable: 3, flagged: 2 });
    expect(s.coverageGap.answered).toEqual({ rate: 0.5, applicable: 2, flagged: 1 });
  });
});

describe('words and crashed runs', () => {
  const twoSteps = () =>
    buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'x1'] },
        { query: 'Ann Lee birthplace', retrieved: ['d1', 'x2'] },
      ],
      { text: 'Sheffield', context: ['g1', 'd1'] },
    );

  it('a run that failed or was stopped raises no flag: the failure is the finding', () => {
    for (const status of ['failed', 'aborted'] as const) {
      const d = diagnoseTrace({ ...twoSteps(), status }, o);
      for (const name of DIAGNOSTICS) {
        expect(d[name]).toMatchObject({ applicable: false, flagged: false, evidence: [] });
      }
      expect(d.coverageGap.reason).toBe(
        status === 'failed' ? 'the run failed: the failure is the finding' : 'the run was stopped before it finished',
      );
    }
    // the same run finished is flagged (hop 2 never retrieved)
    expect(diagnoseTrace(twoSteps(), o).coverageGap.flagged).toBe(true);
  });

  it("notes name the trace's rounds, and each piece of evidence carries its round beside its step", () => {
    // A strategy that retrieves in round 0 first: step 1 is round 0, step 2 is round 1.
    const base = buildTrace(
      Q,
      [
        { query: Q.question, retrieved: ['g1', 'x1'] },
        { query: 'Ann Lee birthplace', retrieved: ['g2', 'x2'] },
      ],
      { text: 'Paris', context: ['g1', 'g2'] },
    );
    const t: Trace = { ...base, events: base.events.map((e) => ({ ...e, round: e.round - 1 })) };
    const late = diagnoseTrace(t, o).coverageGap.lateHits;
    expect(late).toEqual([expect.objectContaining({ step: 2 })]);
    expect(late[0]!.note).toMatch(/first retrieved in round 1$/);
    const gap = diagnoseTrace(
      { ...twoSteps(), events: twoSteps().events.map((e) => ({ ...e, round: e.round - 1 })) },
      o,
    ).coverageGap;
    expect(gap.evidence[0]!.note).toMatch(/never retrieved in 2 retrieving rounds/);
    for (const name of DIAGNOSTICS)
      for (const e of diagnoseTrace(t, o)[name].evidence) if (e.step !== undefined) expect(e.round).toBe(e.step - 1);
  });
});

// The six diagnostics of why multi-hop retrieval fails (paper 004, "diagnostic metrics for retrieval
// coverage, anchor propagation, query quality, composition fidelity, and stopping calibration"),
// computed after a run from its trace and the question's gold (never inside a run), for every
// strategy's traces. diagnoseTrace gives one question's flags with evidence; summarizeDiagnostics
// gives each diagnostic's rate over the questions it applies to, overall and by hop count.
// Correctness is DualRAG's Acc (gold answer contained in the prediction, basis 'substring') unless an
// LLM judge's verdicts are passed in (Acc†, basis 'judge', as paper 004 judges answers); every row and
// the basis say which.
import { accuracy } from '../answer-metrics.ts';
import { perHops } from '../summary.ts';
import type { Trace } from '../../trace/schema.ts';
import type { Passage } from '../../types.ts';
import { anchorCarryDrop } from './anchor-carry-drop.ts';
import { compositionFailure } from './composition-failure.ts';
import { coverageGap, type CoverageGap } from './coverage-gap.ts';
import { distractorLatch } from './distractor-latch.ts';
import { evidenceLost, type EvidenceLost, type LossMechanism } from './evidence-lost.ts';
import { goldOf } from './gold.ts';
import { parametricSuppression } from './parametric-suppression.ts';
import { readSteps } from './steps.ts';
import { stoppingCalibration } from './stopping-calibration.ts';
import { notApplicable, type QuestionDiagnostic } from './types.ts';

export type { QuestionDiagnostic } from './types.ts';
export type { EvidenceLost, LossMechanism } from './evidence-lost.ts';
export { readSteps } from './steps.ts';

export const DIAGNOSTICS = [
  'coverageGap',
  'anchorCarryDrop',
  'distractorLatch',
  'compositionFailure',
  'parametricSuppression',
  'stoppingCalibration',
  'evidenceLost',
] as const;

/** Paper 004's six; the rest are this project's own (evidenceLost), labelled so wherever they are listed. */
const PAPER_DIAGNOSTICS = DIAGNOSTICS.slice(0, 6);
export const isOwnDiagnostic = (name: DiagnosticName): boolean =>
  !(PAPER_DIAGNOSTICS as readonly string[]).includes(name);
export type DiagnosticName = (typeof DIAGNOSTICS)[number];

export interface DiagnoseOptions {
  /** Passage texts (titles for anchors, look-alikes for distractorLatch). Without it those two say not applicable. */
  passages?: ReadonlyMap<string, Passage> | ((id: string) => Passage | undefined);
  /** The no-context regime's trace on the same question (parametricSuppression). */
  noContext?: Trace;
  /** Passages of each retrieval that count as retrieved (paper 004: top 10 per step). */
  top?: number;
  /**
   * The LLM judge's verdict (Acc†) on a trace's answer, when a judge ran: true, false, or undefined when
   * it gave none (unreadable). Without it answers are judged by Acc (gold contained in the prediction).
   */
  judged?: (trace: Trace) => boolean | undefined;
}

/** How answers were judged right: the LLM judge (Acc†) or gold-answer containment (Acc). */
export type CorrectnessBasis = 'judge' | 'substring';

const DEFAULT_TOP = 10;
/** Word overlap (Jaccard) at which a non-gold passage resembles a gold one. */
const MIN_OVERLAP = 0.5;

export function diagnoseTrace(trace: Trace, o: DiagnoseOptions = {}) {
  const { passages } = o;
  const lookup = typeof passages === 'function' ? passages : (id: string) => passages?.get(id);
  const top = o.top ?? DEFAULT_TOP;
  const run = readSteps(trace);
  const gold = goldOf(trace.question);
  const golds = trace.question.answers;
  const judge = (t: Trace, answer: string | undefined) =>
    answer === undefined || golds.length === 0 ? undefined : o.judged ? o.judged(t) : accuracy(answer, golds) === 1;
  const correct = judge(trace, run.answer);
  const retrieving = trace.regime === 'iterative';
  const noRetrieval = notApplicable(`the ${trace.regime} regime does not retrieve`);
  const coverage: CoverageGap = retrieving ? coverageGap(run, gold, top) : { ...noRetrieval, lateHits: [] };
  const ncAnswer = o.noContext ? readSteps(o.noContext).answer : undefined;
  const noContext = o.noContext && { answer: ncAnswer, correct: judge(o.noContext, ncAnswer) };
  const lost: EvidenceLost = retrieving ? evidenceLost(trace, run, gold) : { ...noRetrieval, lost: [] };
  const result = {
    id: trace.question.id,
    strategy: trace.strategy,
    regime: trace.regime,
    ...(trace.question.hops !== undefined ? { hops: trace.question.hops } : {}),
    // structured = per hop from trace.question.evidence; passages-only = per gold passage (no structured gold)
    gold: gold.basis,
    ...(run.answer !== undefined ? { answer: run.answer } : {}),
    ...(correct !== undefined ? { correct } : {}),
    correctness: (o.judged ? 'judge' : 'substring') as CorrectnessBasis,
    coverageGap: coverage,
    anchorCarryDrop: retrieving ? anchorCarryDrop(run, gold, top, lookup) : noRetrieval,
    distractorLatch: retrieving ? distractorLatch(run, gold, MIN_OVERLAP, lookup) : noRetrieval,
    compositionFailure:
      trace.regime === 'no-context'
        ? notApplicable('the no-context regime shows no passages')
        : compositionFailure(run, gold, correct),
    parametricSuppression: parametricSuppression(run, trace.regime, correct, noContext),
    stoppingCalibration: stoppingCalibration(trace, gold, top, correct),
    // this project's (not paper 004's): gold that was pooled and never read, with the dropping step and mechanism
    evidenceLost: lost,
  };
  // A run that crashed or was stopped raises no flag: the failure is the finding.
  if (trace.status === 'failed' || trace.status === 'aborted') {
    const stopped = 'the run was stopped before it finished';
    const na = () => notApplicable(trace.status === 'failed' ? 'the run failed: the failure is the finding' : stopped);
    for (const name of DIAGNOSTICS) Object.assign(result, { [name]: na() });
    Object.assign(result.coverageGap, { lateHits: [] });
    Object.assign(result.evidenceLost, { lost: [] });
  }
  // Each piece of evidence names its trace round too, so a view can say "round" (the strategy's iteration).
  for (const name of DIAGNOSTICS)
    for (const e of result[name].evidence)
      if (e.step !== undefined) {
        const r = run.steps[e.step - 1]?.round;
        if (r !== undefined) e.round = r;
      }
  return result;
}

export type QuestionDiagnostics = ReturnType<typeof diagnoseTrace>;

/** flagged / applicable (rate null when no question applies). */
function rateOf(rows: readonly QuestionDiagnostic[]) {
  const app = rows.filter((r) => r.applicable);
  const flagged = app.filter((r) => r.flagged).length;
  return { rate: app.length ? flagged / app.length : null, applicable: app.length, flagged };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Each diagnostic's rate overall and by hop count, with what some add (late hits, stop outcomes, loss mechanisms). */
export function summarizeDiagnostics(rows: readonly QuestionDiagnostics[]) {
  const of = (name: DiagnosticName) => ({
    ...rateOf(rows.map((r) => r[name])),
    byHops: perHops(rows, (group) => rateOf(group.map((r) => r[name]))),
  });
  const cov = of('coverageGap');
  const late = rows.filter((r) => r.coverageGap.applicable && r.coverageGap.lateHits.length > 0).length;
  const stop = of('stoppingCalibration');
  const stops = rows.map((r) => r.stoppingCalibration).filter((s) => s.applicable);
  const share = (o: string) => (stops.length ? stops.filter((s) => s.outcome === o).length / stops.length : null);
  const suff = stops.flatMap((s) => (s.sufficiency ? [s.sufficiency] : []));
  const ps = of('parametricSuppression');
  return {
    coverageGap: {
      ...cov,
      lateHitRate: cov.applicable ? late / cov.applicable : null,
      // over the questions the run answered (paper 004's "87.3% of answered questions"); the rate above is over all
      answered: rateOf(rows.filter((r) => r.answer !== undefined && r.answer.trim() !== '').map((r) => r.coverageGap)),
    },
    anchorCarryDrop: of('anchorCarryDrop'),
    distractorLatch: of('distractorLatch'),
    compositionFailure: of('compositionFailure'),
    parametricSuppression:
      ps.applicable === 0 && rows.every((r) => r.parametricSuppression.reason?.startsWith('needs'))
        ? { ...ps, note: 'not applicable: needs the no-context regime on the same questions' }
        : ps,
    stoppingCalibration: {
      ...stop,
      early: share('early'),
      late: share('late'),
      onTime: share('onTime'),
      // the step cap ended the run without a decision to stop
      capped: share('capped'),
      // the stop's sufficiency score vs correctness (Brier score; mean score of right and wrong answers)
      sufficiency: suff.length
        ? {
            n: suff.length,
            brier: suff.reduce((a, s) => a + (s.score - (s.correct ? 1 : 0)) ** 2, 0) / suff.length,
            meanWhenRight: mean(suff.filter((s) => s.correct).map((s) => s.score)),
            meanWhenWrong: mean(suff.filter((s) => !s.correct).map((s) => s.score)),
          }
        : null,
    },
    // this project's: the share of questions that lost pooled gold, and how many losses per mechanism
    evidenceLost: { ...of('evidenceLost'), byMechanism: byMechanism(rows) },
  };
}

export type DiagnosticsSummary = ReturnType<typeof summarizeDiagnostics>;

function byMechanism(rows: readonly QuestionDiagnostics[]): Record<LossMechanism, number> {
  const out: Record<LossMechanism, number> = { 'pool cap': 0, verifier: 0, 'μ+σ cut': 0, 'reader budget': 0 };
  for (const r of rows) for (const l of r.evidenceLost.lost) out[l.mechanism]++;
  return out;
}

/** How the rates were computed: the gold basis of the questions (structured per hop, or passages only). */
export function diagnosticsBasis(rows: readonly QuestionDiagnostics[]) {
  const structured = rows.filter((r) => r.gold === 'structured').length;
  const correctness = correctnessOf(rows);
  return {
    structured,
    passagesOnly: rows.length - structured,
    /** 'judge' when an LLM judge's verdicts (Acc†) decided correctness, else 'substring' (Acc); then in words, for tables. */
    correctness,
    correctnessNote: CORRECTNESS_NOTE[correctness],
    retrievedTop: DEFAULT_TOP,
  };
}

export const CORRECTNESS_NOTE: Record<CorrectnessBasis, string> = {
  judge: 'Acc† (LLM judge)',
  substring: 'Acc (gold answer contained in the prediction)',
};

/** The basis of a batch's rows: 'judge' only when every row was judged by the LLM judge. */
export const correctnessOf = (rows: readonly QuestionDiagnostics[]): CorrectnessBasis =>
  rows.length > 0 && rows.every((r) => r.correctness === 'judge') ? 'judge' : 'substring';

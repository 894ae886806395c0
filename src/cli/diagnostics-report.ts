// The CLI's tables for paper 004's study: accuracy per strategy and regime, the six diagnostic rates
// (n/a where a diagnostic does not apply), and both with a model column when several LLMs ran.
import type { StrategyBatchResult } from '../core/batch/strategy.ts';
import {
  CORRECTNESS_NOTE,
  correctnessOf,
  DIAGNOSTICS,
  isOwnDiagnostic,
  type DiagnosticName,
  type DiagnosticsSummary,
  type LossMechanism,
} from '../core/eval/diagnostics/index.ts';
import { regimeLabel } from '../core/strategies/regimes.ts';
import { formatTable } from './report.ts';

/** The `diagnostics` object of the JSON summary: exactly the DIAGNOSTICS names (paper 004's six, then evidenceLost). */
export function flatDiagnostics(d: DiagnosticsSummary): DiagnosticsSummary {
  return Object.fromEntries(DIAGNOSTICS.map((n) => [n, d[n]])) as unknown as DiagnosticsSummary;
}

const LOSS_MECHANISMS: readonly LossMechanism[] = ['pool cap', 'verifier', 'μ+σ cut', 'reader budget'];

/** A diagnostic's column: this project's own are starred (not paper 004's). */
const header = (name: DiagnosticName) => (isOwnDiagnostic(name) ? `${name}*` : name);

const rate = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x);
const answerCols = (r: StrategyBatchResult) => [rate(r.summary?.acc), rate(r.summary?.em), rate(r.summary?.f1)];

/** Acc† of a result when the LLM judge ran on it. */
export type AccDaggerOf = (r: StrategyBatchResult) => number | undefined;

const basisOf = (r: StrategyBatchResult) => correctnessOf(r.questionDiagnostics);

export function regimeTable(results: readonly StrategyBatchResult[], accDagger?: AccDaggerOf): string {
  const judged = accDagger !== undefined && results.some((r) => accDagger(r) !== undefined);
  return (
    'Accuracy by strategy and regime (gold-context is an oracle: the reader was given the gold passages' +
    (judged ? '; Acc† = LLM judge' : '') +
    ')\n' +
    formatTable(
      ['strategy', 'regime', 'completed', 'Acc', ...(judged ? ['Acc†'] : []), 'EM', 'F1'],
      results.map((r) => {
        const [acc, em, f1] = answerCols(r);
        return [
          r.strategy,
          regimeLabel(r.regime),
          r.completed,
          acc!,
          ...(judged ? [rate(accDagger(r))] : []),
          em!,
          f1!,
        ];
      }),
    )
  );
}

export function diagnosticsTable(results: readonly StrategyBatchResult[]): string {
  const rows = results.map((r) => [
    r.strategy,
    regimeLabel(r.regime),
    basisOf(r),
    ...DIAGNOSTICS.map((n) => rate(r.diagnostics[n].rate)),
  ]);
  const late = results.map((r) => [
    r.strategy,
    regimeLabel(r.regime),
    rate(r.diagnostics.coverageGap.answered.rate),
    rate(r.diagnostics.coverageGap.lateHitRate),
    rate(r.diagnostics.stoppingCalibration.early),
    rate(r.diagnostics.stoppingCalibration.late),
    rate(r.diagnostics.stoppingCalibration.onTime),
    rate(r.diagnostics.stoppingCalibration.capped),
    rate(r.diagnostics.stoppingCalibration.sufficiency?.brier),
  ]);
  const bases = [...new Set(results.map(basisOf))].map((b) => `${b} = ${CORRECTNESS_NOTE[b]}`).join('; ');
  return [
    `Diagnostics (paper 004) and evidenceLost* (this project's own, not the paper's): share of the questions each applies to; n/a = applies to none; correct by: ${bases}`,
    formatTable(['strategy', 'regime', 'correct by', ...DIAGNOSTICS.map(header)], rows),
    formatTable(
      [
        'strategy',
        'regime',
        'gap (answered)',
        'late hits',
        'stop early',
        'stop late',
        'on time',
        'capped',
        'sufficiency Brier',
      ],
      late,
    ),
    'Evidence lost* (gold that was in the pool and never read by the reader), losses by the mechanism that dropped them',
    formatTable(
      ['strategy', 'regime', 'questions', ...LOSS_MECHANISMS],
      results.map((r) => [
        r.strategy,
        regimeLabel(r.regime),
        r.diagnostics.evidenceLost.flagged,
        ...LOSS_MECHANISMS.map((m) => r.diagnostics.evidenceLost.byMechanism[m]),
      ]),
    ),
  ].join('\n');
}

export function modelTable(models: readonly { model: string; results: readonly StrategyBatchResult[] }[]): string {
  const rows = models.flatMap((m) =>
    m.results.map((r) => [
      m.model,
      r.strategy,
      regimeLabel(r.regime),
      ...answerCols(r),
      ...DIAGNOSTICS.map((n) => rate(r.diagnostics[n].rate)),
    ]),
  );
  return (
    'Models side by side\n' +
    formatTable(['model', 'strategy', 'regime', 'Acc', 'EM', 'F1', ...DIAGNOSTICS.map(header)], rows)
  );
}

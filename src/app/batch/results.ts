// Batch results read off traces: per-question rows are core's RunMetrics (src/core/eval/run-metrics.ts)
// and every aggregate the batch plots draw (Recall@k curve, per-round Recall@k, by question type,
// complementarity) is core's summary of them (summarizeMetrics), the computation the CLI prints; the
// page only shapes them for charts. A failed run is never a result: it is left out of every aggregate
// (core's summary is over completed questions), its CSV row has blank scores and says its error.
import { isCompleted, summarizeMetrics } from '../../core/batch/strategy.ts';
import { complementarity as pairComplementarity } from '../../core/eval/complementarity.ts';
import { runMetrics, type RunMetrics } from '../../core/eval/run-metrics.ts';
import type { Trace } from '../../core/trace/schema.ts';

/** Cut-offs every row is scored at: the Recall@k curve's range and the CSV's columns. */
export const BATCH_KS = Array.from({ length: 20 }, (_, i) => i + 1);

/** One run of the batch, as its table, plots and exports read it. */
export function rowFromTrace(strategy: string, trace: Trace) {
  const gold = trace.question.gold;
  const metrics = runMetrics(trace, gold.length ? BATCH_KS : []);
  const firstGold = metrics.goldRanks.filter((r): r is number => r !== null).sort((a, b) => a - b)[0];
  return {
    /** The batch lane: strategy id, or "strategy · model · regime" when several run. */
    strategy,
    questionId: trace.question.id,
    question: trace.question.question,
    type: trace.question.type ?? 'untyped',
    /** Core's per-question metrics at BATCH_KS; null when the question has no gold passages. */
    metrics: gold.length ? metrics : null,
    /** The final context in its final order, the ranking Recall@k is measured on (the fold's finalRanking). */
    ranking: metrics.ranking.map((r) => r.id),
    gold,
    firstGoldRank: firstGold ?? null,
    /** The run's answer (null for retrieval-only runs) and its scores against the gold answers. */
    answer: metrics.answer ?? null,
    em: metrics.em ?? null,
    f1: metrics.f1 ?? null,
    acc: metrics.acc ?? null,
    ms: metrics.wallMs,
    /** The trace's status; only 'done' runs enter a plot or a mean. */
    status: trace.status,
    /** The first error the run recorded (a failed run's cause), else null. */
    error: metrics.errors[0] ?? null,
    trace,
  };
}

export type BatchRow = ReturnType<typeof rowFromTrace>;

/** The runs that did not complete (failed), named beside the plots and left out of them. */
export const failedRows = (rows: readonly BatchRow[]): BatchRow[] => rows.filter((r) => r.status === 'failed');

export function strategiesOf(rows: readonly BatchRow[]): string[] {
  return [...new Set(rows.map((r) => r.strategy))];
}

/** Core's summary of each lane's completed, scored rows (questions with gold), the numbers the CLI prints. */
function lanes(rows: readonly BatchRow[]) {
  return strategiesOf(rows).flatMap((strategy) => {
    const metrics = rows
      .filter((r) => r.strategy === strategy && r.metrics && isCompleted(r))
      .map((r) => r.metrics as RunMetrics);
    const s = summarizeMetrics(metrics, BATCH_KS);
    return s.summary ? [{ strategy, metrics, ...s, summary: s.summary }] : [];
  });
}

/** Mean Recall@k for k = 1..maxK per strategy. */
export function recallCurve(rows: readonly BatchRow[], maxK: number) {
  return lanes(rows).map(({ strategy, summary }) => ({
    strategy,
    points: BATCH_KS.filter((k) => k <= maxK).map((k) => ({ k, recall: summary.recall[k] as number })),
  }));
}

/**
 * Mean Recall@k of the pool after each round, per strategy (core's recallByRound: the i-th pool, a
 * question with fewer pools keeps its last one).
 */
export function perRoundRecall(rows: readonly BatchRow[], k = 5) {
  return lanes(rows).map(({ strategy, recallByRound }) => ({
    strategy,
    rounds: recallByRound.map((r) => r.recall[k] as number),
  }));
}

/**
 * Bar groups "round 0", "round 1", ... over every strategy's rounds. A strategy that never reached round t
 * (single retrieval has only round 0) gets NaN there, drawn as "n/a": carrying its last pool into rounds
 * it does not have would show a number for a round that did not happen.
 */
export function roundGroups(series: readonly { strategy: string; rounds: readonly number[] }[]) {
  const depth = Math.max(1, ...series.map((s) => s.rounds.length));
  return Array.from({ length: depth }, (_, t) => ({
    label: `round ${t}`,
    values: series.map((s) => ({
      name: s.strategy,
      value: t < s.rounds.length ? (s.rounds[t] as number) : Number.NaN,
    })),
  }));
}

type Lane = ReturnType<typeof lanes>[number];

/** One value per question type and lane (NaN where a lane has none), with the type's question count. */
function perType(all: Lane[], value: (t: Lane['summary']['byType'][string] | undefined) => number | null | undefined) {
  const types = [...new Set(all.flatMap((l) => Object.keys(l.summary.byType)))].sort();
  return types.map((type) => ({
    type,
    values: Object.fromEntries(all.map((l) => [l.strategy, value(l.summary.byType[type]) ?? Number.NaN])),
    count: Math.max(0, ...all.map((l) => l.summary.byType[type]?.count ?? 0)),
  }));
}

/** Mean Recall@k by question type and strategy (core's summary.byType). */
export const byType = (rows: readonly BatchRow[], k = 5) => perType(lanes(rows), (t) => t?.recall[k]);

/** Mean answer accuracy (Acc: gold answer contained in the prediction) by type, for strategies that answer. */
export const accuracyByType = (rows: readonly BatchRow[]) =>
  perType(
    lanes(rows).filter((l) => l.summary.acc !== undefined),
    (t) => t?.acc,
  );

/** For a pair of strategies: questions whose gold is all in the top k for A only, B only, both, neither (core complementarity). */
export function complementarity(rows: readonly BatchRow[], a: string, b: string, k = 5) {
  const solved = (s: string) =>
    new Map(
      rows
        .filter((r) => r.strategy === s && r.metrics && isCompleted(r))
        .map((r) => [r.questionId, (r.metrics as RunMetrics).allGold[k] === 1]),
    );
  const [pair] = pairComplementarity(new Map([a, b].map((s) => [s, solved(s)])));
  return { aOnly: pair?.onlyA ?? 0, bOnly: pair?.onlyB ?? 0, both: pair?.both ?? 0, neither: pair?.neither ?? 0 };
}

const CSV_KS = [1, 2, 5, 10, 20] as const;

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function rowsToCsv(rows: readonly BatchRow[]): string {
  const head = [
    'strategy,llm,regime,question_id,type,question',
    ...CSV_KS.map((k) => `recall@${k}`),
    'first_gold_rank,answer,em,f1,acc,ms,status,error',
  ];
  const lines = rows.map((r) => {
    const done = isCompleted(r);
    // a failed run has no score (blank), never 0
    const recall = CSV_KS.map((k) => (r.metrics && done ? (r.metrics.recall[k] as number).toFixed(4) : ''));
    const f1 = r.f1 === null ? null : r.f1.toFixed(4);
    const about = [r.strategy, r.trace.llm, r.trace.regime, r.questionId, r.type, r.question];
    const result = [done ? r.firstGoldRank : null, r.answer, r.em, f1, r.acc, Math.round(r.ms), r.status, r.error];
    return [...about, ...recall, ...result].map(csvCell).join(',');
  });
  return `${[head.join(','), ...lines].join('\n')}\n`;
}

export function rowsToJson(rows: readonly BatchRow[]): string {
  return JSON.stringify(
    rows.map(({ trace, metrics: _metrics, ...r }) => ({ ...r, llm: trace.llm, regime: trace.regime })),
    null,
    1,
  );
}

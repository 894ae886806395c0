// Batch evaluation of one strategy over a question set: questions run concurrently, each
// yields a trace; every number is read off the traces (runMetrics), so a replayed trace scores the same.
// A question whose LLM call fails has a "failed" trace and the batch goes on; failures are never results:
// every metric is a mean over the completed questions only (a run where none completed has no metric,
// summary null), and the result counts completed and failed beside it. Results are placed by question
// index, so --concurrency 8 equals --concurrency 1.
import { runMetrics, type RunMetrics } from '../eval/run-metrics.ts';
import { addCost, emptyCost, type Cost } from '../trace/fold.ts';
import { summarize, type QuestionScore } from '../eval/metrics.ts';
import { complementarity } from '../eval/complementarity.ts';
import { pairedInterval } from '../eval/paired.ts';
import {
  diagnoseTrace,
  summarizeDiagnostics,
  type DiagnosticsSummary,
  type QuestionDiagnostics,
} from '../eval/diagnostics/index.ts';
import type { StrategyContext, StrategyName } from '../strategies/index.ts';
import { runRegime } from '../strategies/regimes.ts';
import type { Regime, Trace } from '../trace/schema.ts';
import type { Passage, Question } from '../types.ts';
import { mapConcurrent } from '../map-concurrent.ts';

/** The run context every question shares (the strategy's options, its reranker, the abort signal), and the batch's. */
export interface StrategyBatchOptions extends Pick<
  StrategyContext,
  'retriever' | 'llm' | 'prompts' | 'reranker' | 'options' | 'signal'
> {
  strategy: StrategyName;
  retrieverName: string;
  passages: ReadonlyMap<string, Passage>;
  corpus: { id: string; name: string };
  /** What the backbone adds to every new trace's options (summariser, report writer, filter model, built). */
  backbone?: Record<string, unknown>;
  /** The host's identity of the run's inputs, recorded in every new trace (the CLI's resume key). */
  provenance?: Record<string, string>;
  /** Evidence regime (paper 004); default iterative. gold-context is an oracle. */
  regime?: Regime;
  /** The no-context regime's trace of a question, when that regime ran (parametricSuppression). */
  noContext?: (questionId: string) => Trace | undefined;
  ks: number[];
  concurrency?: number;
  /** A finished trace from an earlier, interrupted batch (resume): reused instead of rerun. */
  previous?: (question: Question) => Promise<Trace | undefined>;
  /** Each trace as soon as its question finishes (the CLI writes it to --traces). */
  onTrace?: (trace: Trace, reused: boolean) => Promise<void> | void;
  onProgress?: (done: number, total: number) => void;
}

export async function evaluateStrategy(
  questions: readonly Question[],
  o: StrategyBatchOptions,
): Promise<StrategyBatchResult> {
  let done = 0;
  let reused = 0;
  // An abort (Ctrl-C) lets the questions in flight end as "aborted" traces and starts no new one; the
  // result then holds what finished, and `aborted` / `notRun` count the rest.
  const all = await mapConcurrent(questions, o.concurrency ?? 1, async (q): Promise<Trace | undefined> => {
    if (o.signal?.aborted) return undefined;
    const old = await o.previous?.(q);
    const trace =
      old ??
      (await runRegime(
        o.regime ?? 'iterative',
        o.strategy,
        q,
        {
          retriever: o.retriever,
          llm: o.llm,
          prompts: o.prompts,
          passages: o.passages,
          options: o.options,
          reranker: o.reranker,
          signal: o.signal,
        },
        { corpus: o.corpus, retrieverName: o.retrieverName, backbone: o.backbone, provenance: o.provenance },
      ));
    if (old) reused++;
    await o.onTrace?.(trace, old !== undefined);
    o.onProgress?.(++done, questions.length);
    return trace;
  });
  const finished = all.filter((t): t is Trace => t !== undefined && t.status !== 'aborted');
  return {
    ...summarizeTraces(o.strategy, finished, o.ks, {
      regime: o.regime ?? 'iterative',
      passages: o.passages,
      noContext: o.noContext,
    }),
    // stopped mid-run by an abort (their partial traces went to onTrace; not in `questions`), and never started
    aborted: all.filter((t) => t?.status === 'aborted').length,
    notRun: all.filter((t) => t === undefined).length,
    reused,
  };
}

export interface SummarizeOptions {
  regime?: Regime;
  /** Passage texts for the diagnostics that compare passages (anchors, look-alikes). */
  passages?: ReadonlyMap<string, Passage>;
  /** The no-context regime's trace of a question, when that regime ran (parametricSuppression). */
  noContext?: (questionId: string) => Trace | undefined;
}

/** Every number of a batch, read off its traces (the same whether they were just run or read from disk). */
export function summarizeTraces(
  name: string,
  traces: readonly Trace[],
  ks: readonly number[],
  o: SummarizeOptions = {},
) {
  const rows = traces.map((t) => runMetrics(t, ks));
  const { questionDiagnostics, diagnostics } = diagnoseBatch(traces, o);
  // questionDiagnostics has one entry per trace (the JSON lists every question); the summary is over completed ones
  return {
    // the strategy, or the group name of scored traces (score-traces)
    strategy: name,
    regime: o.regime ?? traces[0]?.regime ?? 'iterative',
    ...summarizeMetrics(rows, ks),
    failed: rows.filter((r) => r.status === 'failed').map((r) => ({ id: r.id, errors: r.errors })),
    aborted: rows.filter((r) => r.status === 'aborted').length,
    notRun: 0,
    reused: 0,
    questions: rows,
    // paper 004's diagnostics over the completed questions, read off the traces and the gold (never inside a run)
    diagnostics,
    questionDiagnostics,
    traces: [...traces],
  };
}

export type StrategyBatchResult = ReturnType<typeof summarizeTraces>;

/** A question whose run finished (not failed, not aborted, not still running): the only kind a metric reads. */
export const isCompleted = (r: { status: Trace['status'] }): boolean => r.status === 'done';

/**
 * The pooled numbers of one strategy's per-question metrics: what the CLI prints and the browser batch
 * plots (the browser passes the rows of each strategy lane), so both read one computation. Means are
 * over the completed questions only; a failed question is counted, never scored.
 */
export function summarizeMetrics(rows: readonly RunMetrics[], ks: readonly number[]) {
  const done = rows.filter(isCompleted);
  return {
    // null when none completed (no metric, never 0)
    summary: done.length ? summarize(scoredRows(done), ks) : null,
    // the questions the metrics are over, and those whose run failed (in no metric)
    completed: done.length,
    failedCount: rows.filter((r) => r.status === 'failed').length,
    bridgeRecall: meanBridgeRecall(done, ks),
    recallByRound: meanRecallByRound(done, ks),
    // every question's LLM cost, failed ones included (their calls were spent)
    tokensByModule: sumCosts(rows),
  };
}

/**
 * Paper 004's diagnostics of a batch's traces. `judged` (the LLM judge's verdict per trace, when
 * --judge ran) makes Acc† the correctness basis; the judge runs after the batch, so callers diagnose again.
 */
export function diagnoseBatch(
  traces: readonly Trace[],
  o: SummarizeOptions & { judged?: (trace: Trace) => boolean | undefined } = {},
): { questionDiagnostics: QuestionDiagnostics[]; diagnostics: DiagnosticsSummary } {
  const questionDiagnostics = traces.map((t) =>
    diagnoseTrace(t, { passages: o.passages, noContext: o.noContext?.(t.question.id), judged: o.judged }),
  );
  // one diagnosis per trace; the rates are over the completed questions (a failed run diagnoses nothing)
  const completed = questionDiagnostics.filter((_, i) => isCompleted(traces[i]!));
  return { questionDiagnostics, diagnostics: summarizeDiagnostics(completed) };
}

/** The mean over `rows` of `at(row, k)` for every k (NaN without rows). */
function meanByK(
  rows: readonly RunMetrics[],
  ks: readonly number[],
  at: (r: RunMetrics, k: number) => number,
): Record<number, number> {
  return Object.fromEntries(ks.map((k) => [k, rows.reduce((a, r) => a + at(r, k), 0) / rows.length]));
}

/** Mean Recall@k of the bridge passages (src/core/eval/bridge.ts) over the questions that have any. */
function meanBridgeRecall(rows: readonly RunMetrics[], ks: readonly number[]) {
  const withBridge = rows.filter((r) => r.bridgeRecall !== undefined);
  return { count: withBridge.length, recall: meanByK(withBridge, ks, (r, k) => r.bridgeRecall?.[k] ?? 0) };
}

/** A completed question with gold answers but no answer (the strategy gave none) scores 0 when others answered. */
function scoredRows(rows: readonly RunMetrics[]): QuestionScore[] {
  const anyAnswer = rows.some((r) => r.em !== undefined);
  return rows.map((r) => (anyAnswer && r.em === undefined ? { ...r, em: 0, f1: 0, acc: 0 } : r));
}

/**
 * Mean Recall@k of the pool after each round; a question that stopped earlier carries its last pool. `round` is
 * the pool index: 0 = initial retrieval, 1..R = after each round, then promotion/cut.
 */
function meanRecallByRound(rows: readonly RunMetrics[], ks: readonly number[]) {
  const depth = Math.max(0, ...rows.map((r) => r.recallByRound.length));
  return Array.from({ length: depth }, (_, i) => ({
    round: i,
    recall: meanByK(rows, ks, (r, k) => r.recallByRound[Math.min(i, r.recallByRound.length - 1)]?.[k] ?? 0),
  }));
}

function sumCosts(rows: readonly RunMetrics[]): Record<string, Cost> {
  // Module names come from traces (data): summed in a Map, so no name reaches an object's prototype.
  const sums = new Map<string, Cost>();
  for (const r of rows)
    for (const [module, c] of Object.entries(r.tokensByModule))
      sums.set(module, addCost(sums.get(module) ?? emptyCost(), c));
  return Object.fromEntries(sums);
}

/** Complementarity of the strategies run on the same questions (BDTR Fig. 3) under two notions of "solved". */
export function strategyComplementarity(results: readonly StrategyBatchResult[], k = 5) {
  // completed questions only: a failed run is neither solved nor unsolved (the pair's "shared" counts both completed)
  const by = (solved: (r: RunMetrics) => boolean) =>
    complementarity(
      new Map(
        results.map((res) => [res.strategy, new Map(res.questions.filter(isCompleted).map((q) => [q.id, solved(q)]))]),
      ),
    );
  return { byEm: by((q) => q.em === 1), byAllGold: by((q) => q.allGold[k] === 1) };
}

/**
 * The first result against each other one on the questions both completed (src/core/eval/paired.ts):
 * Recall@k for every k, and EM, F1 and Acc where both answer (`metric`: recall@k, em, f1 or acc). What the
 * CLI prints and writes to --out.
 */
export function pairedComparisons(results: readonly StrategyBatchResult[], ks: readonly number[]) {
  const [first, ...others] = results;
  if (!first) return [];
  const scores = (r: StrategyBatchResult, f: (q: RunMetrics) => number | undefined) =>
    new Map(
      r.questions.filter(isCompleted).flatMap((q) => {
        const v = f(q);
        return v === undefined ? [] : [[q.id, v] as const];
      }),
    );
  const metrics: [string, (q: RunMetrics) => number | undefined][] = [
    ...ks.map((k): [string, (q: RunMetrics) => number | undefined] => [`recall@${k}`, (q) => q.recall[k]]),
    ['em', (q) => q.em],
    ['f1', (q) => q.f1],
    ['acc', (q) => q.acc],
  ];
  return others.flatMap((b) =>
    metrics.flatMap(([metric, f]) => {
      const interval = pairedInterval(scores(first, f), scores(b, f));
      return interval ? [{ a: first.strategy, b: b.strategy, metric, interval }] : [];
    }),
  );
}

export type PairedComparison = ReturnType<typeof pairedComparisons>[number];

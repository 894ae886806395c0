// What the eval CLI prints and writes for strategy batches: one result's tables and JSON, the facts read
// off its traces, and the comparisons between one model's strategies (complementarity, pair fusion, the
// shift between the first two, paired 95% intervals). Read off finished results only; nothing here runs.
import {
  isCompleted,
  pairedComparisons,
  strategyComplementarity,
  type PairedComparison,
  type StrategyBatchResult,
} from '../core/batch/strategy.ts';
import type { PairComplementarity } from '../core/eval/complementarity.ts';
import { failureShift, shiftRows, type FailureShift } from '../core/eval/failure-shift.ts';
import { diagnosticsBasis } from '../core/eval/diagnostics/index.ts';
import type { JudgeResult } from '../core/eval/judge.ts';
import { BOOTSTRAP_NOTE, formatInterval } from '../core/eval/paired.ts';
import { pairFusion, type PairFusion } from '../core/eval/pair-fusion.ts';
import { addCost, emptyCost } from '../core/trace/fold.ts';
import type { StrategyName } from '../core/strategies/index.ts';
import { strategyTitle } from '../core/strategies/registry.ts';
import { foldTrace } from '../core/trace/fold.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { EvalArgs } from './args.ts';
import { counterfactualQuestionJson, counterfactualSummaryJson } from './counterfactual.ts';
import { diagnosticsTable, flatDiagnostics, regimeTable } from './diagnostics-report.ts';
import { printable, type Io } from './printable.ts';
import { flatSummary, formatTable, noMetrics, summaryTables } from './report.ts';

export function resultJson(r: StrategyBatchResult, ks: readonly number[], facts?: BatchFacts) {
  return {
    strategy: r.strategy,
    title: strategyTitle(r.strategy),
    regime: r.regime,
    ...(r.regime === 'gold-context' ? { oracle: true } : {}),
    summary: {
      // means over the completed questions; null metrics when none completed (never 0)
      ...(r.summary ? flatSummary(r.summary) : noMetrics(ks)),
      completed: r.completed,
      ...facts,
      bridgeQuestions: r.bridgeRecall.count,
      ...Object.fromEntries(Object.entries(r.bridgeRecall.recall).map(([k, v]) => [`bridgeRecall@${k}`, v])),
      failed: r.failed.length,
      aborted: r.aborted,
      notRun: r.notRun,
      recallByRound: r.recallByRound.map((x) => ({
        round: x.round,
        ...Object.fromEntries(Object.entries(x.recall).map(([k, v]) => [`recall@${k}`, v])),
      })),
      tokens: { byModule: r.tokensByModule, total: Object.values(r.tokensByModule).reduce(addCost, emptyCost()) },
      replyForms: replyForms(r),
      diagnostics: flatDiagnostics(r.diagnostics),
      diagnosticsBasis: diagnosticsBasis(r.questionDiagnostics.filter((_, i) => isCompleted(r.questions[i]!))),
      ...counterfactualSummaryJson(r),
    },
    failed: r.failed,
    questions: r.questions.map((q, i) => ({
      ...q,
      diagnostics: r.questionDiagnostics[i],
      ...counterfactualQuestionJson(r, q.id),
    })),
  };
}

const equalBudgetText = (e: NonNullable<BatchFacts['equalBudget']>): string =>
  'notApplicable' in e
    ? `at equal budget readerTop ${e.readerTop}: n/a (${e.notApplicable})`
    : `at equal budget readerTop ${e.readerTop} (mean ${e.readerPassages.toFixed(2)} read): EM ${e.em.toFixed(3)}, F1 ${e.f1.toFixed(3)}`;

/** How the LLM's replies were read, per form ("json", "free-text", ...), over every trace of the batch. */
function replyForms(r: StrategyBatchResult): Record<string, number> {
  const counts = new Map<string, number>();
  for (const t of r.traces)
    for (const e of t.events)
      if (e.type === 'llm' && e.replyForm) counts.set(e.replyForm, (counts.get(e.replyForm) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

export function strategyReport(title: string, r: StrategyBatchResult, ks: readonly number[], f?: BatchFacts): string {
  const settings = f
    ? `reader budget: readerTop ${f.readerTop} (mean ${f.readerPassages.toFixed(2)} passages read) · normalize ${f.normalize}` +
      ` · LLM calls/question ${f.llmCallsPerQuestion.toFixed(2)} · rounds used: mean ${f.roundsUsed.toFixed(2)} (${Object.entries(
        f.roundsHistogram,
      )
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')})` +
      (f.equalBudget ? ` · ${equalBudgetText(f.equalBudget)}` : '') +
      (f.routes
        ? ` · routes: ${Object.entries(f.routes)
            .map(([k, n]) => `${strategyTitle(k)} ${n}`)
            .join(', ')}`
        : '')
    : undefined;
  const rounds = formatTable(
    ['pool', ...ks.map((k) => `R@${k}`)],
    r.recallByRound.map((x) => [x.round === 0 ? 'initial' : `#${x.round}`, ...ks.map((k) => x.recall[k] ?? NaN)]),
  );
  const costs = Object.entries(r.tokensByModule);
  // reasoning models: the reasoning share of the completion tokens gets its own column
  const reasoning = costs.some(([, c]) => c.reasoning);
  const tokens = costs.length
    ? formatTable(
        ['module', 'calls', 'cached', 'prompt tok', 'completion tok', ...(reasoning ? ['of which reasoning'] : [])],
        costs.map(([m, c]) => [m, c.calls, c.cached, c.prompt, c.completion, ...(reasoning ? [c.reasoning ?? 0] : [])]),
      )
    : 'no LLM calls';
  const forms = replyForms(r);
  const formLine = Object.keys(forms).length
    ? `Replies read as: ${Object.entries(forms)
        .map(([form, n]) => `${form} ${n}`)
        .join(
          ', ',
        )}${forms['free-text'] ? ' (free-text: plain prose, the text after the last answer marker or the first line)' : ''}`
    : undefined;
  const bridge = formatTable(
    ['final context', 'n', ...ks.map((k) => `R@${k}`)],
    [
      ['all gold', r.completed, ...ks.map((k) => naCell(r.summary?.recall[k]))],
      ['bridge gold', r.bridgeRecall.count, ...ks.map((k) => naCell(r.bridgeRecall.recall[k]))],
    ],
  );
  return [
    summaryTables(title, r.summary, ks, { completed: r.completed, failed: r.failedCount, total: r.questions.length }),
    ...(settings ? [settings] : []),
    `Bridge recall (${r.questions[0]?.bridgeRule ?? 'no bridges'})`,
    bridge,
    'Recall of the pool after each step (questions that stopped early carry their last pool)',
    rounds,
    tokens,
    ...(formLine ? [formLine] : []),
    diagnosticsTable([r]),
  ].join('\n\n');
}

/** A mean as a table cell: "n/a" when there was nothing to average (no question with gold or bridges). */
const naCell = (v: number | null | undefined): number | string =>
  v === null || v === undefined || Number.isNaN(v) ? 'n/a' : v;

function complementarityTable(rows: PairComplementarity[], solved: string): string {
  return (
    `Complementarity (solved = ${solved})\n` +
    formatTable(
      ['A', 'B', 'shared', 'both', 'only A', 'only B', 'neither'],
      rows.map((p) => [strategyTitle(p.a), strategyTitle(p.b), p.shared, p.both, p.onlyA, p.onlyB, p.neither]),
    )
  );
}

/** The strategies' complementarity at k (5, else the largest cut-off), printed; none for fewer than two. */
export function complementarity(results: StrategyBatchResult[], ks: readonly number[], io: Io) {
  const k = ks.includes(5) ? 5 : (ks.at(-1) as number);
  const comp = results.length > 1 ? strategyComplementarity(results, k) : undefined;
  if (comp)
    io.out(
      complementarityTable(comp.byEm, 'EM = 1') + '\n\n' + complementarityTable(comp.byAllGold, `all gold in top ${k}`),
    );
  return { k, comp };
}

function pairedTable(rows: readonly PairedComparison[]): string {
  return (
    `${strategyTitle(rows[0]!.a)} against each other strategy, on the questions both completed (${BOOTSTRAP_NOTE})\n` +
    formatTable(
      ['A', 'B', 'metric', 'n', 'A', 'B', 'A − B (95% interval), verdict'],
      rows.map((p) => [
        strategyTitle(p.a),
        strategyTitle(p.b),
        p.metric,
        p.interval.n,
        p.interval.meanA,
        p.interval.meanB,
        formatInterval(p.interval),
      ]),
    )
  );
}

function fusionTable(rows: PairFusion[], k: number): string {
  const best = rows[0]!;
  return (
    `Which pair fuses best (RRF k = 60 of the two final contexts, as the ensemble strategy): best ${strategyTitle(best.a)} + ${strategyTitle(best.b)}, R@${k} ${best.fused.toFixed(3)}\n` +
    formatTable(
      ['A', 'B', 'shared', `R@${k} A`, `R@${k} B`, `R@${k} RRF(A,B)`, 'gain over the better'],
      rows.map((p) => [strategyTitle(p.a), strategyTitle(p.b), p.shared, p.recallA, p.recallB, p.fused, p.gain]),
    )
  );
}

export interface BatchFacts {
  /** 'own': each question's chosen strategy reads its own setting (auto). */
  readerTop: number | 'all' | 'own';
  normalize: string;
  stop: string;
  /** Mean passages the reader was shown. */
  readerPassages: number;
  llmCallsPerQuestion: number;
  /** Mean iteration rounds that ran (0 = the initial retrieval only). */
  roundsUsed: number;
  roundsHistogram: Record<string, number>;
  /** EM and F1 when this strategy's reader reads `readerTop` passages like every other (--equal-budget). */
  equalBudget?:
    | { readerTop: number; em: number; f1: number; readerPassages: number }
    | { readerTop: number; notApplicable: string };
  /** auto: how many questions went to each strategy. */
  routes?: Record<string, number>;
}

/** Settings and per-question facts of one strategy's batch, read off its traces' folds. */
export function batchFacts(options: Record<string, unknown>, traces: readonly Trace[]): BatchFacts {
  const n = Math.max(1, traces.length);
  const models = traces.map((t) => foldTrace(t.events));
  const mean = (f: (m: (typeof models)[number]) => number) => models.reduce((a, m) => a + f(m), 0) / n;
  // Keyed by data (a trace's route names): Maps, so no key reaches an object's prototype.
  const histogram = new Map<string, number>();
  const routeCounts = new Map<string, number>();
  for (const m of models) {
    const r = String(m.roundsUsed);
    histogram.set(r, (histogram.get(r) ?? 0) + 1);
    if (m.route) routeCounts.set(m.route, (routeCounts.get(m.route) ?? 0) + 1);
  }
  const roundsHistogram = Object.fromEntries(histogram);
  const routes = Object.fromEntries(routeCounts);
  return {
    // auto passes no budget of its own: the chosen strategy reads its paper setting
    readerTop: (options.readerTop as number | 'all' | undefined) ?? 'own',
    normalize: String(options.normalize ?? traces[0]?.options.normalize ?? 'minmax'),
    stop: String(options.stop ?? 'fixed'),
    readerPassages: mean((m) => m.readerPassages ?? 0),
    llmCallsPerQuestion: mean((m) => m.llmCalls),
    roundsUsed: mean((m) => m.roundsUsed),
    roundsHistogram,
    ...(Object.keys(routes).length ? { routes } : {}),
  };
}

/**
 * The comparisons between one model's strategies, printed, and the model's JSON. Comparisons read the
 * iterative regime only: gold-context is an oracle, no-context retrieves nothing.
 */
export function modelReport(
  args: Pick<EvalArgs, 'ks' | 'regimes' | 'strategies'>,
  results: readonly StrategyBatchResult[],
  facts: ReadonlyMap<StrategyBatchResult, BatchFacts>,
  extras: ReadonlyMap<StrategyBatchResult, { judge?: JudgeResult }>,
  io: Io,
) {
  const iterative = results.filter((r) => r.regime === 'iterative');
  const { k, comp } = complementarity(iterative, args.ks, io);
  const fusion =
    iterative.length > 1
      ? pairFusion(
          new Map(
            iterative.map((r) => [
              r.strategy,
              { questions: new Map(r.questions.map((q) => [q.id, { ranking: q.ranking, gold: q.goldIds }])) },
            ]),
          ),
          k,
        )
      : undefined;
  if (fusion?.length) io.out('\n' + fusionTable(fusion, k));
  // Which questions shifted, and how their flags moved, between the first two strategies (iterative regime).
  const shift = iterative.length > 1 ? shiftOf(iterative[0]!, iterative[1]!) : undefined;
  if (shift) io.out('\n' + shiftTable(shift));
  // The first strategy against each other one, with a paired 95% interval (src/core/eval/paired.ts).
  const paired = iterative.length > 1 ? pairedComparisons(iterative, args.ks) : [];
  if (paired.length) io.out('\n' + pairedTable(paired));
  if (results.length > 1)
    io.out(
      regimeTable(results, (r) => extras.get(r)?.judge?.accDagger ?? undefined) + '\n\n' + diagnosticsTable(results),
    );
  const perStrategy = (s: StrategyName) => {
    const rs = results.filter((r) => r.strategy === s);
    const withExtras = (r: StrategyBatchResult) => ({ ...resultJson(r, args.ks, facts.get(r)), ...extras.get(r) });
    return args.regimes.length
      ? { strategy: s, regimes: Object.fromEntries(rs.map((r) => [r.regime, withExtras(r)])) }
      : withExtras(rs[0]!);
  };
  // An interrupt can leave strategies without a finished question: they are left out, not summarised.
  const withResults = args.strategies.filter((s) => results.some((r) => r.strategy === s));
  return args.strategies.length === 1 && withResults.length === 1
    ? perStrategy(withResults[0]!)
    : {
        strategies: Object.fromEntries(withResults.map((s) => [s, perStrategy(s)])),
        complementarity: comp,
        pairFusion: fusion,
        ...(shift ? { shift } : {}),
        paired: { method: BOOTSTRAP_NOTE, comparisons: paired },
      };
}

// The failure shift between the first two strategies of a run (core/eval/failure-shift.ts), as the
// terminal shows it: the outcome matrix and the flag moves, each cell with its questions.

/** Questions listed per cell before "… and N more". */
const LISTED = 6;

const list = (ids: readonly string[]) =>
  ids.length === 0
    ? '—'
    : ids
        .slice(0, LISTED)
        .map((id) => printable(id))
        .join(', ') + (ids.length > LISTED ? ` … and ${ids.length - LISTED} more` : '');

/** The shift between two results (A = the first, B = the second). */
function shiftOf(a: StrategyBatchResult, b: StrategyBatchResult): FailureShift {
  return failureShift(
    { name: a.strategy, rows: shiftRows(a.traces, a.questionDiagnostics) },
    { name: b.strategy, rows: shiftRows(b.traces, b.questionDiagnostics) },
  );
}

function shiftTable(s: FailureShift): string {
  const A = strategyTitle(s.a);
  const B = strategyTitle(s.b);
  const o = s.outcomes;
  const outcome = formatTable(
    [`${A} \\ ${B}`, `${B} right`, `${B} wrong`],
    [
      [`${A} right`, `${o.bothRight.length}: ${list(o.bothRight)}`, `${o.broken.length} broken: ${list(o.broken)}`],
      [`${A} wrong`, `${o.fixed.length} fixed: ${list(o.fixed)}`, `${o.bothWrong.length}: ${list(o.bothWrong)}`],
    ],
  );
  const flags = formatTable(
    [`flag in ${A}`, `flag in ${B}`, 'questions', 'which'],
    s.flags.map((c) => [c.from, c.to, c.questions.length, list(c.questions)]),
  );
  return [
    `Failure shift ${A} -> ${B} over the ${s.questions} questions both ran (correct by each run's basis; a question's flag is its first flagged diagnostic)`,
    outcome,
    flags,
    ...(s.notCompared.length
      ? [`not compared: ${s.notCompared.length} (e.g. ${printable(s.notCompared[0]!.id)}: ${s.notCompared[0]!.reason})`]
      : []),
  ].join('\n');
}

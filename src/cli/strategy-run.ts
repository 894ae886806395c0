// `npm run eval -- ... --strategy <names> --llm <spec>[,<spec>] [--regime <names>]`: iterative strategies
// over a backbone, one trace per question (written to --traces, and reused from there on a rerun, so an
// interrupted batch resumes), progress with ETA on stderr, tables on stdout, the foundation's JSON shape
// per strategy; with --regime one result per regime, with several --llm one result per model. Every
// result's summary carries paper 004's six diagnostics, read off the finished traces.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { evaluateStrategy, strategyComplementarity, type StrategyBatchResult } from '../core/batch/strategy.ts';
import { formatDuration, progressAt } from '../core/batch/progress.ts';
import type { PairComplementarity } from '../core/eval/complementarity.ts';
import { diagnosticsBasis } from '../core/eval/diagnostics/index.ts';
import { pairFusion, type PairFusion } from '../core/eval/pair-fusion.ts';
import { addCost, emptyCost } from '../core/eval/run-metrics.ts';
import { memoRetriever, type MemoEntries, type MemoItemEntries } from '../core/retrievers/memo.ts';
import { ftCounts, ftExamples, ftJsonl, isCorrect, type FtExample } from '../core/eval/ft-export.ts';
import { judgeAnswers, type JudgePrompt, type JudgeResult } from '../core/eval/judge.ts';
import { triggerHistogram } from '../core/eval/retrieval-triggers.ts';
import type { LlmPort } from '../core/llm/port.ts';
import type { Reranker } from '../core/rerank/port.ts';
import * as judgePrompt from '../prompts/dualrag-judge.ts';
import type { Regime, Trace } from '../core/trace/schema.ts';
import type { Dataset, Question, Retriever } from '../core/types.ts';
import {
  strategyOptionKeys,
  strategyOptions,
  strategyPromptVersions,
  type StrategyName,
} from '../core/strategies/index.ts';
import { foldTrace } from '../core/trace/fold.ts';
import { strategyTitle } from '../core/strategies/titles.ts';
import { regimeLabel } from '../core/strategies/regimes.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker, OFFLINE_THINKER_VERSION } from '../providers/llm/offline-thinker.ts';
import { createTransformersReranker } from '../providers/rerank/transformers-reranker.ts';
import { createLexicalReranker } from '../core/rerank/lexical.ts';
import { UsageError, type EvalArgs } from './args.ts';
import type { Io } from './eval.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { diagnosticsTable, flatDiagnostics, modelTable, regimeTable } from './diagnostics-report.ts';
import { flatSummary, summaryTables } from './report.ts';
import { formatTable } from './table.ts';
import {
  corpusFingerprint,
  resumeFrom,
  traceFileName,
  writeTrace,
  type Provenance,
  type ResumeStats,
} from './trace-files.ts';

/** What a trace must have been made with to be reused: corpus content, backbone configuration, LLM version. */
async function runProvenance(
  args: EvalArgs,
  dataset: Dataset,
  llmLabel: string,
  offline: boolean,
): Promise<Provenance> {
  let backbone = args.retriever ?? '';
  if (
    args.model &&
    (args.retriever === 'dense' || args.retriever === 'hybrid' || args.base === 'dense' || args.base === 'hybrid')
  )
    backbone += ` model=${args.model}`;
  if (args.retriever === 'hipporag2') {
    const triples = args.openie
      ? `openie ${basename(args.openie)} sha256:${createHash('sha256')
          .update(await readFile(args.openie))
          .digest('hex')
          .slice(0, 16)}`
      : 'offline-extractor';
    backbone += ` base=${args.base} triples=${triples}`;
  }
  return {
    corpus: corpusFingerprint(dataset.corpus),
    backbone,
    llm: offline ? `${llmLabel} ${OFFLINE_THINKER_VERSION}` : llmLabel,
  };
}

/** The trace id runRegime gives (runStrategy's for the iterative regime). */
const traceIdOf = (strategy: StrategyName, regime: Regime, retriever: string, q: Question) =>
  regime === 'iterative' ? `${strategy}-${retriever}-${q.id}` : `${strategy}-${regime}-${retriever}-${q.id}`;

/** no-context first, so the other regimes' parametricSuppression can read its answers. */
const regimeOrder = (rs: readonly Regime[]): Regime[] =>
  rs.length ? [...rs].sort((a, b) => Number(b === 'no-context') - Number(a === 'no-context')) : ['iterative'];

export async function runStrategies(
  args: EvalArgs,
  dataset: Dataset,
  questions: readonly Question[],
  backbone: Retriever,
  io: Io,
  signal?: AbortSignal,
) {
  // Several strategies (and the equal-budget pass) repeat the same queries on a deterministic backbone.
  const memoId = {
    dataset: dataset.name,
    corpus: dataset.corpus.id,
    passages: dataset.corpus.passages.length,
    retriever: backbone.name,
    base: args.base,
    openie: args.openie ?? null,
  };
  const seed = args.retrievalMemo ? await readMemo(args.retrievalMemo, memoId, io) : { entries: [], itemEntries: [] };
  const retriever = memoRetriever(backbone, seed.entries, seed.itemEntries);
  const specs = (args.llms.length ? args.llms : [args.llm]).map((llm) => llmSpecFrom({ llm, ...args.llmRest }));
  const models: { label: string; json: Record<string, unknown>; results: StrategyBatchResult[] }[] = [];
  for (const spec of specs) {
    const { llm, label } = await createLlmFromSpec(spec, {
      corpusId: dataset.corpus.id,
      cacheDir: args.cacheDir,
      concurrency: Math.max(4, args.concurrency),
      offline: () => createOfflineThinker(),
    });
    io.err(
      `LLM: ${label}${spec.kind === 'offline' ? ' (heuristic stand-in: its numbers are offline-thinker results, not an LLM’s)' : ''}`,
    );
    const traces =
      args.traces && specs.length > 1 ? join(args.traces, traceFileName(label).replace(/\.json$/, '')) : args.traces;
    const provenance = await runProvenance(args, dataset, llm.label, spec.kind === 'offline');
    models.push({
      label,
      ...(await runModel(args, dataset, questions, retriever, llm, traces, provenance, io, signal)),
    });
  }
  if (args.retrievalMemo) {
    const [entries, itemEntries] = await Promise.all([retriever.entries(), retriever.itemEntries()]);
    await writeFile(args.retrievalMemo, JSON.stringify({ ...memoId, entries, itemEntries }));
    io.err(
      `retrieval memo: ${entries.length + itemEntries.length} retrievals written to ${args.retrievalMemo} (${retriever.stats.hits} reused in this run)`,
    );
  }
  const head = { dataset: dataset.name, retriever: retriever.name, ks: args.ks };
  if (models.length === 1) return { ...head, llm: models[0]!.label, ...models[0]!.json };
  io.out(modelTable(models.map((m) => ({ model: m.label, results: m.results }))));
  return {
    ...head,
    llms: models.map((m) => m.label),
    models: Object.fromEntries(models.map((m) => [m.label, m.json])),
  };
}

async function runModel(
  args: EvalArgs,
  dataset: Dataset,
  questions: readonly Question[],
  retriever: Retriever,
  llm: LlmPort,
  traces: string | undefined,
  provenance: Provenance,
  io: Io,
  signal?: AbortSignal,
) {
  if (traces) await mkdir(traces, { recursive: true });
  const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  const results: StrategyBatchResult[] = [];
  const regimes = regimeOrder(args.regimes);
  // DualRAG's extras (issue 13): retrieval triggers, the optional Acc† judge after the runs, the FT export.
  const extras = new Map<StrategyBatchResult, StrategyExtras>();
  const factsOf = new Map<StrategyBatchResult, BatchFacts>();
  const ftExamplesAll: FtExample[] = [];
  const judgeLlm = args.judge ? await createJudge(args, dataset.corpus.id) : undefined;
  const reranker = await loadReranker(args, io);
  for (const strategy of args.strategies) {
    if (signal?.aborted) break;
    const options = cliOptions(args, strategy);
    let noContext: Map<string, Trace> | undefined;
    for (const regime of regimes) {
      const name = args.regimes.length ? `${strategy} · ${regimeLabel(regime)}` : strategy;
      const started = performance.now();
      let lastReport = 0;
      const nc = noContext;
      const resume: ResumeStats = { reused: 0, stale: new Map(), setAside: [] };
      // DualRAG's reranker is part of what a trace means: named in its options and in the resume key.
      const rerankedBy =
        strategy.startsWith('dualrag') && regime === 'iterative'
          ? { reranker: (reranker ?? createLexicalReranker()).name }
          : {};
      const key = {
        strategy,
        retriever: retriever.name,
        llm: llm.label,
        options: regime === 'iterative' ? { ...strategyOptions(strategy, options), ...rerankedBy } : {},
        prompts: strategyPromptVersions(strategy, STRATEGY_PROMPTS),
        provenance,
        regime,
      };
      const result = await evaluateStrategy(questions, {
        strategy,
        regime,
        retriever,
        retrieverName: retriever.name,
        llm,
        prompts: STRATEGY_PROMPTS,
        passages,
        ...(reranker ? { reranker } : {}),
        corpus: dataset.corpus,
        ...(options && regime === 'iterative' ? { options } : {}),
        ...(nc ? { noContext: (id: string) => nc.get(id) } : {}),
        ks: args.ks,
        concurrency: args.concurrency,
        ...(signal ? { signal } : {}),
        ...(traces
          ? {
              previous: resumeFrom(
                traces,
                (q) => traceIdOf(strategy, regime, retriever.name, q),
                key,
                resume,
                (l) => io.err(l),
              ),
            }
          : {}),
        onTrace: async (t: Trace, reused: boolean) => {
          if (traces && !reused)
            await writeTrace(traces, { ...t, options: { ...t.options, ...rerankedBy }, provenance });
        },
        onProgress: (done, total) => {
          const now = performance.now();
          if (done === total || now - lastReport > 1000) {
            lastReport = now;
            const p = progressAt(done, total, started, now);
            io.err(
              `  ${name}: ${done}/${total} questions${p.etaMs !== undefined && done < total ? `, ETA ${formatDuration(p.etaMs)}` : ''}`,
            );
          }
        },
      });
      if (regime === 'no-context') noContext = new Map(result.traces.map((t) => [t.question.id, t]));
      if (result.reused) io.err(`  ${name}: ${result.reused} finished traces reused from ${traces}`);
      for (const [reason, n] of resume.stale)
        io.err(`  ${name}: ${n} traces in ${traces} not reused (${reason}); rerun`);
      if (result.aborted || result.notRun)
        io.err(
          `  ${name}: interrupted: ${result.aborted} questions stopped mid-run (partial traces kept, status aborted), ${result.notRun} not started`,
        );
      for (const f of result.failed.slice(0, 5)) io.err(`  failed ${f.id}: ${f.errors[0] ?? 'no error event'}`);
      if (result.failed.length)
        io.err(
          `  ${name}: ${result.failed.length} of ${questions.length} questions failed (scored 0, kept in the traces)`,
        );
      const facts: BatchFacts = batchFacts(strategyOptions(strategy, options), result.traces);
      if (args.equalBudget !== undefined && regime === 'iterative') {
        const budget = args.equalBudget;
        const equal =
          facts.readerTop === budget
            ? result
            : await evaluateStrategy(questions, {
                strategy,
                retriever,
                retrieverName: retriever.name,
                llm,
                prompts: STRATEGY_PROMPTS,
                passages,
                corpus: dataset.corpus,
                options: { ...options, readerTop: budget },
                ks: args.ks,
                concurrency: args.concurrency,
              });
        facts.equalBudget = { readerTop: budget, em: equal.summary.em ?? NaN, f1: equal.summary.f1 ?? NaN };
      }
      factsOf.set(result, facts);
      io.out(
        strategyReport(
          `${dataset.name} · ${retriever.name} · ${args.regimes.length ? name.replace(strategy, strategyTitle(strategy)) : strategyTitle(strategy)} · ${llm.label}`,
          result,
          args.ks,
          facts,
        ),
      );
      results.push(result);
      extras.set(result, await strategyExtras(args, result, judgeLlm?.llm, ftExamplesAll, io));
    }
  }
  if (args.exportFt) await writeFt(args.exportFt, ftExamplesAll, io);
  // Strategy comparisons use the iterative regime only: gold-context is an oracle, no-context retrieves nothing.
  const iterative = results.filter((r) => r.regime === 'iterative');
  const k = args.ks.includes(5) ? 5 : (args.ks.at(-1) as number);
  const comp = iterative.length > 1 ? strategyComplementarity(iterative, k) : undefined;
  if (comp)
    io.out(
      complementarityTable(comp.byEm, 'EM = 1') + '\n\n' + complementarityTable(comp.byAllGold, `all gold in top ${k}`),
    );
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
  if (results.length > 1) io.out(regimeTable(results) + '\n\n' + diagnosticsTable(results));
  const perStrategy = (s: StrategyName) => {
    const rs = results.filter((r) => r.strategy === s);
    const withExtras = (r: StrategyBatchResult) => ({ ...resultJson(r, factsOf.get(r)), ...extras.get(r) });
    return args.regimes.length
      ? { strategy: s, regimes: Object.fromEntries(rs.map((r) => [r.regime, withExtras(r)])) }
      : withExtras(rs[0]!);
  };
  const json =
    args.strategies.length === 1
      ? perStrategy(args.strategies[0]!)
      : {
          strategies: Object.fromEntries(args.strategies.map((s) => [s, perStrategy(s)])),
          complementarity: comp,
          pairFusion: fusion,
        };
  return { json, results };
}

interface StrategyExtras {
  /** Questions per number of steps that retrieved (DualRAG Fig. 3). */
  retrievalTriggers: number[];
  judge?: JudgeResult;
}

const JUDGE_PROMPT: JudgePrompt = {
  module: judgePrompt.module,
  version: judgePrompt.version,
  build: judgePrompt.build,
  parse: judgePrompt.parse,
};

async function createJudge(args: EvalArgs, corpusId: string) {
  const model = args.judgeModel ?? args.llmRest.model;
  const spec = llmSpecFrom({ llm: args.judge, ...args.llmRest, ...(model !== undefined ? { model } : {}) });
  return createLlmFromSpec(spec, { corpusId, cacheDir: args.cacheDir, concurrency: Math.max(4, args.concurrency) });
}

async function loadReranker(args: EvalArgs, io: Io): Promise<Reranker | undefined> {
  if (!args.rerankerModel) return undefined;
  const reranker = createTransformersReranker({
    model: basename(resolve(args.rerankerModel)),
    localModelPath: dirname(resolve(args.rerankerModel)),
    device: 'cpu',
    dtype: 'fp32',
  });
  await reranker.load();
  io.err(`reranker: ${reranker.name}`);
  return reranker;
}

/** Triggers per question, the Acc† judge (after the runs, never inside them) and the DualRAG-FT examples of one result. */
async function strategyExtras(
  args: EvalArgs,
  result: StrategyBatchResult,
  judge: LlmPort | undefined,
  ft: FtExample[],
  io: Io,
): Promise<StrategyExtras> {
  const x: StrategyExtras = { retrievalTriggers: triggerHistogram(result.traces) };
  io.out(
    `Retrieval triggers per question (steps that retrieved: questions): ${x.retrievalTriggers.map((n, i) => `${i}: ${n}`).join(', ')}`,
  );
  if (judge) {
    x.judge = await judgeAnswers(
      result.traces.map((t) => ({
        id: t.question.id,
        question: t.question.question,
        prediction: result.questions.find((r) => r.id === t.question.id)?.answer,
        answers: t.question.answers,
      })),
      judge,
      JUDGE_PROMPT,
      { concurrency: args.concurrency },
    );
    io.out(
      `Acc† (LLM judge ${x.judge.judge}, prompt ${x.judge.promptVersion}; not EM): ${x.judge.accDagger.toFixed(3)} over ${x.judge.judged} judged${x.judge.errors ? `, ${x.judge.errors} unreadable verdicts` : ''}`,
    );
  }
  if (args.exportFt && result.strategy.startsWith('dualrag') && result.regime === 'iterative') {
    const verdicts = new Map(x.judge?.verdicts.map((v) => [v.id, v.accDagger]));
    const byId = new Map(result.traces.map((t) => [t.question.id, t]));
    for (const r of result.questions) {
      const t = byId.get(r.id);
      if (t) ft.push(...ftExamples(t, isCorrect(r, verdicts.get(r.id))));
    }
  }
  return x;
}

async function writeFt(file: string, examples: FtExample[], io: Io): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, ftJsonl(examples));
  const c = ftCounts(examples);
  io.err(
    `wrote ${file}: ${examples.length} DualRAG-FT examples from ${new Set(examples.map((e) => e.questionId)).size} correctly answered questions (reasoner ${c.reasoner}, entity-identifier ${c['entity-identifier']}, knowledge-summarizer ${c['knowledge-summarizer']})`,
  );
}

export function resultJson(r: StrategyBatchResult, facts?: BatchFacts) {
  return {
    strategy: r.strategy,
    title: strategyTitle(r.strategy),
    regime: r.regime,
    ...(r.regime === 'gold-context' ? { oracle: true } : {}),
    summary: {
      ...flatSummary(r.summary),
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
      tokens: { byModule: r.tokensByModule, total: totalCost(r) },
      diagnostics: flatDiagnostics(r.diagnostics),
      diagnosticsBasis: diagnosticsBasis(r.questionDiagnostics),
    },
    failed: r.failed,
    questions: r.questions.map((q, i) => ({ ...q, diagnostics: r.questionDiagnostics[i] })),
  };
}

const totalCost = (r: StrategyBatchResult) => Object.values(r.tokensByModule).reduce(addCost, emptyCost());

export function strategyReport(title: string, r: StrategyBatchResult, ks: readonly number[], f?: BatchFacts): string {
  const settings = f
    ? `reader budget: readerTop ${f.readerTop} (mean ${f.readerPassages.toFixed(2)} passages read) · normalize ${f.normalize}` +
      ` · LLM calls/question ${f.llmCallsPerQuestion.toFixed(2)} · rounds used: mean ${f.roundsUsed.toFixed(2)} (${Object.entries(
        f.roundsHistogram,
      )
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')})` +
      (f.equalBudget
        ? ` · at equal budget readerTop ${f.equalBudget.readerTop}: EM ${f.equalBudget.em.toFixed(3)}, F1 ${f.equalBudget.f1.toFixed(3)}`
        : '') +
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
  const tokens = costs.length
    ? formatTable(
        ['module', 'calls', 'cached', 'prompt tok', 'completion tok'],
        costs.map(([m, c]) => [m, c.calls, c.cached, c.prompt, c.completion]),
      )
    : 'no LLM calls';
  const bridge = formatTable(
    ['final context', 'n', ...ks.map((k) => `R@${k}`)],
    [
      ['all gold', r.summary.count, ...ks.map((k) => r.summary.recall[k] ?? NaN)],
      ['bridge gold', r.bridgeRecall.count, ...ks.map((k) => r.bridgeRecall.recall[k] ?? NaN)],
    ],
  );
  return [
    summaryTables(title, r.summary, ks),
    ...(settings ? [settings] : []),
    `Bridge recall (${r.questions[0]?.bridgeRule ?? 'no bridges'})`,
    bridge,
    'Recall of the pool after each step (questions that stopped early carry their last pool)',
    rounds,
    tokens,
    diagnosticsTable([r]),
  ].join('\n\n');
}

export function complementarityTable(rows: PairComplementarity[], solved: string): string {
  return (
    `Complementarity (solved = ${solved})\n` +
    formatTable(
      ['A', 'B', 'shared', 'both', 'only A', 'only B', 'neither'],
      rows.map((p) => [strategyTitle(p.a), strategyTitle(p.b), p.shared, p.both, p.onlyA, p.onlyB, p.neither]),
    )
  );
}

/** Memoised retrievals of an earlier run on the same dataset and backbone (--retrieval-memo). */
async function readMemo(
  file: string,
  id: Record<string, unknown>,
  io: Io,
): Promise<{ entries: MemoEntries; itemEntries: MemoItemEntries }> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return { entries: [], itemEntries: [] };
  let data: Record<string, unknown> & { entries?: MemoEntries; itemEntries?: MemoItemEntries };
  try {
    data = JSON.parse(text) as typeof data;
  } catch (e) {
    throw new UsageError(
      `--retrieval-memo ${file} is not a memo written by this CLI (${e instanceof Error ? e.message : String(e)}); delete it or use another file`,
    );
  }
  for (const [k, v] of Object.entries(id)) {
    if (data[k] !== v)
      throw new UsageError(
        `--retrieval-memo ${file} was written for ${k} = ${JSON.stringify(data[k])}, not ${JSON.stringify(v)}; use another file`,
      );
  }
  const entries = data.entries ?? [];
  const itemEntries = data.itemEntries ?? [];
  io.err(`retrieval memo: ${entries.length + itemEntries.length} retrievals loaded from ${file}`);
  return { entries, itemEntries };
}

/** The shared CLI settings (--rounds, --reader-top, --normalize, --stop, --decide), each passed only to the strategies that take it. */
function cliOptions(args: EvalArgs, strategy: StrategyName): Record<string, unknown> | undefined {
  const keys = new Set(strategyOptionKeys(strategy));
  const given: Record<string, unknown> = {
    rounds: args.rounds,
    readerTop: args.readerTop,
    normalize: args.normalize,
    stop: args.stop,
    decide: args.decide,
  };
  const options = Object.fromEntries(Object.entries(given).filter(([k, v]) => v !== undefined && keys.has(k)));
  return Object.keys(options).length ? options : undefined;
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
  equalBudget?: { readerTop: number; em: number; f1: number };
  /** auto: how many questions went to each strategy. */
  routes?: Record<string, number>;
}

/** Settings and per-question facts of one strategy's batch, read off its traces' folds. */
export function batchFacts(options: Record<string, unknown>, traces: readonly Trace[]): BatchFacts {
  const n = Math.max(1, traces.length);
  const models = traces.map((t) => foldTrace(t.events));
  const mean = (f: (m: (typeof models)[number]) => number) => models.reduce((a, m) => a + f(m), 0) / n;
  const roundsHistogram: Record<string, number> = {};
  const routes: Record<string, number> = {};
  for (const m of models) {
    const r = String(m.roundsUsed);
    roundsHistogram[r] = (roundsHistogram[r] ?? 0) + 1;
    if (m.route) routes[m.route] = (routes[m.route] ?? 0) + 1;
  }
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

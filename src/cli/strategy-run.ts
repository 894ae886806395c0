// `npm run eval -- ... --strategy <names> --llm <spec>[,<spec>] [--regime <names>]`: iterative strategies
// over a backbone, one trace per question (written to --traces, and reused from there on a rerun, so an
// interrupted batch resumes), progress with ETA on stderr, tables on stdout, the foundation's JSON shape
// per strategy; with --regime one result per regime, with several --llm one result per model. Core
// (evaluateStrategy, runRegime) writes every trace's header; this file wires the flags to it, and the
// report (strategy-report.ts) and the after-run passes (strategy-extras.ts) read the results.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  diagnoseBatch,
  evaluateStrategy,
  isCompleted,
  type StrategyBatchOptions,
  type StrategyBatchResult,
} from '../core/batch/strategy.ts';
import { HopscopeError } from '../core/errors.ts';
import { MetricError } from '../core/eval/errors.ts';
import type { FtExample } from '../core/eval/ft-export.ts';
import { triggerHistogram } from '../core/eval/retrieval-triggers.ts';
import type { LlmPort } from '../core/llm/port.ts';
import type { Reranker } from '../core/rerank/port.ts';
import { memoRetriever } from '../core/retrievers/memo.ts';
import {
  headerOptions,
  strategyOptionKeys,
  strategyOptions,
  strategyPromptVersions,
  type StrategyName,
} from '../core/strategies/index.ts';
import { strategyTitle } from '../core/strategies/registry.ts';
import { regimeLabel } from '../core/strategies/regimes.ts';
import type { Regime, Trace } from '../core/trace/schema.ts';
import type { Dataset, Passage, Question, Retriever } from '../core/types.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { OpenAiCompatibleProvider } from '../providers/llm/openai-compatible.ts';
import type { EvalArgs } from './args.ts';
import { runCounterfactualBatch } from './counterfactual.ts';
import { modelTable } from './diagnostics-report.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { OutputError, type Outputs } from './outputs.ts';
import { printable, progressPrinter, type Io } from './printable.ts';
import { memoJson, readMemo } from './retrieval-memo.ts';
import type { CliBackbone } from './retriever.ts';
import { provenanceOf, runConfig } from './run-config.ts';
import { createJudge, loadReranker, queueFt, strategyExtras, type StrategyExtras } from './strategy-extras.ts';
import { batchFacts, modelReport, resultJson, strategyReport, type BatchFacts } from './strategy-report.ts';
import { resumeFrom, traceFileName, writeTrace, type Provenance, type ResumeStats } from './trace-files.ts';

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
  backbone: CliBackbone,
  io: Io,
  outputs: Outputs,
  signal?: AbortSignal,
) {
  // Several strategies (and the equal-budget pass) repeat the same queries on a deterministic backbone.
  const config = await runConfig(args, dataset);
  const seed = args.retrievalMemo ? await readMemo(args.retrievalMemo, config) : undefined;
  if (seed && args.retrievalMemo)
    io.err(
      `retrieval memo: ${seed.entries.length + seed.itemEntries.length} retrievals loaded from ${args.retrievalMemo}`,
    );
  const retriever = memoRetriever(backbone.retriever, seed?.entries ?? [], seed?.itemEntries ?? []);
  const specs = (args.llms.length ? args.llms : [args.llm]).map((llm) => llmSpecFrom({ llm, ...args.llmRest }));
  // Per model its plain runs as they finish (what a second Ctrl-C writes to --out before it exits), then its JSON.
  const models: { label: string; track: Finished; json?: Record<string, unknown> }[] = [];
  const head = { dataset: dataset.name, retriever: retriever.name, ks: args.ks };
  outputs.partial = () => {
    const json = (t: Finished) => ({
      strategies: Object.fromEntries(
        t.results.map((r) => [
          `${r.strategy}${args.regimes.length ? ` · ${r.regime}` : ''}`,
          resultJson(r, args.ks, t.facts.get(r)),
        ]),
      ),
    });
    if (!models.some((m) => m.track.results.length)) return undefined;
    return models.length === 1
      ? { ...head, llm: models[0]!.label, ...json(models[0]!.track) }
      : { ...head, models: Object.fromEntries(models.map((m) => [m.label, json(m.track)])) };
  };
  for (const spec of specs) {
    const { llm, label, provider } = await createLlmFromSpec(spec, {
      corpusId: dataset.corpus.id,
      cacheDir: args.cacheDir,
      concurrency: Math.max(4, args.concurrency),
      offline: () => createOfflineThinker(),
      onCacheWriteError: (m) => outputs.warnOnce(m),
    });
    // The structured-output mode the server supports is part of what is sent, so of the resume key: found
    // once here (one small probe the first JSON call would make anyway); unknown when the server cannot be
    // reached, and then no trace made under a known mode is reused.
    const structured =
      spec.kind === 'openai' && provider instanceof OpenAiCompatibleProvider
        ? await provider.structuredMode(signal).catch(() => undefined)
        : undefined;
    io.err(
      `LLM: ${label}${spec.kind === 'offline' ? ' (heuristic stand-in: its numbers are offline-thinker results, not an LLM’s)' : ''}`,
    );
    const traces =
      args.traces && specs.length > 1 ? join(args.traces, traceFileName(label).replace(/\.json$/, '')) : args.traces;
    const provenance = await provenanceOf(config, spec, structured);
    const model: (typeof models)[number] = { label, track: { results: [], facts: new Map() } };
    models.push(model);
    const { track } = model;
    model.json = await runModel({
      args,
      dataset,
      questions,
      backbone,
      memo: retriever,
      llm,
      traces,
      provenance,
      io,
      outputs,
      track,
      signal,
    });
  }
  if (args.retrievalMemo) {
    const [entries, itemEntries] = await Promise.all([retriever.entries(), retriever.itemEntries()]);
    outputs.after(
      '--retrieval-memo',
      args.retrievalMemo,
      () => memoJson(config, { entries, itemEntries }),
      (file) =>
        io.err(
          `retrieval memo: ${entries.length + itemEntries.length} retrievals written to ${file} (${retriever.stats.hits} reused in this run)`,
        ),
    );
  }
  if (models.length === 1) return { ...head, llm: models[0]!.label, ...models[0]!.json };
  io.out(modelTable(models.map((m) => ({ model: m.label, results: m.track.results }))));
  return {
    ...head,
    llms: models.map((m) => m.label),
    models: Object.fromEntries(models.map((m) => [m.label, m.json])),
  };
}

/** What one model's batches share, read once, and what they gather for its report. */
interface ModelRun {
  args: EvalArgs;
  dataset: Dataset;
  questions: readonly Question[];
  backbone: CliBackbone;
  /** The memoised backbone (its name is every trace's retriever). */
  memo: Retriever;
  llm: LlmPort;
  traces: string | undefined;
  provenance: Provenance;
  io: Io;
  outputs: Outputs;
  signal: AbortSignal | undefined;
  passages: Map<string, Passage>;
  reranker: Reranker | undefined;
  judge: LlmPort | undefined;
  track: Finished;
  /** DualRAG's extras per result: retrieval triggers, the Acc† judge after the runs. */
  extras: Map<StrategyBatchResult, StrategyExtras>;
  ft: FtExample[];
  /** The judge's verdict per trace id (no-context runs first, so parametricSuppression reads its verdicts). */
  verdicts: Map<string, 0 | 1 | null>;
}

/** One strategy's batch setup: core's run assembly gets everything a trace header records from here. */
type BatchSetup = Omit<
  StrategyBatchOptions,
  'regime' | 'options' | 'noContext' | 'previous' | 'onTrace' | 'onProgress'
>;

async function runModel(given: Omit<ModelRun, 'passages' | 'reranker' | 'judge' | 'extras' | 'ft' | 'verdicts'>) {
  const { args, dataset, traces, io, outputs, track, signal } = given;
  if (traces) await mkdir(traces, { recursive: true });
  const m: ModelRun = {
    ...given,
    passages: new Map(dataset.corpus.passages.map((p) => [p.id, p])),
    judge: args.judge ? (await createJudge(args, dataset.corpus.id, outputs)).llm : undefined,
    reranker: await loadReranker(args, io),
    extras: new Map(),
    ft: [],
    verdicts: new Map(),
  };
  for (const strategy of args.strategies) {
    if (signal?.aborted) break;
    await runStrategyRegimes(m, strategy);
  }
  if (args.exportFt) queueFt(args.exportFt, m.ft, io, outputs);
  return modelReport(args, track.results, track.facts, m.extras, io);
}

/** One strategy under each regime (no-context first), each batch followed by its passes and its report. */
async function runStrategyRegimes(m: ModelRun, strategy: StrategyName): Promise<void> {
  const options = cliOptions(m.args, strategy);
  // GEAR over a backbone that is not graph expansion runs over NaiveGE on it (strategyBackbone), as in the app.
  const over = await m.backbone.forStrategy(strategy);
  const retriever = over.retriever === m.backbone.retriever ? m.memo : memoRetriever(over.retriever);
  const setup: BatchSetup = {
    strategy,
    retriever,
    retrieverName: m.memo.name,
    backbone: over.traceOptions,
    provenance: m.provenance,
    llm: m.llm,
    prompts: STRATEGY_PROMPTS,
    passages: m.passages,
    corpus: m.dataset.corpus,
    ...(m.reranker ? { reranker: m.reranker } : {}),
    ks: m.args.ks,
    concurrency: m.args.concurrency,
    ...(m.signal ? { signal: m.signal } : {}),
  };
  let noContext: Map<string, Trace> | undefined;
  for (const regime of regimeOrder(m.args.regimes)) {
    if (m.signal?.aborted) break;
    const name = m.args.regimes.length ? `${strategy} · ${regimeLabel(regime)}` : strategy;
    const batch: Batch = { setup, regime, options, nc: noContext, name };
    const result = await runRegimeBatch(m, batch);
    if (!result) break;
    if (regime === 'no-context') noContext = new Map(result.traces.map((t) => [t.question.id, t]));
    await afterBatch(m, batch, result);
  }
}

/** One strategy's batch under one regime: the no-context traces before it (nc) and the name it is reported by. */
interface Batch {
  setup: BatchSetup;
  regime: Regime;
  options: Record<string, unknown> | undefined;
  nc: Map<string, Trace> | undefined;
  name: string;
}

/** One batch: traces reused where --traces holds the same run (core's header is the key), new ones written. */
async function runRegimeBatch(m: ModelRun, batch: Batch): Promise<StrategyBatchResult | undefined> {
  const { setup, regime, options, nc, name } = batch;
  const { strategy } = setup;
  const resume: ResumeStats = { reused: 0, stale: new Map(), setAside: [] };
  const header =
    regime === 'iterative'
      ? headerOptions(strategy, { ...setup, ...(options ? { options } : {}) }, setup.backbone)
      : (setup.backbone ?? {});
  // What the backbone was built with, not how (a tree read from storage is the same tree), keys resume.
  const { built: _built, ...keyOptions } = header;
  const key = {
    strategy,
    retriever: setup.retriever.name,
    llm: m.llm.label,
    options: keyOptions,
    prompts: strategyPromptVersions(strategy, STRATEGY_PROMPTS),
    provenance: m.provenance,
    regime,
  };
  const { traces, io } = m;
  const result = await evaluateStrategy(m.questions, {
    ...setup,
    regime,
    ...(options && regime === 'iterative' ? { options } : {}),
    ...(nc ? { noContext: (id: string) => nc.get(id) } : {}),
    ...(traces
      ? {
          previous: resumeFrom(
            traces,
            (q) => traceIdOf(strategy, regime, m.memo.name, q),
            key,
            resume,
            (l) => io.err(l),
          ),
        }
      : {}),
    onTrace: async (t: Trace, reused: boolean) => {
      if (traces && !reused)
        await writeTrace(traces, t).catch((e: unknown) => {
          if (!(e instanceof OutputError)) throw e;
          m.outputs.problem(`${e.message}; the run goes on without traces, its results go to --out`, e.flag);
        });
    },
    onProgress: progressPrinter(io.err, name),
  }).catch((e: unknown) => {
    // Interrupted before any question of this regime finished: nothing to summarise, nothing lost.
    if (m.signal?.aborted && e instanceof MetricError) return undefined;
    throw e;
  });
  if (!result) {
    io.err(`  ${name}: interrupted before any question finished`);
    return undefined;
  }
  reportBatch(m, result, resume, name);
  // finished: a second Ctrl-C during the passes that follow writes it (outputs.partial)
  m.track.facts.set(
    result,
    batchFacts(strategyOptions(strategy, options, setup.retriever), result.traces.filter(isCompleted)),
  );
  m.track.results.push(result);
  return result;
}

/** What a batch says on stderr: reused and stale traces, the interrupt, the failures (never scored). */
function reportBatch(m: ModelRun, result: StrategyBatchResult, resume: ResumeStats, name: string): void {
  const { io, traces } = m;
  if (result.reused) io.err(`  ${name}: ${result.reused} finished traces reused from ${traces}`);
  for (const [reason, n] of resume.stale) io.err(`  ${name}: ${n} traces in ${traces} not reused (${reason}); rerun`);
  if (result.aborted || result.notRun)
    io.err(
      `  ${name}: interrupted: ${result.aborted} questions stopped mid-run (partial traces kept, status aborted), ${result.notRun} not started`,
    );
  for (const f of result.failed.slice(0, 5))
    io.err(`  failed ${printable(f.id)}: ${printable(f.errors[0] ?? 'no error event')}`);
  if (result.failed.length)
    io.err(
      `  ${name}: ${result.failed.length} of ${m.questions.length} questions failed (not scored: the numbers are over the ${result.completed} completed; the failed traces are kept)`,
    );
}

/** After a batch: the equal-budget pass, the extras and the judge, the counterfactual branches, the report. */
async function afterBatch(m: ModelRun, batch: Batch, result: StrategyBatchResult): Promise<void> {
  const { args, io, signal } = m;
  const { setup, nc, name } = batch;
  const { strategy } = setup;
  const facts = m.track.facts.get(result)!;
  if (result.regime === 'iterative') await equalBudgetPass(m, batch, result, facts);
  const x = await strategyExtras(args, result, m.judge, m.ft, io, signal).catch((e: unknown) => {
    if (!(e instanceof HopscopeError)) throw e;
    // Ctrl-C stopped the judge: an interrupt (exit 130), not a failure
    if (!signal?.aborted) m.outputs.problem(`${name}: the judge or the FT export failed: ${e.message}`);
    return { retrievalTriggers: triggerHistogram(result.traces) } as StrategyExtras;
  });
  m.extras.set(result, x);
  if (x.judge) {
    // Acc† decides the diagnostics' correctness (paper 004 judges answers with an LLM)
    const byQuestion = new Map(x.judge.verdicts.map((v) => [v.id, v.accDagger]));
    for (const t of result.traces) m.verdicts.set(t.id, byQuestion.get(t.question.id) ?? null);
    Object.assign(
      result,
      diagnoseBatch(result.traces, {
        passages: m.passages,
        ...(nc ? { noContext: (id: string) => nc.get(id) } : {}),
        judged: (t) => {
          const v = m.verdicts.get(t.id);
          return v === undefined || v === null ? undefined : v === 1;
        },
      }),
    );
  }
  // The counterfactual branches follow the plain batch, from its traces (no rerun of their prefix).
  const counterfactual =
    args.counterfactual && result.regime === 'iterative' && !signal?.aborted
      ? await runCounterfactualBatch(
          result,
          args.counterfactual,
          {
            retriever: setup.retriever,
            llm: m.llm,
            prompts: STRATEGY_PROMPTS,
            passages: m.passages,
            ...(m.reranker ? { reranker: m.reranker } : {}),
            ...(signal ? { signal } : {}),
          },
          args.ks,
          args.concurrency,
          m.traces,
        )
      : '';
  const title = args.regimes.length ? name.replace(strategy, strategyTitle(strategy)) : strategyTitle(strategy);
  io.out(
    strategyReport(`${m.dataset.name} · ${m.memo.name} · ${title} · ${m.llm.label}`, result, args.ks, facts) +
      counterfactual,
  );
}

/** --equal-budget: the strategy's reader again at the shared readerTop, where it has a reader of passages. */
async function equalBudgetPass(
  m: ModelRun,
  { setup, options }: Batch,
  result: StrategyBatchResult,
  facts: BatchFacts,
): Promise<void> {
  const { args, signal } = m;
  const { strategy } = setup;
  const budget = args.equalBudget;
  if (budget === undefined) return;
  if (!strategyOptionKeys(strategy).includes('readerTop')) {
    facts.equalBudget = { readerTop: budget, notApplicable: 'its answer reads summaries, not passages' };
    return;
  }
  // A strategy that gives no answer (single) has no reader to budget.
  if (signal?.aborted || strategyOptions(strategy, options, setup.retriever).answer === false) return;
  // A failure of this extra pass is reported, and the finished run is still written.
  const equal =
    facts.readerTop === budget
      ? result
      : await evaluateStrategy(m.questions, { ...setup, options: { ...options, readerTop: budget } }).catch(
          (e: unknown) => {
            if (!(e instanceof HopscopeError)) throw e;
            // Ctrl-C stopped the pass: an interrupt (exit 130), not a failure
            if (!signal?.aborted)
              m.outputs.problem(`${strategy}: the --equal-budget ${budget} pass failed: ${e.message}`);
            return undefined;
          },
        );
  // a pass the interrupt cut short has no numbers to report
  if (equal && !(signal?.aborted && (equal.aborted || equal.notRun)))
    facts.equalBudget = {
      readerTop: budget,
      em: equal.summary?.em ?? NaN,
      f1: equal.summary?.f1 ?? NaN,
      readerPassages: batchFacts({}, equal.traces.filter(isCompleted)).readerPassages,
    };
}

/** One model's finished plain runs and their facts, as they finish. */
interface Finished {
  results: StrategyBatchResult[];
  facts: Map<StrategyBatchResult, BatchFacts>;
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

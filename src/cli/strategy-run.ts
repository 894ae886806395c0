// `npm run eval -- ... --strategy <names> --llm <spec>[,<spec>] [--regime <names>]`: iterative strategies
// over a backbone, one trace per question (written to --traces, and reused from there on a rerun, so an
// interrupted batch resumes), progress with ETA on stderr, tables on stdout, the foundation's JSON shape
// per strategy; with --regime one result per regime, with several --llm one result per model. Every
// result's summary carries paper 004's six diagnostics, read off the finished traces.
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  diagnoseBatch,
  evaluateStrategy,
  isCompleted,
  pairedComparisons,
  strategyComplementarity,
  type PairedComparison,
  type StrategyBatchResult,
} from '../core/batch/strategy.ts';
import { progressPrinter } from './progress-printer.ts';
import type { PairComplementarity } from '../core/eval/complementarity.ts';
import { diagnosticsBasis } from '../core/eval/diagnostics/index.ts';
import { pairFusion, type PairFusion } from '../core/eval/pair-fusion.ts';
import { addCost, emptyCost } from '../core/eval/run-metrics.ts';
import { memoRetriever } from '../core/retrievers/memo.ts';
import {
  FT_POST_PROCESSING,
  ftCounts,
  ftExamples,
  ftJsonl,
  isCorrect,
  type FtExample,
} from '../core/eval/ft-export.ts';
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
import { findStrategy, strategyDescriptor, strategyTitle } from '../core/strategies/registry.ts';
import { regimeLabel } from '../core/strategies/regimes.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { createTransformersReranker } from '../providers/rerank/transformers-reranker.ts';
import { createLexicalReranker } from '../core/rerank/lexical.ts';
import type { EvalArgs } from './args.ts';
import type { Io } from './io.ts';
import type { CliBackbone } from './retriever.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { OpenAiCompatibleProvider } from '../providers/llm/openai-compatible.ts';
import { diagnosticsTable, flatDiagnostics, modelTable, regimeTable } from './diagnostics-report.ts';
import { counterfactualQuestionJson, counterfactualSummaryJson, runCounterfactualBatch } from './counterfactual.ts';
import { flatSummary, noMetrics, summaryTables, type Basis } from './report.ts';
import { shiftOf, shiftTable } from './shift-report.ts';
import { BOOTSTRAP_NOTE, formatInterval } from '../core/eval/paired.ts';
import { formatTable } from './table.ts';
import { printable } from './printable.ts';
import { provenanceOf, runConfig } from './run-config.ts';
import { memoJson, readMemo } from './retrieval-memo.ts';
import { HopscopeError } from '../core/errors.ts';
import { MetricError } from '../core/eval/errors.ts';
import { OutputError, type Outputs } from './outputs.ts';
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
  const models: { label: string; json: Record<string, unknown>; results: StrategyBatchResult[] }[] = [];
  // What a second Ctrl-C writes to --out before it exits: every plain run finished so far (its own JSON).
  const finished: { label: string; track: Finished }[] = [];
  const partialHead = { dataset: dataset.name, retriever: retriever.name, ks: args.ks };
  outputs.partial = () => {
    const json = (t: Finished) => ({
      strategies: Object.fromEntries(
        t.results.map((r) => [
          `${r.strategy}${args.regimes.length ? ` · ${r.regime}` : ''}`,
          resultJson(r, args.ks, t.facts.get(r)),
        ]),
      ),
    });
    if (!finished.some((m) => m.track.results.length)) return undefined;
    return finished.length === 1
      ? { ...partialHead, llm: finished[0]!.label, ...json(finished[0]!.track) }
      : { ...partialHead, models: Object.fromEntries(finished.map((m) => [m.label, json(m.track)])) };
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
    const track: Finished = { results: [], facts: new Map() };
    finished.push({ label, track });
    models.push({
      label,
      ...(await runModel(
        args,
        dataset,
        questions,
        backbone,
        retriever,
        llm,
        traces,
        provenance,
        io,
        outputs,
        track,
        signal,
      )),
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
  backbone: CliBackbone,
  memo: Retriever,
  llm: LlmPort,
  traces: string | undefined,
  provenance: Provenance,
  io: Io,
  outputs: Outputs,
  track: Finished,
  signal?: AbortSignal,
) {
  if (traces) await mkdir(traces, { recursive: true });
  const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  const results = track.results;
  const regimes = regimeOrder(args.regimes);
  // DualRAG's extras: retrieval triggers, the optional Acc† judge after the runs, the FT export.
  const extras = new Map<StrategyBatchResult, StrategyExtras>();
  const factsOf = track.facts;
  const ftExamplesAll: FtExample[] = [];
  const judgeLlm = args.judge ? await createJudge(args, dataset.corpus.id, outputs) : undefined;
  /** The judge's verdict per trace id (no-context runs first, so parametricSuppression reads its verdicts). */
  const verdicts = new Map<string, 0 | 1 | null>();
  const reranker = await loadReranker(args, io);
  for (const strategy of args.strategies) {
    if (signal?.aborted) break;
    const options = cliOptions(args, strategy);
    // GEAR over a backbone that is not graph expansion runs over NaiveGE on it (backboneForStrategy), as in the app.
    const over = await backbone.forStrategy(strategy);
    const retriever = over.retriever === backbone.retriever ? memo : memoRetriever(over.retriever);
    const traceOptions = over.traceOptions;
    // the options every trace of this strategy records (the backbone's defaults resolved): the resume key, the facts
    const resolved = strategyOptions(strategy, options, retriever);
    // What the backbone was built with (not how: a tree read from storage is the same tree) keys resume.
    const { built: _built, ...backboneKey } = traceOptions;
    let noContext: Map<string, Trace> | undefined;
    for (const regime of regimes) {
      if (signal?.aborted) break;
      const name = args.regimes.length ? `${strategy} · ${regimeLabel(regime)}` : strategy;
      const nc = noContext;
      const resume: ResumeStats = { reused: 0, stale: new Map(), setAside: [] };
      // DualRAG's reranker is part of what a trace means: named in its options and in the resume key.
      const rerankedBy =
        strategyDescriptor(strategy).needs.reranker && regime === 'iterative'
          ? { reranker: (reranker ?? createLexicalReranker()).name }
          : {};
      const key = {
        strategy,
        retriever: retriever.name,
        llm: llm.label,
        options: regime === 'iterative' ? { ...resolved, ...rerankedBy, ...backboneKey } : backboneKey,
        prompts: strategyPromptVersions(strategy, STRATEGY_PROMPTS),
        provenance,
        regime,
      };
      const ran = await evaluateStrategy(questions, {
        strategy,
        regime,
        retriever,
        retrieverName: memo.name,
        traceOptions,
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
                (q) => traceIdOf(strategy, regime, memo.name, q),
                key,
                resume,
                (l) => io.err(l),
              ),
            }
          : {}),
        onTrace: async (t: Trace, reused: boolean) => {
          if (traces && !reused)
            await writeTrace(traces, { ...t, options: { ...t.options, ...rerankedBy }, provenance }).catch(
              (e: unknown) => {
                if (!(e instanceof OutputError)) throw e;
                outputs.problem(`${e.message}; the run goes on without traces, its results go to --out`, e.flag);
              },
            );
        },
        onProgress: progressPrinter(io.err, name),
      }).catch((e: unknown) => {
        // Interrupted before any question of this regime finished: nothing to summarise, nothing lost.
        if (signal?.aborted && e instanceof MetricError) return undefined;
        throw e;
      });
      if (!ran) {
        io.err(`  ${name}: interrupted before any question finished`);
        break;
      }
      const result = ran;
      if (regime === 'no-context') noContext = new Map(result.traces.map((t) => [t.question.id, t]));
      if (result.reused) io.err(`  ${name}: ${result.reused} finished traces reused from ${traces}`);
      for (const [reason, n] of resume.stale)
        io.err(`  ${name}: ${n} traces in ${traces} not reused (${reason}); rerun`);
      if (result.aborted || result.notRun)
        io.err(
          `  ${name}: interrupted: ${result.aborted} questions stopped mid-run (partial traces kept, status aborted), ${result.notRun} not started`,
        );
      for (const f of result.failed.slice(0, 5))
        io.err(`  failed ${printable(f.id)}: ${printable(f.errors[0] ?? 'no error event')}`);
      if (result.failed.length)
        io.err(
          `  ${name}: ${result.failed.length} of ${questions.length} questions failed (not scored: the numbers are over the ${result.completed} completed; the failed traces are kept)`,
        );
      const facts: BatchFacts = batchFacts(resolved, result.traces.filter(isCompleted));
      // finished: a second Ctrl-C during the passes below writes it (outputs.partial)
      factsOf.set(result, facts);
      results.push(result);
      const budgeted = strategyOptionKeys(strategy).includes('readerTop');
      if (args.equalBudget !== undefined && regime === 'iterative' && !budgeted)
        facts.equalBudget = { readerTop: args.equalBudget, notApplicable: 'its answer reads summaries, not passages' };
      // A strategy that gives no answer (single) has no reader to budget.
      if (
        args.equalBudget !== undefined &&
        regime === 'iterative' &&
        budgeted &&
        !signal?.aborted &&
        resolved.answer !== false
      ) {
        const budget = args.equalBudget;
        // A failure of this extra pass is reported, and the finished run is still written.
        const equal =
          facts.readerTop === budget
            ? result
            : await evaluateStrategy(questions, {
                strategy,
                retriever,
                retrieverName: memo.name,
                traceOptions,
                llm,
                prompts: STRATEGY_PROMPTS,
                passages,
                corpus: dataset.corpus,
                options: { ...options, readerTop: budget },
                ks: args.ks,
                concurrency: args.concurrency,
                ...(signal ? { signal } : {}),
              }).catch((e: unknown) => {
                if (!(e instanceof HopscopeError)) throw e;
                // Ctrl-C stopped the pass: an interrupt (exit 130), not a failure
                if (!signal?.aborted)
                  outputs.problem(`${strategy}: the --equal-budget ${budget} pass failed: ${e.message}`);
                return undefined;
              });
        // a pass the interrupt cut short has no numbers to report
        if (equal && !(signal?.aborted && (equal.aborted || equal.notRun)))
          facts.equalBudget = {
            readerTop: budget,
            em: equal.summary?.em ?? NaN,
            f1: equal.summary?.f1 ?? NaN,
            readerPassages: batchFacts({}, equal.traces.filter(isCompleted)).readerPassages,
          };
      }
      const x = await strategyExtras(args, result, judgeLlm?.llm, ftExamplesAll, io, signal).catch((e: unknown) => {
        if (!(e instanceof HopscopeError)) throw e;
        // Ctrl-C stopped the judge: an interrupt (exit 130), not a failure
        if (!signal?.aborted) outputs.problem(`${name}: the judge or the FT export failed: ${e.message}`);
        return { retrievalTriggers: triggerHistogram(result.traces) } as StrategyExtras;
      });
      extras.set(result, x);
      if (x.judge) {
        // Acc† decides the diagnostics' correctness (paper 004 judges answers with an LLM)
        const byQuestion = new Map(x.judge.verdicts.map((v) => [v.id, v.accDagger]));
        for (const t of result.traces) verdicts.set(t.id, byQuestion.get(t.question.id) ?? null);
        Object.assign(
          result,
          diagnoseBatch(result.traces, {
            passages,
            ...(nc ? { noContext: (id: string) => nc.get(id) } : {}),
            judged: (t) => {
              const v = verdicts.get(t.id);
              return v === undefined || v === null ? undefined : v === 1;
            },
          }),
        );
      }
      // The counterfactual branches follow the plain batch, from its traces (no rerun of their prefix).
      const counterfactual =
        args.counterfactual && regime === 'iterative' && !signal?.aborted
          ? await runCounterfactualBatch(
              result,
              args.counterfactual,
              {
                retriever,
                llm,
                prompts: STRATEGY_PROMPTS,
                passages,
                ...(reranker ? { reranker } : {}),
                ...(signal ? { signal } : {}),
              },
              args.ks,
              args.concurrency,
              traces,
            )
          : '';
      io.out(
        strategyReport(
          `${dataset.name} · ${memo.name} · ${args.regimes.length ? name.replace(strategy, strategyTitle(strategy)) : strategyTitle(strategy)} · ${llm.label}`,
          result,
          args.ks,
          facts,
        ) + counterfactual,
      );
    }
  }
  if (args.exportFt) queueFt(args.exportFt, ftExamplesAll, io, outputs);
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
    const withExtras = (r: StrategyBatchResult) => ({ ...resultJson(r, args.ks, factsOf.get(r)), ...extras.get(r) });
    return args.regimes.length
      ? { strategy: s, regimes: Object.fromEntries(rs.map((r) => [r.regime, withExtras(r)])) }
      : withExtras(rs[0]!);
  };
  // An interrupt can leave strategies without a finished question: they are left out, not summarised.
  const withResults = args.strategies.filter((s) => results.some((r) => r.strategy === s));
  const json =
    args.strategies.length === 1 && withResults.length === 1
      ? perStrategy(withResults[0]!)
      : {
          strategies: Object.fromEntries(withResults.map((s) => [s, perStrategy(s)])),
          complementarity: comp,
          pairFusion: fusion,
          ...(shift ? { shift } : {}),
          paired: { method: BOOTSTRAP_NOTE, comparisons: paired },
        };
  return { json, results };
}

/** One model's finished plain runs and their facts, as they finish. */
interface Finished {
  results: StrategyBatchResult[];
  facts: Map<StrategyBatchResult, BatchFacts>;
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

async function createJudge(args: EvalArgs, corpusId: string, outputs: Outputs) {
  const model = args.judgeModel ?? args.llmRest.model;
  const spec = llmSpecFrom({ llm: args.judge, ...args.llmRest, ...(model !== undefined ? { model } : {}) });
  return createLlmFromSpec(spec, {
    corpusId,
    cacheDir: args.cacheDir,
    concurrency: Math.max(4, args.concurrency),
    onCacheWriteError: (m) => outputs.warnOnce(m),
  });
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
  signal?: AbortSignal,
): Promise<StrategyExtras> {
  const x: StrategyExtras = { retrievalTriggers: triggerHistogram(result.traces) };
  io.out(
    `Retrieval triggers per question (steps that retrieved: questions): ${x.retrievalTriggers.map((n, i) => `${i}: ${n}`).join(', ')}`,
  );
  if (judge && !signal?.aborted) {
    // the judge reads completed questions only: a failed run has no answer to judge and is not a 0
    x.judge = await judgeAnswers(
      result.traces.filter(isCompleted).map((t) => ({
        id: t.question.id,
        question: t.question.question,
        prediction: result.questions.find((r) => r.id === t.question.id)?.answer,
        answers: t.question.answers,
      })),
      judge,
      JUDGE_PROMPT,
      { concurrency: args.concurrency, ...(signal ? { signal } : {}) },
    );
    io.out(
      `Acc† (LLM judge ${x.judge.judge}, prompt ${x.judge.promptVersion}; not EM): ${x.judge.accDagger === null ? 'none' : x.judge.accDagger.toFixed(3)} over ${x.judge.judged} judged${x.judge.errors ? `, ${x.judge.errors} unreadable verdicts` : ''}`,
    );
  }
  if (args.exportFt && findStrategy(result.strategy)?.exportsFineTuning && result.regime === 'iterative') {
    const verdicts = new Map(x.judge?.verdicts.map((v) => [v.id, v.accDagger]));
    const byId = new Map(result.traces.map((t) => [t.question.id, t]));
    for (const r of result.questions) {
      const t = byId.get(r.id);
      const verdict = verdicts.get(r.id);
      if (t)
        ft.push(
          ...ftExamples(t, {
            correct: isCorrect(r, verdict),
            judged: verdict === 0 || verdict === 1,
            allowOffline: args.exportFtOffline === true,
          }),
        );
    }
  }
  return x;
}

function queueFt(file: string, examples: FtExample[], io: Io, outputs: Outputs): void {
  const c = ftCounts(examples);
  const offline = examples.filter((e) => e.provenance.source === 'offline-thinker').length;
  outputs.after(
    '--export-ft',
    file,
    () => ftJsonl(examples),
    () => {
      io.err(
        `wrote ${file}: ${examples.length} DualRAG-FT examples from ${new Set(examples.map((e) => e.questionId)).size} correctly answered questions (reasoner ${c.reasoner}, entity-identifier ${c['entity-identifier']}, knowledge-summarizer ${c['knowledge-summarizer']})` +
          (offline ? `; ${offline} written by the offline thinker (a heuristic stand-in, labelled on each line)` : ''),
      );
      io.err(`  post-processing: ${FT_POST_PROCESSING}`);
    },
  );
}

const basisOf = (r: StrategyBatchResult): Basis => ({
  completed: r.completed,
  failed: r.failedCount,
  total: r.questions.length,
});

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
      tokens: { byModule: r.tokensByModule, total: totalCost(r) },
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

const totalCost = (r: StrategyBatchResult) => Object.values(r.tokensByModule).reduce(addCost, emptyCost());

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
    summaryTables(title, r.summary, ks, basisOf(r)),
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

export function complementarityTable(rows: PairComplementarity[], solved: string): string {
  return (
    `Complementarity (solved = ${solved})\n` +
    formatTable(
      ['A', 'B', 'shared', 'both', 'only A', 'only B', 'neither'],
      rows.map((p) => [strategyTitle(p.a), strategyTitle(p.b), p.shared, p.both, p.onlyA, p.onlyB, p.neither]),
    )
  );
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

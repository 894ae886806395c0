// `npm run eval -- ... --strategy <names> --llm <spec>`: iterative strategies over a backbone, one trace
// per question (written to --traces, and reused from there on a rerun, so an interrupted batch resumes),
// progress with ETA on stderr, tables on stdout, the foundation's JSON shape per strategy.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { evaluateStrategy, strategyComplementarity, type StrategyBatchResult } from '../core/batch/strategy.ts';
import { formatDuration, progressAt } from '../core/batch/progress.ts';
import type { PairComplementarity } from '../core/eval/complementarity.ts';
import { pairFusion, type PairFusion } from '../core/eval/pair-fusion.ts';
import { addCost, emptyCost } from '../core/eval/run-metrics.ts';
import { memoRetriever, type MemoEntries } from '../core/retrievers/memo.ts';
import { loadTrace } from '../core/trace/load.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { Dataset, Question, Retriever } from '../core/types.ts';
import { strategyOptionKeys, strategyOptions, type StrategyName } from '../core/strategies/index.ts';
import { llmCalls, readerPassages, routeChoice, roundsUsed } from '../core/strategies/run-facts.ts';
import { strategyTitle } from '../core/strategies/titles.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { UsageError, type EvalArgs } from './args.ts';
import type { Io } from './eval.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { flatSummary, summaryTables } from './report.ts';
import { formatTable } from './table.ts';

const traceFile = (dir: string, id: string) => join(dir, `${id.replace(/[^\w.-]+/g, '_')}.json`);

export async function runStrategies(args: EvalArgs, dataset: Dataset, questions: readonly Question[], backbone: Retriever, io: Io) {
  // Several strategies (and the equal-budget pass) repeat the same queries on a deterministic backbone.
  const memoId = { dataset: dataset.name, corpus: dataset.corpus.id, passages: dataset.corpus.passages.length, retriever: backbone.name, base: args.base, openie: args.openie ?? null };
  const retriever = memoRetriever(backbone, args.retrievalMemo ? await readMemo(args.retrievalMemo, memoId, io) : []);
  const spec = llmSpecFrom({ llm: args.llm, ...args.llmRest });
  const { llm, label } = await createLlmFromSpec(spec, {
    corpusId: dataset.corpus.id,
    cacheDir: args.cacheDir,
    concurrency: Math.max(4, args.concurrency),
    offline: () => createOfflineThinker(),
  });
  io.err(`LLM: ${label}${spec.kind === 'offline' ? ' (heuristic stand-in: its numbers are offline-thinker results, not an LLM’s)' : ''}`);
  if (args.traces) await mkdir(args.traces, { recursive: true });
  const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  const results: StrategyBatchResult[] = [];
  const factsOf = new Map<StrategyBatchResult, BatchFacts>();
  for (const strategy of args.strategies) {
    const options = cliOptions(args, strategy);
    const traces: Trace[] = [];
    const started = performance.now();
    let lastReport = 0;
    const result = await evaluateStrategy(questions, {
      strategy,
      retriever,
      retrieverName: retriever.name,
      llm,
      prompts: STRATEGY_PROMPTS,
      passages,
      corpus: dataset.corpus,
      ...(options ? { options } : {}),
      ks: args.ks,
      concurrency: args.concurrency,
      ...(args.traces ? { previous: previousTrace(args.traces, strategy, retriever.name, llm.label, options) } : {}),
      onTrace: (t: Trace) => {
        traces.push(t);
        return args.traces ? writeFile(traceFile(args.traces, t.id), JSON.stringify(t)) : undefined;
      },
      onProgress: (done, total) => {
        const now = performance.now();
        if (done === total || now - lastReport > 1000) {
          lastReport = now;
          const p = progressAt(done, total, started, now);
          io.err(`  ${strategy}: ${done}/${total} questions${p.etaMs !== undefined && done < total ? `, ETA ${formatDuration(p.etaMs)}` : ''}`);
        }
      },
    });
    if (result.reused) io.err(`  ${strategy}: ${result.reused} finished traces reused from ${args.traces}`);
    for (const f of result.failed.slice(0, 5)) io.err(`  failed ${f.id}: ${f.errors[0] ?? 'no error event'}`);
    if (result.failed.length) io.err(`  ${strategy}: ${result.failed.length} of ${questions.length} questions failed (scored 0, kept in the traces)`);
    const facts: BatchFacts = batchFacts(strategyOptions(strategy, options), traces);
    if (args.equalBudget !== undefined) {
      const budget = args.equalBudget;
      const equal = facts.readerTop === budget ? result : await evaluateStrategy(questions, {
        strategy, retriever, retrieverName: retriever.name, llm, prompts: STRATEGY_PROMPTS, passages, corpus: dataset.corpus,
        options: { ...options, readerTop: budget }, ks: args.ks, concurrency: args.concurrency,
      });
      facts.equalBudget = { readerTop: budget, em: equal.summary.em ?? NaN, f1: equal.summary.f1 ?? NaN };
    }
    io.out(strategyReport(`${dataset.name} · ${retriever.name} · ${strategyTitle(strategy)} · ${llm.label}`, result, args.ks, facts));
    results.push(result);
    factsOf.set(result, facts);
  }
  if (args.retrievalMemo) {
    const entries = await retriever.entries();
    await writeFile(args.retrievalMemo, JSON.stringify({ ...memoId, entries }));
    io.err(`retrieval memo: ${entries.length} retrievals written to ${args.retrievalMemo} (${retriever.stats.hits} reused in this run)`);
  }
  const comp = results.length > 1 ? strategyComplementarity(results, args.ks.includes(5) ? 5 : (args.ks.at(-1) as number)) : undefined;
  if (comp) io.out(complementarityTable(comp.byEm, 'EM = 1') + '\n\n' + complementarityTable(comp.byAllGold, `all gold in top ${args.ks.includes(5) ? 5 : args.ks.at(-1)}`));
  const fusionK = args.ks.includes(5) ? 5 : (args.ks.at(-1) as number);
  const fusion = results.length > 1 ? pairFusion(new Map(results.map((r) => [r.strategy, { questions: new Map(r.questions.map((q) => [q.id, { ranking: q.ranking, gold: q.goldIds }])) }])), fusionK) : undefined;
  if (fusion?.length) io.out('\n' + fusionTable(fusion, fusionK));
  const head = { dataset: dataset.name, retriever: retriever.name, llm: llm.label, ks: args.ks };
  if (results.length === 1) return { ...head, ...resultJson(results[0]!, factsOf.get(results[0]!)!) };
  return { ...head, strategies: Object.fromEntries(results.map((r) => [r.strategy, resultJson(r, factsOf.get(r)!)])), complementarity: comp, pairFusion: fusion };
}

/** Memoised retrievals of an earlier run on the same dataset and backbone (--retrieval-memo). */
async function readMemo(file: string, id: Record<string, unknown>, io: Io): Promise<MemoEntries> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  const data = JSON.parse(text) as Record<string, unknown> & { entries?: MemoEntries };
  for (const [k, v] of Object.entries(id)) {
    if (data[k] !== v) throw new UsageError(`--retrieval-memo ${file} was written for ${k} = ${JSON.stringify(data[k])}, not ${JSON.stringify(v)}; use another file`);
  }
  io.err(`retrieval memo: ${data.entries?.length ?? 0} retrievals loaded from ${file}`);
  return data.entries ?? [];
}

/** A finished trace of the same strategy, backbone, LLM and options from an earlier run (resume). */
function previousTrace(dir: string, strategy: StrategyName, retrieverName: string, llmLabel: string, options: Record<string, unknown> | undefined) {
  return async (q: Question): Promise<Trace | undefined> => {
    const file = traceFile(dir, `${strategy}-${retrieverName}-${q.id}`);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) return undefined;
    const t = loadTrace(text, file);
    // every option this run would use (defaults filled in) must be what the earlier run used
    const sameOptions = Object.entries(strategyOptions(strategy, options)).every(([k, v]) => JSON.stringify(t.options[k]) === JSON.stringify(v));
    return t.status === 'done' && t.strategy === strategy && t.retriever === retrieverName && t.llm === llmLabel && sameOptions ? t : undefined;
  };
}

/** The shared CLI settings (--rounds, --reader-top, --normalize, --stop), each passed only to the strategies that take it. */
function cliOptions(args: EvalArgs, strategy: StrategyName): Record<string, unknown> | undefined {
  const keys = new Set(strategyOptionKeys(strategy));
  const given: Record<string, unknown> = { rounds: args.rounds, readerTop: args.readerTop, normalize: args.normalize, stop: args.stop };
  const options = Object.fromEntries(Object.entries(given).filter(([k, v]) => v !== undefined && keys.has(k)));
  return Object.keys(options).length ? options : undefined;
}

function resultJson(r: StrategyBatchResult, facts: BatchFacts) {
  return {
    strategy: r.strategy,
    title: strategyTitle(r.strategy),
    summary: {
      ...flatSummary(r.summary),
      ...facts,
      failed: r.failed.length,
      aborted: r.aborted,
      recallByRound: r.recallByRound.map((x) => ({ round: x.round, ...Object.fromEntries(Object.entries(x.recall).map(([k, v]) => [`recall@${k}`, v])) })),
      tokens: { byModule: r.tokensByModule, total: totalCost(r) },
    },
    failed: r.failed,
    questions: r.questions,
  };
}

const totalCost = (r: StrategyBatchResult) => Object.values(r.tokensByModule).reduce(addCost, emptyCost());

function strategyReport(title: string, r: StrategyBatchResult, ks: readonly number[], f: BatchFacts): string {
  const settings = `reader budget: readerTop ${f.readerTop} (mean ${f.readerPassages.toFixed(2)} passages read) · normalize ${f.normalize}`
    + ` · LLM calls/question ${f.llmCallsPerQuestion.toFixed(2)} · rounds used: mean ${f.roundsUsed.toFixed(2)} (${Object.entries(f.roundsHistogram).map(([k, n]) => `${k}: ${n}`).join(', ')})`
    + (f.equalBudget ? ` · at equal budget readerTop ${f.equalBudget.readerTop}: EM ${f.equalBudget.em.toFixed(3)}, F1 ${f.equalBudget.f1.toFixed(3)}` : '')
    + (f.routes ? ` · routes: ${Object.entries(f.routes).map(([k, n]) => `${strategyTitle(k)} ${n}`).join(', ')}` : '');
  const rounds = formatTable(
    ['pool', ...ks.map((k) => `R@${k}`)],
    r.recallByRound.map((x) => [x.round === 0 ? 'initial' : `#${x.round}`, ...ks.map((k) => x.recall[k] ?? NaN)]),
  );
  const costs = Object.entries(r.tokensByModule);
  const tokens = costs.length
    ? formatTable(['module', 'calls', 'cached', 'prompt tok', 'completion tok'], costs.map(([m, c]) => [m, c.calls, c.cached, c.prompt, c.completion]))
    : 'no LLM calls';
  return [summaryTables(title, r.summary, ks), settings, 'Recall of the pool after each step (questions that stopped early carry their last pool)', rounds, tokens].join('\n\n');
}

function fusionTable(rows: PairFusion[], k: number): string {
  const best = rows[0]!;
  return `Which pair fuses best (RRF k = 60 of the two final contexts, as the ensemble strategy): best ${strategyTitle(best.a)} + ${strategyTitle(best.b)}, R@${k} ${best.fused.toFixed(3)}\n`
    + formatTable(['A', 'B', 'shared', `R@${k} A`, `R@${k} B`, `R@${k} RRF(A,B)`, 'gain over the better'], rows.map((p) => [strategyTitle(p.a), strategyTitle(p.b), p.shared, p.recallA, p.recallB, p.fused, p.gain]));
}

function complementarityTable(rows: PairComplementarity[], solved: string): string {
  return `Complementarity (solved = ${solved})\n` + formatTable(['A', 'B', 'shared', 'both', 'only A', 'only B', 'neither'], rows.map((p) => [strategyTitle(p.a), strategyTitle(p.b), p.shared, p.both, p.onlyA, p.onlyB, p.neither]));
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

/** Settings and per-question facts of one strategy's batch, read off its traces (run-facts.ts). */
function batchFacts(options: Record<string, unknown>, traces: readonly Trace[]): BatchFacts {
  const n = Math.max(1, traces.length);
  const mean = (f: (t: Trace) => number) => traces.reduce((a, t) => a + f(t), 0) / n;
  const roundsHistogram: Record<string, number> = {};
  const routes: Record<string, number> = {};
  for (const t of traces) {
    const r = String(roundsUsed(t));
    roundsHistogram[r] = (roundsHistogram[r] ?? 0) + 1;
    const route = routeChoice(t);
    if (route) routes[route] = (routes[route] ?? 0) + 1;
  }
  return {
    // auto passes no budget of its own: the chosen strategy reads its paper setting
    readerTop: (options.readerTop as number | 'all' | undefined) ?? 'own',
    normalize: String(options.normalize ?? 'minmax'),
    stop: String(options.stop ?? 'fixed'),
    readerPassages: mean((t) => readerPassages(t) ?? 0),
    llmCallsPerQuestion: mean(llmCalls),
    roundsUsed: mean(roundsUsed),
    roundsHistogram,
    ...(Object.keys(routes).length ? { routes } : {}),
  };
}

// `npm run eval -- ... --strategy <names> --llm <spec>`: iterative strategies over a backbone, one trace
// per question (written to --traces, and reused from there on a rerun, so an interrupted batch resumes),
// progress with ETA on stderr, tables on stdout, the foundation's JSON shape per strategy.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { evaluateStrategy, strategyComplementarity, type StrategyBatchResult } from '../core/batch/strategy.ts';
import { formatDuration, progressAt } from '../core/batch/progress.ts';
import type { PairComplementarity } from '../core/eval/complementarity.ts';
import { addCost, emptyCost } from '../core/eval/run-metrics.ts';
import { ftCounts, ftExamples, ftJsonl, isCorrect, type FtExample } from '../core/eval/ft-export.ts';
import { judgeAnswers, type JudgePrompt, type JudgeResult } from '../core/eval/judge.ts';
import { triggerHistogram } from '../core/eval/retrieval-triggers.ts';
import * as judgePrompt from '../prompts/dualrag-judge.ts';
import { loadTrace } from '../core/trace/load.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { Dataset, Question, Retriever } from '../core/types.ts';
import { strategyOptions, type StrategyName } from '../core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { createTransformersReranker } from '../providers/rerank/transformers-reranker.ts';
import type { EvalArgs } from './args.ts';
import type { Io } from './eval.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { flatSummary, summaryTables } from './report.ts';
import { formatTable } from './table.ts';

const traceFile = (dir: string, id: string) => join(dir, `${id.replace(/[^\w.-]+/g, '_')}.json`);

export async function runStrategies(args: EvalArgs, dataset: Dataset, questions: readonly Question[], retriever: Retriever, io: Io) {
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
  const extras: Record<string, StrategyExtras> = {};
  const ftExamplesAll: FtExample[] = [];
  const judgeLlm = args.judge ? await createJudge(args, dataset.corpus.id) : undefined;
  const reranker = args.rerankerModel
    ? createTransformersReranker({ model: basename(resolve(args.rerankerModel)), localModelPath: dirname(resolve(args.rerankerModel)), device: 'cpu', dtype: 'fp32' })
    : undefined;
  if (reranker) {
    await reranker.load();
    io.err(`reranker: ${reranker.name}`);
  }
  for (const strategy of args.strategies) {
    const traces = new Map<string, Trace>();
    const options = args.rounds !== undefined && strategy !== 'static' ? { rounds: args.rounds } : undefined;
    const started = performance.now();
    let lastReport = 0;
    const result = await evaluateStrategy(questions, {
      strategy,
      retriever,
      retrieverName: retriever.name,
      llm,
      prompts: STRATEGY_PROMPTS,
      passages,
      ...(reranker ? { reranker } : {}),
      corpus: dataset.corpus,
      ...(options ? { options } : {}),
      ks: args.ks,
      concurrency: args.concurrency,
      ...(args.traces ? { previous: previousTrace(args.traces, strategy, retriever.name, llm.label, options) } : {}),
      onTrace: async (t: Trace) => {
        traces.set(t.question.id, t);
        if (args.traces) await writeFile(traceFile(args.traces, t.id), JSON.stringify(t));
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
    io.out(strategyReport(`${dataset.name} · ${retriever.name} · ${strategy} · ${llm.label}`, result, args.ks));
    results.push(result);
    const ordered = questions.map((q) => traces.get(q.id)).filter((t): t is Trace => t !== undefined);
    const x: StrategyExtras = { retrievalTriggers: triggerHistogram(ordered) };
    io.out(`Retrieval triggers per question (steps that retrieved: questions): ${x.retrievalTriggers.map((n, i) => `${i}: ${n}`).join(', ')}`);
    if (judgeLlm) {
      x.judge = await judgeAnswers(
        questions.map((q) => ({ id: q.id, question: q.question, prediction: result.questions.find((r) => r.id === q.id)?.answer, answers: q.answers })),
        judgeLlm.llm,
        JUDGE_PROMPT,
        { concurrency: args.concurrency },
      );
      io.out(`Acc† (LLM judge ${x.judge.judge}, prompt ${x.judge.promptVersion}; not EM): ${x.judge.accDagger.toFixed(3)} over ${x.judge.judged} judged${x.judge.errors ? `, ${x.judge.errors} unreadable verdicts` : ''}`);
    }
    if (args.exportFt && strategy.startsWith('dualrag')) {
      const verdicts = new Map(x.judge?.verdicts.map((v) => [v.id, v.accDagger]));
      for (const r of result.questions) {
        const t = traces.get(r.id);
        if (t) ftExamplesAll.push(...ftExamples(t, isCorrect(r, verdicts.get(r.id))));
      }
    }
    extras[strategy] = x;
  }
  if (args.exportFt) {
    await mkdir(dirname(args.exportFt), { recursive: true });
    await writeFile(args.exportFt, ftJsonl(ftExamplesAll));
    const c = ftCounts(ftExamplesAll);
    io.err(`wrote ${args.exportFt}: ${ftExamplesAll.length} DualRAG-FT examples from ${new Set(ftExamplesAll.map((e) => e.questionId)).size} correctly answered questions (reasoner ${c.reasoner}, entity-identifier ${c['entity-identifier']}, knowledge-summarizer ${c['knowledge-summarizer']})`);
  }
  const comp = results.length > 1 ? strategyComplementarity(results, args.ks.includes(5) ? 5 : (args.ks.at(-1) as number)) : undefined;
  if (comp) io.out(complementarityTable(comp.byEm, 'EM = 1') + '\n\n' + complementarityTable(comp.byAllGold, `all gold in top ${args.ks.includes(5) ? 5 : args.ks.at(-1)}`));
  const head = { dataset: dataset.name, retriever: retriever.name, llm: llm.label, ks: args.ks };
  if (results.length === 1) return { ...head, ...resultJson(results[0]!), ...extras[results[0]!.strategy] };
  return { ...head, strategies: Object.fromEntries(results.map((r) => [r.strategy, { ...resultJson(r), ...extras[r.strategy] }])), complementarity: comp };
}

interface StrategyExtras {
  /** Questions per number of steps that retrieved (DualRAG Fig. 3). */
  retrievalTriggers: number[];
  judge?: JudgeResult;
}

const JUDGE_PROMPT: JudgePrompt = { module: judgePrompt.module, version: judgePrompt.version, build: judgePrompt.build, parse: judgePrompt.parse };

async function createJudge(args: EvalArgs, corpusId: string) {
  const model = args.judgeModel ?? args.llmRest.model;
  const spec = llmSpecFrom({ llm: args.judge, ...args.llmRest, ...(model !== undefined ? { model } : {}) });
  return createLlmFromSpec(spec, { corpusId, cacheDir: args.cacheDir, concurrency: Math.max(4, args.concurrency) });
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

function resultJson(r: StrategyBatchResult) {
  return {
    strategy: r.strategy,
    summary: {
      ...flatSummary(r.summary),
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

function strategyReport(title: string, r: StrategyBatchResult, ks: readonly number[]): string {
  const rounds = formatTable(
    ['pool', ...ks.map((k) => `R@${k}`)],
    r.recallByRound.map((x) => [x.round === 0 ? 'initial' : `#${x.round}`, ...ks.map((k) => x.recall[k] ?? NaN)]),
  );
  const costs = Object.entries(r.tokensByModule);
  const tokens = costs.length
    ? formatTable(['module', 'calls', 'cached', 'prompt tok', 'completion tok'], costs.map(([m, c]) => [m, c.calls, c.cached, c.prompt, c.completion]))
    : 'no LLM calls';
  return [summaryTables(title, r.summary, ks), 'Recall of the pool after each step (questions that stopped early carry their last pool)', rounds, tokens].join('\n\n');
}

function complementarityTable(rows: PairComplementarity[], solved: string): string {
  return `Complementarity (solved = ${solved})\n` + formatTable(['A', 'B', 'shared', 'both', 'only A', 'only B', 'neither'], rows.map((p) => [p.a, p.b, p.shared, p.both, p.onlyA, p.onlyB, p.neither]));
}

// `npm run eval -- ... --strategy <names> --llm <spec>`: iterative strategies over a backbone, one trace
// per question (written to --traces, and reused from there on a rerun, so an interrupted batch resumes),
// progress with ETA on stderr, tables on stdout, the foundation's JSON shape per strategy.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { evaluateStrategy, strategyComplementarity, type StrategyBatchResult } from '../core/batch/strategy.ts';
import { formatDuration, progressAt } from '../core/batch/progress.ts';
import type { PairComplementarity } from '../core/eval/complementarity.ts';
import { addCost, emptyCost } from '../core/eval/run-metrics.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { Dataset, Question, Retriever } from '../core/types.ts';
import { strategyOptions, strategyPromptVersions } from '../core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker, OFFLINE_THINKER_VERSION } from '../providers/llm/offline-thinker.ts';
import type { EvalArgs } from './args.ts';
import type { Io } from './eval.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { flatSummary, summaryTables } from './report.ts';
import { formatTable } from './table.ts';
import { corpusFingerprint, resumeFrom, writeTrace, type Provenance, type ResumeStats } from './trace-files.ts';

/** What a trace must have been made with to be reused: corpus content, backbone configuration, LLM version. */
async function runProvenance(args: EvalArgs, dataset: Dataset, llmLabel: string, offline: boolean): Promise<Provenance> {
  let backbone = args.retriever ?? '';
  if (args.model && (args.retriever === 'dense' || args.retriever === 'hybrid' || args.base === 'dense' || args.base === 'hybrid')) backbone += ` model=${args.model}`;
  if (args.retriever === 'hipporag2') {
    const triples = args.openie ? `openie ${basename(args.openie)} sha256:${createHash('sha256').update(await readFile(args.openie)).digest('hex').slice(0, 16)}` : 'offline-extractor';
    backbone += ` base=${args.base} triples=${triples}`;
  }
  return { corpus: corpusFingerprint(dataset.corpus), backbone, llm: offline ? `${llmLabel} ${OFFLINE_THINKER_VERSION}` : llmLabel };
}

export async function runStrategies(args: EvalArgs, dataset: Dataset, questions: readonly Question[], retriever: Retriever, io: Io, signal?: AbortSignal) {
  const spec = llmSpecFrom({ llm: args.llm, ...args.llmRest });
  const { llm, label } = await createLlmFromSpec(spec, {
    corpusId: dataset.corpus.id,
    cacheDir: args.cacheDir,
    concurrency: Math.max(4, args.concurrency),
    offline: () => createOfflineThinker(),
  });
  io.err(`LLM: ${label}${spec.kind === 'offline' ? ' (heuristic stand-in: its numbers are offline-thinker results, not an LLM’s)' : ''}`);
  const provenance = await runProvenance(args, dataset, llm.label, spec.kind === 'offline');
  const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  const results: StrategyBatchResult[] = [];
  for (const strategy of args.strategies) {
    if (signal?.aborted) break;
    const options = args.rounds !== undefined && strategy !== 'static' ? { rounds: args.rounds } : undefined;
    const started = performance.now();
    let lastReport = 0;
    const traces = args.traces;
    const resume: ResumeStats = { reused: 0, stale: new Map(), setAside: [] };
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
      ...(signal ? { signal } : {}),
      ...(traces ? { previous: resumeFrom(traces, (q) => `${strategy}-${retriever.name}-${q.id}`, { strategy, retriever: retriever.name, llm: llm.label, options: strategyOptions(strategy, options), prompts: strategyPromptVersions(strategy, STRATEGY_PROMPTS), provenance }, resume, (l) => io.err(l)) } : {}),
      onTrace: async (t: Trace, reused: boolean) => {
        if (traces && !reused) await writeTrace(traces, { ...t, provenance });
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
    for (const [reason, n] of resume.stale) io.err(`  ${strategy}: ${n} traces in ${args.traces} not reused (${reason}); rerun`);
    if (result.aborted || result.notRun) io.err(`  ${strategy}: interrupted: ${result.aborted} questions stopped mid-run (partial traces kept, status aborted), ${result.notRun} not started`);
    for (const f of result.failed.slice(0, 5)) io.err(`  failed ${f.id}: ${f.errors[0] ?? 'no error event'}`);
    if (result.failed.length) io.err(`  ${strategy}: ${result.failed.length} of ${questions.length} questions failed (scored 0, kept in the traces)`);
    io.out(strategyReport(`${dataset.name} · ${retriever.name} · ${strategy} · ${llm.label}`, result, args.ks));
    results.push(result);
  }
  const comp = results.length > 1 ? strategyComplementarity(results, args.ks.includes(5) ? 5 : (args.ks.at(-1) as number)) : undefined;
  if (comp) io.out(complementarityTable(comp.byEm, 'EM = 1') + '\n\n' + complementarityTable(comp.byAllGold, `all gold in top ${args.ks.includes(5) ? 5 : args.ks.at(-1)}`));
  const head = { dataset: dataset.name, retriever: retriever.name, llm: llm.label, ks: args.ks };
  if (results.length === 1) return { ...head, ...resultJson(results[0]!) };
  return { ...head, strategies: Object.fromEntries(results.map((r) => [r.strategy, resultJson(r)])), complementarity: comp };
}

export function resultJson(r: StrategyBatchResult) {
  return {
    strategy: r.strategy,
    summary: {
      ...flatSummary(r.summary),
      bridgeQuestions: r.bridgeRecall.count,
      ...Object.fromEntries(Object.entries(r.bridgeRecall.recall).map(([k, v]) => [`bridgeRecall@${k}`, v])),
      failed: r.failed.length,
      aborted: r.aborted,
      notRun: r.notRun,
      recallByRound: r.recallByRound.map((x) => ({ round: x.round, ...Object.fromEntries(Object.entries(x.recall).map(([k, v]) => [`recall@${k}`, v])) })),
      tokens: { byModule: r.tokensByModule, total: totalCost(r) },
    },
    failed: r.failed,
    questions: r.questions,
  };
}

const totalCost = (r: StrategyBatchResult) => Object.values(r.tokensByModule).reduce(addCost, emptyCost());

export function strategyReport(title: string, r: StrategyBatchResult, ks: readonly number[]): string {
  const rounds = formatTable(
    ['pool', ...ks.map((k) => `R@${k}`)],
    r.recallByRound.map((x) => [x.round === 0 ? 'initial' : `#${x.round}`, ...ks.map((k) => x.recall[k] ?? NaN)]),
  );
  const costs = Object.entries(r.tokensByModule);
  const tokens = costs.length
    ? formatTable(['module', 'calls', 'cached', 'prompt tok', 'completion tok'], costs.map(([m, c]) => [m, c.calls, c.cached, c.prompt, c.completion]))
    : 'no LLM calls';
  const bridge = formatTable(
    ['final context', 'n', ...ks.map((k) => `R@${k}`)],
    [
      ['all gold', r.summary.count, ...ks.map((k) => r.summary.recall[k] ?? NaN)],
      ['bridge gold', r.bridgeRecall.count, ...ks.map((k) => r.bridgeRecall.recall[k] ?? NaN)],
    ],
  );
  return [summaryTables(title, r.summary, ks), `Bridge recall (${r.questions[0]?.bridgeRule ?? 'no bridges'})`, bridge, 'Recall of the pool after each step (questions that stopped early carry their last pool)', rounds, tokens].join('\n\n');
}

export function complementarityTable(rows: PairComplementarity[], solved: string): string {
  return `Complementarity (solved = ${solved})\n` + formatTable(['A', 'B', 'shared', 'both', 'only A', 'only B', 'neither'], rows.map((p) => [p.a, p.b, p.shared, p.both, p.onlyA, p.onlyB, p.neither]));
}

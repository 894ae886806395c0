// Batch evaluation of one strategy over a question set (issue 5): questions run concurrently, each
// yields a trace; every number is read off the traces (runMetrics), so a replayed trace scores the same.
// A question whose LLM call fails has a "failed" trace, counts in the summary (score 0) and the batch
// goes on. Results are placed by question index, so --concurrency 8 equals --concurrency 1.
import type { LlmPort } from '../llm/port.ts';
import { addCost, emptyCost, runMetrics, type ModuleCost, type RunMetrics } from '../eval/run-metrics.ts';
import { summarize, type QuestionScore, type Summary } from '../eval/metrics.ts';
import { complementarity, type PairComplementarity } from '../eval/complementarity.ts';
import { runStrategy, type StrategyName, type StrategyPrompts } from '../strategies/index.ts';
import type { Reranker } from '../rerank/port.ts';
import type { Trace } from '../trace/schema.ts';
import type { Passage, Question, Retriever } from '../types.ts';
import { mapConcurrent } from './pool.ts';

export interface StrategyBatchOptions {
  strategy: StrategyName;
  retriever: Retriever;
  retrieverName: string;
  llm: LlmPort;
  prompts: StrategyPrompts;
  passages: ReadonlyMap<string, Passage>;
  corpus: { id: string; name: string };
  options?: Record<string, unknown>;
  /** DualRAG's Eq. 8 reranker (default: the labelled lexical one). */
  reranker?: Reranker;
  ks: number[];
  concurrency?: number;
  signal?: AbortSignal;
  /** A finished trace from an earlier, interrupted batch (resume): reused instead of rerun. */
  previous?: (question: Question) => Promise<Trace | undefined>;
  /** Each trace as soon as its question finishes (the CLI writes it to --traces). */
  onTrace?: (trace: Trace, reused: boolean) => Promise<void> | void;
  onProgress?: (done: number, total: number) => void;
}

export interface RoundRecall {
  /** Pool index: 0 = initial retrieval, 1..R = after each round, then promotion/cut where the strategy has them. */
  round: number;
  recall: Record<number, number>;
}

export interface StrategyBatchResult {
  strategy: StrategyName;
  summary: Summary;
  /** Mean Recall@k of the pool after each round; a question that stopped earlier carries its last pool. */
  recallByRound: RoundRecall[];
  tokensByModule: Record<string, ModuleCost>;
  failed: { id: string; errors: string[] }[];
  aborted: number;
  reused: number;
  questions: RunMetrics[];
}

export async function evaluateStrategy(questions: readonly Question[], o: StrategyBatchOptions): Promise<StrategyBatchResult> {
  let done = 0;
  let reused = 0;
  const traces = await mapConcurrent(
    questions,
    o.concurrency ?? 1,
    async (q) => {
      const old = await o.previous?.(q);
      const trace =
        old ??
        (await runStrategy(
          o.strategy,
          q,
          { retriever: o.retriever, llm: o.llm, prompts: o.prompts, passages: o.passages, ...(o.options ? { options: o.options } : {}), ...(o.reranker ? { reranker: o.reranker } : {}), ...(o.signal ? { signal: o.signal } : {}) },
          { corpus: o.corpus, retrieverName: o.retrieverName },
        ));
      if (old) reused++;
      await o.onTrace?.(trace, old !== undefined);
      o.onProgress?.(++done, questions.length);
      return trace;
    },
    o.signal,
  );
  const rows = traces.map((t) => runMetrics(t, o.ks));
  return {
    strategy: o.strategy,
    summary: summarize(scoredRows(rows), o.ks),
    recallByRound: meanRecallByRound(rows, o.ks),
    tokensByModule: sumCosts(rows),
    failed: rows.filter((r) => r.status === 'failed').map((r) => ({ id: r.id, errors: r.errors })),
    aborted: rows.filter((r) => r.status === 'aborted').length,
    reused,
    questions: rows,
  };
}

/** A question with gold answers but no answer (its run failed) scores 0, so failures count against the strategy. */
function scoredRows(rows: readonly RunMetrics[]): QuestionScore[] {
  const anyAnswer = rows.some((r) => r.em !== undefined);
  return rows.map((r) => (anyAnswer && r.em === undefined ? { ...r, em: 0, f1: 0, acc: 0 } : r));
}

function meanRecallByRound(rows: readonly RunMetrics[], ks: readonly number[]): RoundRecall[] {
  const depth = Math.max(0, ...rows.map((r) => r.recallByRound.length));
  const out: RoundRecall[] = [];
  for (let i = 0; i < depth; i++) {
    const recall: Record<number, number> = {};
    for (const k of ks) {
      let sum = 0;
      for (const r of rows) sum += (r.recallByRound[Math.min(i, r.recallByRound.length - 1)]?.[k] ?? 0);
      recall[k] = rows.length ? sum / rows.length : 0;
    }
    out.push({ round: i, recall });
  }
  return out;
}

function sumCosts(rows: readonly RunMetrics[]): Record<string, ModuleCost> {
  const out: Record<string, ModuleCost> = {};
  for (const r of rows) for (const [module, c] of Object.entries(r.tokensByModule)) addCost((out[module] ??= emptyCost()), c);
  return out;
}

/** Complementarity of the strategies run on the same questions (BDTR Fig. 3) under two notions of "solved". */
export function strategyComplementarity(results: readonly StrategyBatchResult[], k = 5): { byEm: PairComplementarity[]; byAllGold: PairComplementarity[] } {
  const by = (solved: (r: RunMetrics) => boolean) =>
    complementarity(new Map(results.map((res) => [res.strategy, new Map(res.questions.map((q) => [q.id, solved(q)]))])));
  return { byEm: by((q) => q.em === 1), byAllGold: by((q) => q.allGold[k] === 1) };
}

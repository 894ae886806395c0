// Per-question metrics read off a strategy trace (DESIGN: every metric is read off traces), in the
// shape the batch summary pools (QuestionScore) plus what the issue asks per question: the answer,
// Recall@k per round, every gold document's rank per round, LLM calls and tokens by module, wall time.
import type { Trace, TraceEvent } from '../trace/schema.ts';
import { traceAnswer, traceRanking, traceRoundRankings } from '../strategies/trace-read.ts';
import type { Ranked } from '../types.ts';
import { accuracy, exactMatch, f1 } from './answer-metrics.ts';
import { allGoldAtK, goldRanks, recallAtK } from './retrieval-metrics.ts';
import type { QuestionScore } from './summary.ts';

export interface ModuleCost {
  calls: number;
  cached: number;
  prompt: number;
  completion: number;
  total: number;
}

export const emptyCost = (): ModuleCost => ({ calls: 0, cached: 0, prompt: 0, completion: 0, total: 0 });

/** Adds `c` into `into` (per-module totals over questions, or all modules into one). */
export function addCost(into: ModuleCost, c: ModuleCost): ModuleCost {
  into.calls += c.calls;
  into.cached += c.cached;
  into.prompt += c.prompt;
  into.completion += c.completion;
  into.total += c.total;
  return into;
}

/**
 * LLM calls and tokens per calling module, from a run's `llm` events. A reply served from the cache
 * (or a replayed trace) counts its recorded usage, so a strategy's token cost does not depend on
 * whether the cache was warm; `cached` says how many calls made no request.
 */
export function costByModule(events: readonly TraceEvent[]): Record<string, ModuleCost> {
  const out: Record<string, ModuleCost> = {};
  for (const e of events) {
    if (e.type !== 'llm') continue;
    const m = (out[e.module] ??= emptyCost());
    addCost(m, { calls: 1, cached: e.cached ? 1 : 0, ...e.usage });
  }
  return out;
}

export interface RunMetrics extends QuestionScore {
  status: Trace['status'];
  strategy: string;
  retriever: string;
  /** The final context in its final order, with scores. */
  ranking: Ranked[];
  goldIds: string[];
  /** Gold ranks (1-based, null when absent) in the final context. */
  goldRanks: (number | null)[];
  answer?: string;
  /** recallByRound[i][k]: Recall@k of the i-th pool (round 0, each round, after promotion). */
  recallByRound: Record<number, number>[];
  /** goldRanksByRound[i][j]: rank of gold document j in the i-th pool. */
  goldRanksByRound: (number | null)[][];
  llmCalls: number;
  tokensByModule: Record<string, ModuleCost>;
  /** ms from run start to the last event. */
  wallMs: number;
  errors: string[];
}

export function runMetrics(trace: Trace, ks: readonly number[]): RunMetrics {
  const gold = trace.question.gold;
  const ranking = traceRanking(trace);
  const ids = ranking.map((r) => r.id);
  const recall: Record<number, number> = {};
  const allGold: Record<number, number> = {};
  for (const k of ks) {
    recall[k] = recallAtK(ids, gold, k);
    allGold[k] = allGoldAtK(ids, gold, k);
  }
  const rounds = traceRoundRankings(trace).map((r) => r.map((x) => x.id));
  const tokensByModule = costByModule(trace.events);
  const llmCalls = Object.values(tokensByModule).reduce((n, m) => n + m.calls, 0);
  const errors = trace.events.flatMap((e) => (e.type === 'error' ? [`${e.module}: ${e.message}`] : []));
  const answer = traceAnswer(trace);
  const answers = trace.question.answers;
  const scored = answer !== undefined && answers.length > 0;
  return {
    id: trace.question.id,
    ...(trace.question.type !== undefined ? { type: trace.question.type } : {}),
    ...(trace.question.hops !== undefined ? { hops: trace.question.hops } : {}),
    recall,
    allGold,
    ...(scored ? { em: exactMatch(answer, answers), f1: f1(answer, answers), acc: accuracy(answer, answers) } : {}),
    status: trace.status,
    strategy: trace.strategy,
    retriever: trace.retriever,
    ranking,
    goldIds: [...gold],
    goldRanks: goldRanks(ids, gold),
    ...(answer !== undefined ? { answer } : {}),
    recallByRound: rounds.map((r) => Object.fromEntries(ks.map((k) => [k, recallAtK(r, gold, k)]))),
    goldRanksByRound: rounds.map((r) => goldRanks(r, gold)),
    llmCalls,
    tokensByModule,
    wallMs: trace.events.at(-1)?.t ?? 0,
    errors,
  };
}

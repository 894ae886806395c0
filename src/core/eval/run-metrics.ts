// Per-question metrics read off a strategy trace through the one fold (src/core/trace/fold.ts), in the
// shape the batch summary pools (QuestionScore) plus what the issues ask per question: the answer,
// Recall@k per round, every gold and bridge document's rank per round, LLM calls and tokens by
// module, wall time.
import { costsOf, foldTrace, type Cost } from '../trace/fold.ts';
import type { Trace } from '../trace/schema.ts';
import type { Ranked } from '../types.ts';
import { accuracy, exactMatch, f1 } from './answer-metrics.ts';
import { bridgeOf } from './bridge.ts';
import { goldAllAtK, goldRanks, goldRecallAtK, recallAtK } from './retrieval-metrics.ts';
import type { QuestionScore } from './summary.ts';

/** EM/F1/Acc of an answer against the gold answers; null when there is no answer or no gold answer. */
export function answerScores(
  answer: string | null | undefined,
  golds: readonly string[],
): { em: number; f1: number; acc: number } | null {
  if (answer === null || answer === undefined || golds.length === 0) return null;
  return { em: exactMatch(answer, golds), f1: f1(answer, golds), acc: accuracy(answer, golds) };
}

export interface RunMetrics extends QuestionScore, Pick<Trace, 'status' | 'strategy' | 'retriever' | 'regime'> {
  /** The final context in its final order, with scores. */
  ranking: Ranked[];
  goldIds: string[];
  /** Gold ranks (1-based, null when absent) in the final context. */
  goldRanks: (number | null)[];
  /** Bridge passages (a subset of goldIds, src/core/eval/bridge.ts) and the rule that chose them. */
  bridgeIds: string[];
  bridgeRule: string;
  /** Recall@k of the bridge passages in the final context; absent when the question has none. */
  bridgeRecall?: Record<number, number>;
  answer?: string;
  /** recallByRound[i][k]: Recall@k of the i-th pool (round 0, each round, after promotion). */
  recallByRound: Record<number, number>[];
  /** goldRanksByRound[i][j]: rank of gold document j in the i-th pool. */
  goldRanksByRound: (number | null)[][];
  /** bridgeRanksByRound[i][j]: rank of bridge document j in the i-th pool. */
  bridgeRanksByRound: (number | null)[][];
  llmCalls: number;
  tokensByModule: Record<string, Cost>;
  /** ms from run start to the last event. */
  wallMs: number;
  errors: string[];
}

export function runMetrics(trace: Trace, ks: readonly number[]): RunMetrics {
  const model = foldTrace(trace.events);
  const gold = trace.question.gold;
  const ids = model.finalRanking;
  const bridge = bridgeOf(trace.question, model.round0Ids);
  const bridgeIds = gold.filter((g) => bridge.ids.has(g));
  const recall: Record<number, number> = {};
  const allGold: Record<number, number> = {};
  // Without gold (a typed question, a questions file without gold) recall is n/a: the row says noGold.
  const noGold = gold.length === 0;
  for (const k of noGold ? [] : ks) {
    recall[k] = goldRecallAtK(ids, trace.question, k) as number;
    allGold[k] = goldAllAtK(ids, trace.question, k) as number;
  }
  const rounds = model.poolRankings.map((r) => r.map((x) => x.id));
  const answer = model.answer ?? undefined;
  const scored = answerScores(answer, trace.question.answers);
  return {
    id: trace.question.id,
    ...(trace.question.type !== undefined ? { type: trace.question.type } : {}),
    ...(trace.question.hops !== undefined ? { hops: trace.question.hops } : {}),
    recall,
    allGold,
    ...(noGold ? { noGold } : {}),
    ...(scored ?? {}),
    status: trace.status,
    strategy: trace.strategy,
    retriever: trace.retriever,
    regime: trace.regime,
    ranking: model.finalScored,
    goldIds: [...gold],
    goldRanks: goldRanks(ids, gold),
    bridgeIds,
    bridgeRule: bridge.rule,
    ...(bridgeIds.length > 0
      ? { bridgeRecall: Object.fromEntries(ks.map((k) => [k, recallAtK(ids, bridgeIds, k)])) }
      : {}),
    ...(answer !== undefined ? { answer } : {}),
    recallByRound: noGold
      ? []
      : rounds.map((r) => Object.fromEntries(ks.map((k) => [k, goldRecallAtK(r, trace.question, k) as number]))),
    goldRanksByRound: rounds.map((r) => goldRanks(r, gold)),
    bridgeRanksByRound: rounds.map((r) => goldRanks(r, bridgeIds)),
    llmCalls: model.llmCalls,
    tokensByModule: costsOf(model),
    wallMs: model.elapsedMs,
    errors: model.errors.map((e) => `${e.module}: ${e.message}`),
  };
}

// Batch results read off traces: per-question rows and the aggregates the batch plots draw (Recall@k
// curve, per-round Recall@5, by question type, complementarity). Metrics come from src/core/eval, so
// the numbers are the CLI's.
import { complementarity as pairComplementarity } from '../../core/eval/complementarity.ts';
import { allGoldAtK, recallAtK } from '../../core/eval/metrics.ts';
import { answerScores } from '../../core/eval/run-metrics.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { foldTrace } from '../../core/trace/fold.ts';

export interface BatchRow {
  strategy: string;
  questionId: string;
  question: string;
  type: string;
  /**
   * The final context in its final order, the ranking Recall@k is measured on: the cut set when the
   * strategy cuts (BDTR's Eq. 6), else the last pool. The CLI measures the same (traceRanking).
   */
  ranking: string[];
  gold: string[];
  /** Pool order after each round, for per-round recall. */
  roundPools: string[][];
  firstGoldRank: number | null;
  /** The run's answer (null for retrieval-only runs) and its scores against the gold answers. */
  answer: string | null;
  em: number | null;
  f1: number | null;
  acc: number | null;
  ms: number;
  trace: Trace;
}

export function rowFromTrace(strategy: string, trace: Trace): BatchRow {
  const model = foldTrace(trace.events);
  const roundPools: string[][] = [];
  for (const s of model.stages) if (s.kind === 'initial' || s.kind === 'round') roundPools[s.round] = s.order;
  const ranking = model.finalRanking;
  const gold = trace.question.gold;
  const firstGold = ranking.findIndex((id) => gold.includes(id));
  return {
    strategy,
    questionId: trace.question.id,
    question: trace.question.question,
    type: trace.question.type ?? 'untyped',
    ranking,
    gold,
    roundPools: Array.from(roundPools, (p) => p ?? []),
    firstGoldRank: firstGold === -1 ? null : firstGold + 1,
    answer: model.answer,
    ...(answerScores(model.answer, trace.question.answers) ?? { em: null, f1: null, acc: null }),
    ms: model.elapsedMs,
    trace,
  };
}

const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

export function strategiesOf(rows: readonly BatchRow[]): string[] {
  return [...new Set(rows.map((r) => r.strategy))];
}

/** Mean Recall@k for k = 1..maxK per strategy. */
export function recallCurve(
  rows: readonly BatchRow[],
  maxK: number,
): { strategy: string; points: { k: number; recall: number }[] }[] {
  return strategiesOf(rows).map((strategy) => {
    const mine = rows.filter((r) => r.strategy === strategy && r.gold.length > 0);
    return {
      strategy,
      points: Array.from({ length: maxK }, (_, i) => ({
        k: i + 1,
        recall: mean(mine.map((r) => recallAtK(r.ranking, r.gold, i + 1))),
      })),
    };
  });
}

/** Mean Recall@5 of the pool after each round, per strategy (a question with fewer rounds keeps its last pool). */
export function perRoundRecall(rows: readonly BatchRow[], k = 5): { strategy: string; rounds: number[] }[] {
  return strategiesOf(rows).map((strategy) => {
    const mine = rows.filter((r) => r.strategy === strategy && r.gold.length > 0);
    const maxRounds = Math.max(0, ...mine.map((r) => r.roundPools.length));
    return {
      strategy,
      rounds: Array.from({ length: maxRounds }, (_, t) =>
        mean(mine.map((r) => recallAtK(r.roundPools[Math.min(t, r.roundPools.length - 1)] ?? [], r.gold, k))),
      ),
    };
  });
}

/** Mean Recall@k by question type and strategy. */
export function byType(
  rows: readonly BatchRow[],
  k = 5,
): { type: string; values: Record<string, number>; count: number }[] {
  const types = [...new Set(rows.map((r) => r.type))].sort();
  return types.map((type) => {
    const mine = rows.filter((r) => r.type === type && r.gold.length > 0);
    const values: Record<string, number> = {};
    for (const s of strategiesOf(rows))
      values[s] = mean(mine.filter((r) => r.strategy === s).map((r) => recallAtK(r.ranking, r.gold, k)));
    return { type, values, count: new Set(mine.map((r) => r.questionId)).size };
  });
}

/** Mean answer accuracy (Acc: gold answer contained in the prediction) by type, for strategies that answer. */
export function accuracyByType(
  rows: readonly BatchRow[],
): { type: string; values: Record<string, number>; count: number }[] {
  const answering = strategiesOf(rows).filter((s) => rows.some((r) => r.strategy === s && r.acc !== null));
  const types = [...new Set(rows.map((r) => r.type))].sort();
  return types.map((type) => {
    const mine = rows.filter((r) => r.type === type && r.acc !== null);
    const values: Record<string, number> = {};
    for (const s of answering) values[s] = mean(mine.filter((r) => r.strategy === s).map((r) => r.acc as number));
    return { type, values, count: new Set(mine.map((r) => r.questionId)).size };
  });
}

/** For a pair of strategies: questions whose gold is all in the top k for A only, B only, both, neither (core complementarity). */
export function complementarity(
  rows: readonly BatchRow[],
  a: string,
  b: string,
  k = 5,
): { aOnly: number; bOnly: number; both: number; neither: number } {
  const solved = (s: string) =>
    new Map(
      rows
        .filter((r) => r.strategy === s && r.gold.length > 0)
        .map((r) => [r.questionId, allGoldAtK(r.ranking, r.gold, k) === 1]),
    );
  const [pair] = pairComplementarity(
    new Map([
      [a, solved(a)],
      [b, solved(b)],
    ]),
  );
  return { aOnly: pair?.onlyA ?? 0, bOnly: pair?.onlyB ?? 0, both: pair?.both ?? 0, neither: pair?.neither ?? 0 };
}

export const CSV_KS = [1, 2, 5, 10, 20] as const;

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function rowsToCsv(rows: readonly BatchRow[]): string {
  const head = [
    'strategy',
    'llm',
    'regime',
    'question_id',
    'type',
    'question',
    ...CSV_KS.map((k) => `recall@${k}`),
    'first_gold_rank',
    'answer',
    'em',
    'f1',
    'acc',
    'ms',
  ];
  const lines = rows.map((r) =>
    [
      r.strategy,
      r.trace.llm,
      r.trace.regime,
      r.questionId,
      r.type,
      r.question,
      ...CSV_KS.map((k) => (r.gold.length ? recallAtK(r.ranking, r.gold, k).toFixed(4) : '')),
      r.firstGoldRank,
      r.answer,
      r.em,
      r.f1 === null ? null : r.f1.toFixed(4),
      r.acc,
      Math.round(r.ms),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[head.join(','), ...lines].join('\n')}\n`;
}

export function rowsToJson(rows: readonly BatchRow[]): string {
  return JSON.stringify(
    rows.map(({ trace, roundPools: _pools, ...r }) => ({ ...r, llm: trace.llm, regime: trace.regime })),
    null,
    1,
  );
}

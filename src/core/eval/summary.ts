// Pooled scores: the mean over questions of every per-question score (macro average, as the
// HotpotQA and HippoRAG 2 evaluations report), overall and broken down by question type and hops.
import { MetricError } from './errors.ts';

export interface QuestionScore {
  id: string;
  type?: string;
  hops?: number;
  /** recall[k] = recall@k of this question (empty when it has no gold). */
  recall: Record<number, number>;
  /** The question has no gold passages (typed, or from a questions file without gold): its recall is n/a and it is left out of the recall means. */
  noGold?: boolean;
  /** allGold[k] = 1 if all of its gold passages are in the top k. */
  allGold: Record<number, number>;
  em?: number;
  f1?: number;
  acc?: number;
}

export interface ScoreMeans {
  /** Questions averaged. */
  count: number;
  /** Means over the questions with gold; null (n/a) when none has gold. */
  recall: Record<number, number | null>;
  allGold: Record<number, number | null>;
  /** Questions with gold (the recall means' count), when it differs from count. */
  withGold?: number;
  /** Present when the rows carry answer scores. */
  em?: number;
  f1?: number;
  acc?: number;
}

export interface Summary extends ScoreMeans {
  /** Per question type; questions without a type are in the overall means only. */
  byType: Record<string, ScoreMeans>;
  /** Per hop count (keys "2", "3", ...); questions without hops are in the overall means only. */
  byHops: Record<string, ScoreMeans>;
}

const ANSWER_FIELDS = ['em', 'f1', 'acc'] as const;

/** The mean of `value` over `rows`, summed in order; null without rows. */
export const meanOf = <T>(rows: readonly T[], value: (row: T) => number): number | null =>
  rows.length ? rows.reduce((sum, row) => sum + value(row), 0) / rows.length : null;

function means(rows: readonly QuestionScore[], ks: readonly number[]): ScoreMeans {
  const gold = rows.filter((r) => !r.noGold);
  const out: ScoreMeans = {
    count: rows.length,
    recall: {},
    allGold: {},
    ...(gold.length !== rows.length ? { withGold: gold.length } : {}),
  };
  for (const k of ks) {
    out.recall[k] = meanOf(gold, (row) => row.recall[k] as number);
    out.allGold[k] = meanOf(gold, (row) => row.allGold[k] as number);
  }
  // answer scores are on every row or none (validate); rows is never empty there
  for (const field of ANSWER_FIELDS)
    if (rows[0]?.[field] !== undefined) out[field] = meanOf(rows, (row) => row[field] as number) as number;
  return out;
}

/** Every row must have recall and allGold for every k, and answer scores on all rows or none. */
function validate(rows: readonly QuestionScore[], ks: readonly number[]): void {
  if (rows.length === 0) throw new MetricError('summarize', 'no question scores to summarize');
  const first = rows[0] as QuestionScore;
  for (const row of rows) {
    for (const k of row.noGold ? [] : ks) {
      if (typeof row.recall[k] !== 'number' || typeof row.allGold[k] !== 'number')
        throw new MetricError('summarize', `question "${row.id}" has no recall/allGold score for k=${k}`);
    }
    for (const field of ANSWER_FIELDS) {
      if ((row[field] === undefined) !== (first[field] === undefined))
        throw new MetricError(
          'summarize',
          `question "${row.id}" ${row[field] === undefined ? 'lacks' : 'has'} "${field}" unlike question "${first.id}"; score all rows or none`,
        );
    }
  }
}

function groupBy<T>(rows: readonly T[], key: (r: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k !== undefined) (groups.get(k) ?? groups.set(k, []).get(k)!).push(row);
  }
  return groups;
}

/** Rows grouped by hop count (keys "2", "3", ... in numeric order; rows without hops left out), each group reduced by `f`. */
export function perHops<T extends { hops?: number }, R>(rows: readonly T[], f: (group: T[]) => R): Record<string, R> {
  return Object.fromEntries(
    [...groupBy(rows, (r) => (r.hops === undefined ? undefined : String(r.hops)))]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([hops, group]) => [hops, f(group)]),
  );
}

export function summarize(rows: readonly QuestionScore[], ks: readonly number[]): Summary {
  validate(rows, ks);
  // Keyed by data (a dataset's question types): built from entries, so a type named "__proto__" is a key
  // like any other and never an object's prototype.
  const byType: Record<string, ScoreMeans> = Object.fromEntries(
    [...groupBy(rows, (r) => r.type)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, group]) => [type, means(group, ks)]),
  );
  return { ...means(rows, ks), byType, byHops: perHops(rows, (group) => means(group, ks)) };
}

// Passage retrieval metrics over a ranking of passage ids (best first).
//  - A duplicate id in the ranking counts once, at its first (best) rank; later copies still take
//    up their slots, so they push other passages down (the ranking is scored as given).
//  - k larger than the ranking is fine: a short ranking simply holds fewer passages.
//  - Duplicate gold ids count once.
//  - Empty gold list: undefined (0/0), so MetricError; the importers never produce such questions.
import { MetricError } from './errors.ts';

function distinctGold(metric: string, gold: readonly string[]): Set<string> {
  if (gold.length === 0)
    throw new MetricError(metric, 'empty gold list: recall is undefined for a question without gold passages');
  return new Set(gold);
}

function checkK(metric: string, k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new MetricError(metric, `expected k to be an integer >= 1, got ${k}`);
}

function foundInTop(ranking: readonly string[], gold: Set<string>, k: number): number {
  const found = new Set<string>();
  const end = Math.min(k, ranking.length);
  for (let i = 0; i < end; i++) {
    const id = ranking[i] as string;
    if (gold.has(id)) found.add(id);
  }
  return found.size;
}

/** Fraction of the distinct gold ids found in the top k. */
export function recallAtK(ranking: readonly string[], gold: readonly string[], k: number): number {
  checkK('recallAtK', k);
  const g = distinctGold('recallAtK', gold);
  return foundInTop(ranking, g, k) / g.size;
}

/** 1 if every gold id is in the top k, else 0. */
export function allGoldAtK(ranking: readonly string[], gold: readonly string[], k: number): number {
  checkK('allGoldAtK', k);
  const g = distinctGold('allGoldAtK', gold);
  return foundInTop(ranking, g, k) === g.size ? 1 : 0;
}

/** 1-based rank of each gold id (in gold order, duplicates included), null when absent. */
export function goldRanks(ranking: readonly string[], gold: readonly string[]): (number | null)[] {
  const first = new Map<string, number>();
  ranking.forEach((id, i) => {
    if (!first.has(id)) first.set(id, i + 1);
  });
  return gold.map((id) => first.get(id) ?? null);
}

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

const foundInTop = (ranking: readonly string[], gold: Set<string>, k: number): number =>
  new Set(ranking.slice(0, k).filter((id) => gold.has(id))).size;

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
  return gold.map((id) => {
    const i = ranking.indexOf(id);
    return i < 0 ? null : i + 1;
  });
}

type GoldOf = { gold: readonly string[]; goldItems?: readonly (readonly string[])[] };

/** The gold of a question as items: its goldItems (a document questions file), else one item per gold id. */
function goldItemsOf(q: GoldOf): (readonly string[])[] {
  return q.goldItems && q.goldItems.length > 0 ? [...q.goldItems] : [...new Set(q.gold)].map((g) => [g]);
}

/** Gold items with at least one passage in the top k, and how many items there are; null without gold. */
function itemsFound(metric: string, ranking: readonly string[], q: GoldOf, k: number): [number, number] | null {
  checkK(metric, k);
  const items = goldItemsOf(q);
  if (items.length === 0) return null;
  const top = new Set(ranking.slice(0, k));
  return [items.filter((item) => item.some((id) => top.has(id))).length, items.length];
}

/**
 * Recall@k over gold items: an item (a gold passage, or a document file or section of a questions file)
 * counts as found when any of its passages is in the top k. null when the question has no gold (n/a, never 0).
 * Equals recallAtK when every item is one passage.
 */
export function goldRecallAtK(ranking: readonly string[], q: GoldOf, k: number): number | null {
  const found = itemsFound('goldRecallAtK', ranking, q, k);
  return found && found[0] / found[1];
}

/** 1 when every gold item is found in the top k, else 0; null without gold. */
export function goldAllAtK(ranking: readonly string[], q: GoldOf, k: number): number | null {
  const found = itemsFound('goldAllAtK', ranking, q, k);
  return found && (found[0] === found[1] ? 1 : 0);
}

// Geometry of the rank-movement (bump) chart, kept out of the component so it is tested in Node and
// shared by the inspector and compare views (shared axis: pass the same maxRank).
import type { Stage } from '../../core/trace/fold.ts';

export interface BumpLine {
  id: string;
  /** One point per stage where the passage is present; y rank is capped at maxRank + 1 ("deeper"). */
  points: { stage: number; rank: number; shownRank: number }[];
}

/**
 * Ranks to `maxRank` are drawn one row each; deeper ranks share the bottom row. A passage gets a line when it
 * is within `showTop` at some stage, or is always-shown.
 */
export function bumpLines(
  stages: readonly Stage[],
  always: ReadonlySet<string>,
  maxRank: number,
  showTop = 10,
): BumpLine[] {
  const ids = new Set<string>();
  for (const s of stages) for (const id of s.order.slice(0, showTop)) ids.add(id);
  for (const id of always) if (stages.some((s) => s.ranks.has(id))) ids.add(id);
  return [...ids].map((id) => ({
    id,
    points: stages.flatMap((s, i) => {
      const rank = s.ranks.get(id);
      return rank === undefined ? [] : [{ stage: i, rank, shownRank: Math.min(rank, maxRank + 1) }];
    }),
  }));
}

/** SVG path through consecutive stages only: a passage missing from a stage breaks its line. */
export function linePath(
  points: BumpLine['points'],
  x: (stage: number) => number,
  y: (rank: number) => number,
): string {
  let d = '';
  let prev: number | null = null;
  for (const p of points) {
    d += `${prev !== null && p.stage === prev + 1 ? 'L' : 'M'}${x(p.stage).toFixed(1)},${y(p.shownRank).toFixed(1)}`;
    prev = p.stage;
  }
  return d;
}

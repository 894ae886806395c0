// The bump chart's lines and geometry: which passages get a line and how each is drawn (bridge, gold,
// promoted or other), the stage and rank scales, and the chart's size (compact lanes share one axis).
import { useMemo } from 'react';
import { bumpLines } from '../trace/bump.ts';
import type { TraceModel } from '../../core/trace/fold.ts';

const ROW = 20;
export const TOP = 34;
export const LEFT = 46;
const COL = 130;
const RIGHT = 150;
const COMPACT_COL = 62;
const COMPACT_RIGHT = 26;

/** How a line is drawn: the bridge's diamonds, gold, promoted by the verifier, or plain. */
export type LineKind = 'bridge' | 'gold' | 'promoted' | 'other';

/** Where a stage's column and a rank's row are, and the chart's size, in SVG units. */
export type BumpScale = { x: (stage: number) => number; y: (rank: number) => number; width: number; height: number };

interface Options {
  model: TraceModel;
  gold: ReadonlySet<string>;
  bridge: ReadonlySet<string>;
  maxRank: number;
  compact: { columns: number } | undefined;
}

export function useBumpLayout({ model, gold, bridge, maxRank, compact }: Options) {
  const { stages } = model;
  const highlighted = useMemo(() => new Set([...gold, ...model.promotions.map((m) => m.id)]), [gold, model.promotions]);
  const lines = useMemo(() => bumpLines(stages, highlighted, maxRank), [stages, highlighted, maxRank]);
  const col = compact ? COMPACT_COL : COL;
  const right = compact ? COMPACT_RIGHT : RIGHT;
  const scale: BumpScale = {
    x: (stage: number) => LEFT + stage * col,
    y: (rank: number) => TOP + (rank - 0.5) * ROW,
    width: LEFT + Math.max(1, (compact?.columns ?? stages.length) - 1) * col + right,
    height: TOP + (maxRank + 1) * ROW + 16,
  };
  const kindOf = (id: string): LineKind =>
    bridge.has(id) ? 'bridge' : gold.has(id) ? 'gold' : highlighted.has(id) ? 'promoted' : 'other';
  // Draw plain lines first, highlighted ones on top.
  const ordered = [...lines].sort((a, b) => Number(kindOf(a.id) !== 'other') - Number(kindOf(b.id) !== 'other'));
  const finalIndex = stages.findIndex((s) => s.kind === 'final');
  return { lines, ordered, kindOf, scale, finalIndex };
}

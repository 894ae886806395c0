// How the question graph looks: base attributes from the data (size = PPR mass, colour = first round a
// passage entered the pool) and the sigma reducers that apply the round slider, gold marks and the
// selection at render time. UI state never goes into the graph (sigma v3 reducer pattern).
import type { GraphEdge, GraphView } from '../../../workers/engine-api.ts';

export const ROUND_COLORS = ['#1f5fbf', '#1e8a4c', '#d97a00', '#8a3ab9', '#c0392b'] as const;
export const NOT_IN_POOL = '#9aa3ad';
export const PHRASE = '#b9c0c9';
/** Seeds in magenta: no round colour (blue, green, orange, purple, red) is near it. */
export const SEED_PHRASE = '#d6198a';

/**
 * Generic hub phrases (numbers, number words, very short words such as "one" or "20") link everything to
 * everything on a real corpus: they are hidden unless they seed the question (issue 17 item 8).
 */
const NUMBER_WORDS = new Set(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'first', 'second', 'third', 'many', 'several']);
export const isHubPhrase = (label: string) => /^[\d\s.,%-]+$/.test(label) || NUMBER_WORDS.has(label.toLowerCase()) || label.replace(/\W/g, '').length <= 2;
const FADED = '#e6e8eb';

export const roundColor = (round: number) => ROUND_COLORS[Math.min(round, ROUND_COLORS.length - 1)] as string;

export interface NodeAttributes {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  kind: 'passage' | 'phrase';
  /** Passage id (passages) or phrase text. */
  ref: string;
  /** Round the passage entered the pool; null for phrases and passages never in the pool. */
  round: number | null;
}

export interface EdgeAttributes {
  size: number;
  color: string;
  kind: GraphEdge['kind'];
}

export function nodeAttributes(view: GraphView, firstRound: ReadonlyMap<string, number>, titleOf: (id: string) => string): Map<string, NodeAttributes> {
  const maxPpr = Math.max(1e-12, ...view.nodes.map((n) => n.ppr ?? 0));
  const k = nodeScale(view.nodes.length);
  const out = new Map<string, NodeAttributes>();
  for (const n of view.nodes) {
    if (n.kind === 'passage') {
      const round = firstRound.get(n.label) ?? null;
      out.set(n.key, {
        x: n.x,
        y: n.y,
        // sqrt: area, not radius, proportional to PPR mass.
        size: k * (4 + 14 * Math.sqrt((n.ppr ?? 0) / maxPpr)),
        color: round === null ? NOT_IN_POOL : roundColor(round),
        label: titleOf(n.label),
        kind: 'passage',
        ref: n.label,
        round,
      });
    } else {
      out.set(n.key, {
        x: n.x,
        y: n.y,
        size: k * (2.5 + 1.5 * Math.log2(1 + (n.mentions ?? 1))),
        color: n.seed ? SEED_PHRASE : PHRASE,
        label: n.label,
        kind: 'phrase',
        ref: n.label,
        round: null,
      });
    }
  }
  return out;
}

export function edgeAttributes(e: GraphEdge): EdgeAttributes {
  return { size: e.kind === 'relation' ? 1.5 : 0.8, color: e.kind === 'relation' ? '#8d99a8' : e.kind === 'synonym' ? '#c8b6e2' : '#d5d9de', kind: e.kind };
}

export interface ViewState {
  /** Slider position: passages that entered the pool after this round are hidden; null shows all. */
  round: number | null;
  selected: string | null;
  /** Neighbours of the selected node. */
  neighbours: ReadonlySet<string>;
  gold: ReadonlySet<string>;
  /** Bridge passages (src/app/trace/bridges.ts): marked ◆ like in every other view. */
  bridge?: ReadonlySet<string>;
}

type Display = { label?: string | null; color?: string; hidden?: boolean; forceLabel?: boolean; highlighted?: boolean; zIndex?: number; size?: number };

/** Node count from which the view draws for size: smaller discs and 1 px line edges (see SigmaCanvas). */
export const LARGE_GRAPH = 2000;
/** Disc scale at LARGE_GRAPH nodes and more: the fill is most of a frame's GPU time in software WebGL. */
const LARGE_NODE_SCALE = 0.6;

export const nodeScale = (nodeCount: number) => (nodeCount >= LARGE_GRAPH ? LARGE_NODE_SCALE : 1);

/**
 * Display attributes for a node. Sigma hands the reducer its own shallow copy, but this stays pure (the
 * tests call it on shared attributes): it returns `a` itself when nothing applies (no selection, not
 * gold, not hidden), and copies only otherwise.
 */
export function reduceNode(key: string, a: NodeAttributes, s: ViewState): Omit<NodeAttributes, 'label'> & Display {
  const hub = a.kind === 'phrase' && a.color !== SEED_PHRASE && isHubPhrase(a.ref);
  const hidden = hub || (a.kind === 'passage' && s.round !== null && a.round !== null && a.round > s.round);
  const gold = a.kind === 'passage' && s.gold.has(a.ref);
  const bridge = gold && (s.bridge?.has(a.ref) ?? false);
  const seed = a.kind === 'phrase' && a.color === SEED_PHRASE;
  if (!hidden && !gold && !seed && s.selected === null) return a;
  const out: Omit<NodeAttributes, 'label'> & Display = { ...a };
  if (hidden) out.hidden = true;
  if (seed) {
    out.label = `◎ ${a.label}`;
    out.forceLabel = true;
    out.zIndex = 2;
  }
  if (gold) {
    out.label = `${bridge ? '◆' : '★'} ${a.label}`;
    out.forceLabel = true;
    out.zIndex = 2;
  }
  if (s.selected !== null) {
    if (key === s.selected) {
      out.highlighted = true;
      out.forceLabel = true;
      out.zIndex = 3;
    } else if (s.neighbours.has(key)) {
      out.forceLabel = true;
      out.zIndex = 2;
    } else {
      out.color = FADED;
      out.label = gold ? out.label : null;
      out.zIndex = 0;
    }
  }
  return out;
}

const FADED_EDGE = '#f0f1f3';
const SELECTED_EDGE = '#38465a';

/** Display attributes for an edge; `a` itself (no copy, no lookups by the caller) without a selection. */
export function reduceEdge(source: string, target: string, a: EdgeAttributes, s: ViewState): EdgeAttributes & Display {
  if (s.selected === null) return a;
  return touchesSelection(source, target, s) ? { ...a, color: SELECTED_EDGE, size: a.size + 1 } : { ...a, color: FADED_EDGE };
}

const touchesSelection = (source: string, target: string, s: ViewState) => source === s.selected || target === s.selected;

/** Ids of passages in the pool by the given round (all rounds when null). */
export function poolAtRound(firstRound: ReadonlyMap<string, number>, round: number | null): string[] {
  return [...firstRound].filter(([, r]) => round === null || r <= round).map(([id]) => id);
}

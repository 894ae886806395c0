// How the question graph looks: base attributes from the data (size = PPR mass, colour = first round a
// passage entered the pool) and the sigma reducers that apply the round slider, gold marks and the
// selection at render time. UI state never goes into the graph (sigma v3 reducer pattern).
import type { NodeDisplayData } from 'sigma/types';
import type { GraphEdge, GraphView } from '../../engine/engine-api.ts';

// No red among the rounds: red is the bridge colour (--bridge in app.css) in every view.
export const ROUND_COLORS = ['#1f5fbf', '#1e8a4c', '#d97a00', '#8a3ab9', '#0f8a8a'] as const;
export const NOT_IN_POOL = '#9aa3ad';
export const PHRASE = '#b9c0c9';
/** Seeds in magenta: no round colour (blue, green, orange, purple, red) is near it. */
export const SEED_PHRASE = '#d6198a';

// Hub phrases: the one rule in core (src/core/graph/hubs.ts), also used by the question graph's worker.
export { HUB_SHARE, isHubPhrase } from '../../core/graph/hubs.ts';
import { isHubPhrase } from '../../core/graph/hubs.ts';
/** Passages labelled without hovering: the top ones by PPR mass (plus seeds, gold and what a step marks). */
export const LABELLED_PASSAGES = 8;
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
  /** A generic or high-frequency phrase (isHubPhrase): hidden unless it seeds the question. */
  hub?: boolean;
  /** Among the LABELLED_PASSAGES passages with the most PPR mass: labelled without hovering. */
  top?: boolean;
}

export interface EdgeAttributes {
  size: number;
  color: string;
  /** 'overlay': a link the run draws (OverlayLink), hidden unless the overlay colours it. */
  kind: GraphEdge['kind'] | 'overlay';
}

export function nodeAttributes(
  view: GraphView,
  firstRound: ReadonlyMap<string, number>,
  titleOf: (id: string) => string,
): Map<string, NodeAttributes> {
  const maxPpr = Math.max(1e-12, ...view.nodes.map((n) => n.ppr ?? 0));
  const k = view.nodes.length >= LARGE_GRAPH ? LARGE_NODE_SCALE : 1;
  const out = new Map<string, NodeAttributes>();
  const top = new Set(
    view.nodes
      .filter((n) => n.kind === 'passage' && (n.ppr ?? 0) > 0)
      .sort((a, b) => (b.ppr ?? 0) - (a.ppr ?? 0))
      .slice(0, LABELLED_PASSAGES)
      .map((n) => n.key),
  );
  for (const n of view.nodes) {
    const round = n.kind === 'passage' ? (firstRound.get(n.label) ?? null) : null;
    out.set(n.key, {
      x: n.x,
      y: n.y,
      ref: n.label,
      round,
      ...(n.kind === 'passage'
        ? {
            // sqrt: area, not radius, proportional to PPR mass.
            size: k * (4 + 14 * Math.sqrt((n.ppr ?? 0) / maxPpr)),
            color: round === null ? NOT_IN_POOL : roundColor(round),
            label: titleOf(n.label),
            kind: 'passage',
            ...(top.has(n.key) ? { top: true } : {}),
          }
        : {
            size: k * (2.5 + 1.5 * Math.log2(1 + (n.mentions ?? 1))),
            color: n.seed ? SEED_PHRASE : PHRASE,
            label: n.label,
            kind: 'phrase',
            ...(!n.seed && isHubPhrase(n.label, n.mentions, view.stats.passages) ? { hub: true } : {}),
          }),
    });
  }
  return out;
}

export function edgeAttributes(e: GraphEdge): EdgeAttributes {
  return {
    size: e.kind === 'relation' ? 1.5 : 0.8,
    color: e.kind === 'relation' ? '#aab3bf' : e.kind === 'synonym' ? '#d5c9ea' : '#e1e4e8',
    kind: e.kind,
  };
}

/** What a node is marked with on top of its base look: short tags after its label ("fast", "2→1", "cut #1"). */
export interface NodeMark {
  tags: readonly string[];
}

/** A link the overlay draws between two nodes with no edge in view (a chain step, a beam triple). */
export interface OverlayLink {
  key: string;
  source: string;
  target: string;
}

/**
 * What the run draws over the graph (graph-overlay.ts, graph-paths.ts): coloured edges, marked nodes and
 * links, with an optional hover title per edge. `focus` fades what the overlay does not touch.
 */
export interface Overlay {
  edges: ReadonlyMap<string, string>;
  nodes: ReadonlyMap<string, NodeMark>;
  links: readonly OverlayLink[];
  titles: ReadonlyMap<string, string>;
  focus: boolean;
}

export const EMPTY_OVERLAY: Overlay = {
  edges: new Map(),
  nodes: new Map(),
  links: [],
  titles: new Map(),
  focus: false,
};

export interface ViewState {
  /** Slider position: passages that entered the pool after this round are hidden; null shows all. */
  round: number | null;
  selected: string | null;
  /** Neighbours of the selected node. */
  neighbours: ReadonlySet<string>;
  gold: ReadonlySet<string>;
  /** Bridge passages (src/app/trace/bridges.ts): marked ◆ like in every other view. */
  bridge?: ReadonlySet<string>;
  /** The run drawn over the graph at the current step, and the evidence paths. */
  overlay?: Overlay;
}

type Display = Partial<Omit<NodeDisplayData, 'x' | 'y' | 'type'>>;

/** Node count from which the view draws for size: smaller discs and 1 px line edges (see sigma-settings.ts). */
export const LARGE_GRAPH = 2000;
/** Disc scale at LARGE_GRAPH nodes and more: the fill is most of a frame's GPU time in software WebGL. */
const LARGE_NODE_SCALE = 0.6;

/**
 * Display attributes for a node. Sigma hands the reducer its own shallow copy, but this stays pure (the
 * tests call it on shared attributes): it returns `a` itself when nothing applies (no selection, not
 * gold, not hidden, not marked), and copies only otherwise. Labels: only seeds, gold, the top passages by
 * PPR mass, marked nodes and the selection's neighbourhood are labelled; the rest show theirs on hover.
 */
export function reduceNode(key: string, a: NodeAttributes, s: ViewState): Omit<NodeAttributes, 'label'> & Display {
  const mark = s.overlay?.nodes.get(key);
  const hub = a.kind === 'phrase' && a.color !== SEED_PHRASE && (a.hub === true || isHubPhrase(a.ref));
  const hidden = (hub && !mark) || (a.kind === 'passage' && s.round !== null && a.round !== null && a.round > s.round);
  const gold = a.kind === 'passage' && s.gold.has(a.ref);
  const bridge = gold && (s.bridge?.has(a.ref) ?? false);
  const seed = a.kind === 'phrase' && a.color === SEED_PHRASE;
  const focus = s.overlay?.focus === true;
  if (!hidden && !gold && !seed && !mark && !a.top && !focus && s.selected === null) return a;
  const out: Omit<NodeAttributes, 'label'> & Display = { ...a };
  if (hidden) out.hidden = true;
  if (a.top) out.forceLabel = true;
  if (seed || gold) {
    out.label = `${seed ? '◎' : bridge ? '◆' : '★'} ${a.label}`;
    out.forceLabel = true;
    out.zIndex = 2;
  }
  if (mark) {
    if (mark.tags.length > 0) out.label = `${out.label ?? a.label} · ${mark.tags.join(' · ')}`;
    out.forceLabel = true;
    out.zIndex = 2;
    out.size = a.size + 2;
  } else if (focus && !gold && !seed) {
    out.color = FADED;
    out.label = null;
    out.forceLabel = false;
    out.zIndex = 0;
  }
  if (s.selected !== null) {
    if (key === s.selected) {
      out.highlighted = true;
      out.forceLabel = true;
      out.zIndex = 3;
    } else if (s.neighbours.has(key)) {
      out.forceLabel = true;
      out.zIndex = 2;
    } else if (!mark) {
      out.color = FADED;
      out.label = gold ? out.label : null;
      out.zIndex = 0;
    }
  }
  return out;
}

const FADED_EDGE = '#f0f1f3';
const SELECTED_EDGE = '#38465a';

/** Display attributes for an edge; `a` itself (no copy, no lookups by the caller) without a selection or overlay. */
export function reduceEdge(
  source: string,
  target: string,
  a: EdgeAttributes,
  s: ViewState,
  key?: string,
): EdgeAttributes & Display {
  const drawn = key === undefined ? undefined : s.overlay?.edges.get(key);
  if (drawn) return { ...a, color: drawn, size: a.size + 2.5, zIndex: 2 };
  if (a.kind === 'overlay') return { ...a, hidden: true };
  if (s.selected === null) return s.overlay?.focus ? { ...a, color: FADED_EDGE } : a;
  return source === s.selected || target === s.selected
    ? { ...a, color: SELECTED_EDGE, size: a.size + 1 }
    : { ...a, color: FADED_EDGE };
}

/** Ids of passages in the pool by the given round (all rounds when null). */
export function poolAtRound(firstRound: ReadonlyMap<string, number>, round: number | null): string[] {
  return [...firstRound].filter(([, r]) => round === null || r <= round).map(([id]) => id);
}

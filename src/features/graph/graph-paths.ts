// Paths over the question graph: from the seed phrases through the bridge passages to
// the gold passages, as breadth-first shortest paths over the edges in view that avoid hub phrases
// (a path through "united states" explains nothing). Gold is read here only to draw a finished run.
import type { GraphView } from '../../engine/engine-api.ts';

/** Undirected adjacency of the view: node key -> [neighbour key, edge key]. */
export type Adjacency = Map<string, [string, string][]>;

export function adjacency(view: Pick<GraphView, 'edges'>, skip: (key: string) => boolean = () => false): Adjacency {
  const adj: Adjacency = new Map();
  const add = (a: string, b: string, e: string) => {
    const list = adj.get(a);
    if (list) list.push([b, e]);
    else adj.set(a, [[b, e]]);
  };
  for (const e of view.edges) {
    if (skip(e.source) || skip(e.target)) continue;
    add(e.source, e.target, e.key);
    add(e.target, e.source, e.key);
  }
  return adj;
}

/** A shortest path from any of `from` to `to`: its nodes and edge keys in order, or null when none connects them. */
export function shortestPath(
  adj: Adjacency,
  from: Iterable<string>,
  to: string,
): { nodes: string[]; edges: string[] } | null {
  const prev = new Map<string, [string, string] | null>();
  const queue: string[] = [];
  for (const f of from) {
    if (!prev.has(f)) {
      prev.set(f, null);
      queue.push(f);
    }
  }
  for (let i = 0; i < queue.length && !prev.has(to); i++) {
    const n = queue[i]!;
    for (const [m, e] of adj.get(n) ?? []) {
      if (prev.has(m)) continue;
      prev.set(m, [n, e]);
      queue.push(m);
    }
  }
  if (!prev.has(to)) return null;
  const nodes = [to];
  const edges: string[] = [];
  for (let step = prev.get(to); step; step = prev.get(step[0])) {
    nodes.unshift(step[0]);
    edges.unshift(step[1]);
  }
  return { nodes, edges };
}

export interface EvidencePaths {
  /** Edge key -> 'bridge' (seed to a bridge passage) or 'gold' (on to a gold passage). */
  edges: Map<string, 'bridge' | 'gold'>;
  nodes: Set<string>;
  /** Gold passages in view that no path reaches (said beside the legend). */
  unreached: string[];
}

/**
 * Seeds -> each bridge passage, then the nearest bridge (or seed, when no bridge is reached) -> each
 * other gold passage. Passage node keys are looked up by passage id.
 */
export function evidencePaths(
  view: Pick<GraphView, 'nodes' | 'edges'>,
  gold: ReadonlySet<string>,
  bridge: ReadonlySet<string>,
  isHub: (key: string) => boolean,
): EvidencePaths {
  const keyOf = new Map(view.nodes.filter((n) => n.kind === 'passage').map((n) => [n.label, n.key]));
  const seeds = view.nodes.filter((n) => n.seed).map((n) => n.key);
  const adj = adjacency(view, isHub);
  const out: EvidencePaths = { edges: new Map(), nodes: new Set(), unreached: [] };
  const take = (p: { nodes: string[]; edges: string[] }, kind: 'bridge' | 'gold') => {
    for (const n of p.nodes) out.nodes.add(n);
    for (const e of p.edges) if (!out.edges.has(e)) out.edges.set(e, kind);
  };
  const reachedBridges: string[] = [];
  for (const kind of ['bridge', 'gold'] as const)
    for (const id of [...gold].filter((g) => bridge.has(g) === (kind === 'bridge'))) {
      const key = keyOf.get(id);
      if (!key) continue;
      // A bridge from the seeds; other gold from the nearest reached bridge, else from the seeds.
      const p = (kind === 'gold' ? shortestPath(adj, reachedBridges, key) : null) ?? shortestPath(adj, seeds, key);
      if (!p) out.unreached.push(id);
      else take(p, kind);
      if (p && kind === 'bridge') reachedBridges.push(key);
    }
  return out;
}

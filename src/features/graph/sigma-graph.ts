// The graphology graph sigma draws (built once per view), the overlay's extra links in it, and what a
// view-state change makes sigma redraw (refreshFor).
import Graph from 'graphology';
import type Sigma from 'sigma';
import type { GraphView } from '../../engine/engine-api.ts';
import {
  edgeAttributes,
  type EdgeAttributes,
  type NodeAttributes,
  type Overlay,
  type ViewState,
} from './graph-style.ts';

export type SigmaGraph = Graph<NodeAttributes, EdgeAttributes>;
export type SigmaRenderer = Sigma<NodeAttributes, EdgeAttributes>;

/** The view's nodes (as styled) and the edges between them. */
export function buildGraph(view: GraphView, nodes: Map<string, NodeAttributes>): SigmaGraph {
  const graph = new Graph<NodeAttributes, EdgeAttributes>({ type: 'undirected' });
  for (const [key, attrs] of nodes) graph.addNode(key, attrs);
  for (const e of view.edges)
    if (graph.hasNode(e.source) && graph.hasNode(e.target))
      graph.addUndirectedEdgeWithKey(e.key, e.source, e.target, edgeAttributes(e));
  return graph;
}

/** The overlay's links (a chain step, a beam triple between phrases with no edge in view) as 'overlay' edges. */
export function syncLinks(graph: SigmaGraph, overlay: Overlay | undefined): void {
  const want = new Map((overlay?.links ?? []).map((l) => [l.key, l]));
  graph.forEachEdge((key, a) => {
    if (a.kind === 'overlay' && !want.has(key)) graph.dropEdge(key);
  });
  for (const l of want.values()) {
    const ends = graph.hasNode(l.source) && graph.hasNode(l.target);
    if (ends && !graph.hasEdge(l.key) && !graph.hasEdge(l.source, l.target))
      graph.addUndirectedEdgeWithKey(l.key, l.source, l.target, { size: 1, color: '#000', kind: 'overlay' });
  }
}

/**
 * The nodes hidden when sigma last indexed, kept up to date after each process: they have no place in
 * its label grid (see refreshFor).
 */
export function trackHiddenAtIndex(renderer: SigmaRenderer, graph: SigmaGraph): Set<string> {
  const hiddenAtIndex = new Set<string>();
  const noteHidden = () => {
    hiddenAtIndex.clear();
    graph.forEachNode((key) => {
      if (renderer.getNodeDisplayData(key)?.hidden) hiddenAtIndex.add(key);
    });
  };
  renderer.on('afterProcess', noteHidden);
  noteHidden();
  return hiddenAtIndex;
}

/**
 * What a state change redraws. Sigma 3.0 ignores refresh({ skipIndexation }) without a partialGraph and
 * then re-runs both reducers over every node and edge (~51k edges at 5,000 nodes) and re-indexes it all,
 * so each change names its nodes and edges:
 *  - the round slider: the passages whose visibility flips and their edges (an edge with a hidden end is
 *    not drawn); positions, sizes and z-order stay, so the program buffers are patched in place
 *    (skipIndexation), unless a passage comes back that was hidden when sigma last indexed (its label is
 *    missing from the label grid);
 *  - another selected node: both nodes, both neighbourhoods and both nodes' edges; z-order changes,
 *    so sigma re-indexes (without re-running the reducers on the rest);
 *  - a selection made or cleared, or new gold: every node and edge is recoloured.
 */
export function refreshFor(
  renderer: SigmaRenderer,
  graph: SigmaGraph,
  prev: ViewState,
  next: ViewState,
  hiddenAtIndex: ReadonlySet<string>,
): void {
  if (
    prev.gold !== next.gold ||
    prev.overlay !== next.overlay ||
    (prev.selected === null) !== (next.selected === null)
  ) {
    renderer.refresh({ partialGraph: { nodes: graph.nodes(), edges: graph.edges() }, skipIndexation: false });
    return;
  }
  const nodes = new Set<string>();
  const edges = new Set<string>();
  let skipIndexation = true;
  if (prev.selected !== next.selected) {
    skipIndexation = false;
    for (const key of [prev.selected, next.selected]) {
      if (key === null || !graph.hasNode(key)) continue;
      nodes.add(key);
      graph.forEachEdge(key, (e) => void edges.add(e));
    }
    for (const key of [...prev.neighbours, ...next.neighbours]) nodes.add(key);
  }
  if (prev.round !== next.round) {
    const hiddenAt = (round: number | null, a: NodeAttributes) =>
      a.kind === 'passage' && round !== null && a.round !== null && a.round > round;
    graph.forEachNode((key, a) => {
      const before = hiddenAt(prev.round, a);
      const after = hiddenAt(next.round, a);
      if (before === after) return;
      nodes.add(key);
      graph.forEachEdge(key, (e) => void edges.add(e));
      if (!after && hiddenAtIndex.has(key)) skipIndexation = false;
    });
  }
  for (const key of nodes) if (!graph.hasNode(key)) nodes.delete(key);
  renderer.refresh({ partialGraph: { nodes: [...nodes], edges: [...edges] }, skipIndexation });
}

import Graph from 'graphology';
import { useEffect, useRef, useState } from 'react';
import Sigma from 'sigma';
import type { GraphView } from '../../../workers/engine-api.ts';
import { edgeAttributes, reduceEdge, reduceNode, type EdgeAttributes, type NodeAttributes, type ViewState } from './graph-style.ts';

interface Props {
  view: GraphView;
  nodes: Map<string, NodeAttributes>;
  state: ViewState;
  onSelect(key: string | null): void;
}

/**
 * The sigma renderer. The graph is built once per view; slider, gold and selection only change the
 * reducers' input and call refresh({ skipIndexation: true }). kill() on unmount.
 */
export function SigmaCanvas({ view, nodes, state, onSelect }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const sigma = useRef<Sigma<NodeAttributes, EdgeAttributes> | null>(null);
  const stateRef = useRef(state);
  const onSelectRef = useRef(onSelect);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const graph = new Graph<NodeAttributes, EdgeAttributes>({ type: 'undirected' });
    for (const [key, attrs] of nodes) graph.addNode(key, attrs);
    for (const e of view.edges) if (graph.hasNode(e.source) && graph.hasNode(e.target)) graph.addUndirectedEdgeWithKey(e.key, e.source, e.target, edgeAttributes(e));
    let renderer: Sigma<NodeAttributes, EdgeAttributes>;
    try {
      renderer = new Sigma(graph, el, {
        nodeReducer: (key, a) => reduceNode(key, a, stateRef.current),
        edgeReducer: (key, a) => reduceEdge(graph.source(key), graph.target(key), a, stateRef.current),
        labelRenderedSizeThreshold: 7,
        // Edges dominate the frame at the large limits (5,000 nodes bring ~50k edges; every camera
        // frame redrew them all): leave them out while the camera moves, draw them when it stops.
        hideEdgesOnMove: true,
        labelFont: 'system-ui, sans-serif',
        labelSize: 13,
        zIndex: true,
        // A click selects, so a quick second click must not zoom the camera away from it (the wheel
        // and pinch still zoom).
        doubleClickZoomingRatio: 1,
      });
    } catch (err) {
      // No WebGL (old GPU, disabled acceleration): say so where the graph would be.
      queueMicrotask(() => setError(err instanceof Error ? err.message : String(err)));
      return;
    }
    renderer.on('clickNode', ({ node }) => onSelectRef.current(node));
    renderer.on('clickStage', () => onSelectRef.current(null));
    sigma.current = renderer;
    return () => {
      renderer.kill();
      sigma.current = null;
    };
  }, [view, nodes]);

  useEffect(() => {
    stateRef.current = state;
    sigma.current?.refresh({ skipIndexation: true });
  }, [state]);

  if (error) {
    return (
      <p className="error graph-canvas" role="alert">
        The graph cannot be drawn in this browser: {error}. The node list on the right still works.
      </p>
    );
  }
  return <div ref={container} className="graph-canvas" data-testid="graph-canvas" aria-label="Question graph (use the node list to navigate by keyboard)" role="img" />;
}

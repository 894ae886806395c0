// The renderer's settings: the reducers read the current view state, labels are culled to the forced
// ones, and large graphs get the cheap programs.
import type { Settings } from 'sigma/settings';
import { EdgeLineProgram, NodePointProgram, type NodeLabelDrawingFunction } from 'sigma/rendering';
import {
  LARGE_GRAPH,
  reduceEdge,
  reduceNode,
  type EdgeAttributes,
  type NodeAttributes,
  type ViewState,
} from './graph-style.ts';
import type { SigmaGraph } from './sigma-graph.ts';

/** The overlay draws something on edges: the edge reducer must look at every edge. */
const edgesDrawn = (s: ViewState) =>
  s.selected !== null || (s.overlay !== undefined && (s.overlay.edges.size > 0 || s.overlay.focus));

export function sigmaSettings(
  graph: SigmaGraph,
  stateRef: { readonly current: ViewState },
  drawNodeLabel: NodeLabelDrawingFunction<NodeAttributes, EdgeAttributes>,
): Partial<Settings<NodeAttributes, EdgeAttributes>> {
  return {
    nodeReducer: (key, a) => reduceNode(key, a, stateRef.current),
    // Extremities are looked up only with a selection (51k edges at 5,000 nodes; the overlay goes by edge key).
    edgeReducer: (key, a) => {
      const s = stateRef.current;
      if (!edgesDrawn(s)) return a;
      return s.selected === null
        ? reduceEdge('', '', a, s, key)
        : reduceEdge(graph.source(key), graph.target(key), a, s, key);
    },
    // Only forced labels (see reduceNode) are drawn; every other node shows its label on hover.
    labelRenderedSizeThreshold: Number.POSITIVE_INFINITY,
    // Overlay edges (evidence paths, beams) say what they are on hover.
    enableEdgeEvents: true,
    // Large graphs: discs as GL points and 1 px line edges, one draw each without instancing. Sigma's
    // default disc and rectangle programs are instanced, and software WebGL (SwiftShader, as in
    // headless Chromium) sets every instance up on its own: ~130 ms a frame for 5,000 discs whatever
    // their size, against a few ms as points. Same antialiased disc, same colours; edges lose only
    // their 0.8/1.5 px thickness difference.
    ...(graph.order >= LARGE_GRAPH
      ? { nodeProgramClasses: { circle: NodePointProgram }, edgeProgramClasses: { line: EdgeLineProgram } }
      : {}),
    // Edges dominate the frame at the large limits (5,000 nodes bring ~50k edges; every camera
    // frame redrew them all): leave them out while the camera moves, draw them when it stops.
    hideEdgesOnMove: true,
    labelFont: 'system-ui, sans-serif',
    labelSize: 13,
    // No two labels on top of each other (sigma-labels.ts); the hover layer still shows any label.
    defaultDrawNodeLabel: drawNodeLabel,
    zIndex: true,
    // A click selects, so a quick second click must not zoom the camera away from it (the wheel
    // and pinch still zoom).
    doubleClickZoomingRatio: 1,
  };
}

import Graph from 'graphology';
import { useEffect, useRef, useState } from 'react';
import Sigma from 'sigma';
import { drawDiscNodeLabel, EdgeLineProgram, NodePointProgram } from 'sigma/rendering';
import { createLabelPlacer, labelPriority, type Box } from './label-placer.ts';
import type { GraphView } from '../../engine/engine-api.ts';
import {
  edgeAttributes,
  LARGE_GRAPH,
  SEED_PHRASE,
  reduceEdge,
  reduceNode,
  type EdgeAttributes,
  type NodeAttributes,
  type Overlay,
  type ViewState,
} from './graph-style.ts';

/** Where a node's label is drawn: sigma's own place (right), or the side the placer found free. */
type LabelSide = 'right' | 'left' | 'above' | 'below';

/** A node's label drawn left of, above or below the node (sigma's own draws it right), in sigma's label font and colour. */
function drawLabelBeside(
  ctx: CanvasRenderingContext2D,
  data: { x: number; y: number; size: number; label?: string | null; [k: string]: unknown },
  settings: {
    labelSize: number;
    labelFont: string;
    labelWeight: string;
    labelColor: { attribute?: string; color?: string };
  },
  side: Exclude<LabelSide, 'right'>,
): void {
  if (!data.label) return;
  const { labelSize: size, labelFont: font, labelWeight: weight, labelColor } = settings;
  const own = labelColor.attribute ? data[labelColor.attribute] : undefined;
  ctx.fillStyle = typeof own === 'string' ? own : (labelColor.color ?? '#000');
  ctx.font = `${weight} ${size}px ${font}`;
  ctx.textAlign = side === 'left' ? 'right' : 'center';
  const y =
    side === 'left'
      ? data.y + size / 3
      : side === 'above'
        ? data.y - data.size - 3 - size / 4
        : data.y + data.size + 3 + size * 0.8;
  ctx.fillText(data.label, side === 'left' ? data.x - data.size - 3 : data.x, y);
  ctx.textAlign = 'left';
}

/** The overlay's links (a chain step, a beam triple between phrases with no edge in view) as 'overlay' edges. */
function syncLinks(graph: G, overlay: Overlay | undefined): void {
  const want = new Map((overlay?.links ?? []).map((l) => [l.key, l]));
  graph.forEachEdge((key, a) => {
    if (a.kind === 'overlay' && !want.has(key)) graph.dropEdge(key);
  });
  for (const l of want.values()) {
    if (
      graph.hasEdge(l.key) ||
      !graph.hasNode(l.source) ||
      !graph.hasNode(l.target) ||
      graph.hasEdge(l.source, l.target)
    )
      continue;
    graph.addUndirectedEdgeWithKey(l.key, l.source, l.target, { size: 1, color: '#000', kind: 'overlay' });
  }
}

/** The overlay draws something on edges: the edge reducer must look at every edge. */
const edgesDrawn = (s: ViewState) =>
  s.selected !== null || (s.overlay !== undefined && (s.overlay.edges.size > 0 || s.overlay.focus));

type G = Graph<NodeAttributes, EdgeAttributes>;

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
function refreshFor(
  renderer: Sigma<NodeAttributes, EdgeAttributes>,
  graph: G,
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
    for (const key of prev.neighbours) nodes.add(key);
    for (const key of next.neighbours) nodes.add(key);
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

interface Props {
  view: GraphView;
  nodes: Map<string, NodeAttributes>;
  state: ViewState;
  onSelect(key: string | null): void;
  /** Bumped by the Fit button: the camera animates back to the whole graph. */
  resetSignal?: number;
}

/**
 * The sigma renderer. The graph is built once per view; slider, gold and selection only change the
 * reducers' input and refresh the nodes and edges they change (refreshFor). kill() on unmount.
 */
export function SigmaCanvas({ view, nodes, state, onSelect, resetSignal = 0 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const sigma = useRef<{
    renderer: Sigma<NodeAttributes, EdgeAttributes>;
    graph: G;
    hiddenAtIndex: Set<string>;
  } | null>(null);
  const stateRef = useRef(state);
  const onSelectRef = useRef(onSelect);
  const [error, setError] = useState<string | null>(null);
  const [tip, setTip] = useState<string | null>(null);

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const graph = new Graph<NodeAttributes, EdgeAttributes>({ type: 'undirected' });
    for (const [key, attrs] of nodes) graph.addNode(key, attrs);
    for (const e of view.edges)
      if (graph.hasNode(e.source) && graph.hasNode(e.target))
        graph.addUndirectedEdgeWithKey(e.key, e.source, e.target, edgeAttributes(e));
    let renderer: Sigma<NodeAttributes, EdgeAttributes>;
    const placer = createLabelPlacer();
    const placed = new Map<string, LabelSide>();
    let placedThisFrame = false;
    let placeLabels = () => {};
    try {
      renderer = new Sigma<NodeAttributes, EdgeAttributes>(graph, el, {
        nodeReducer: (key, a) => reduceNode(key, a, stateRef.current),
        // No selection and no overlay: no extremity lookups (51k edges at 5,000 nodes).
        // Extremities are looked up only with a selection (the overlay goes by edge key).
        edgeReducer: (key, a) => {
          const s = stateRef.current;
          if (!edgesDrawn(s)) return a;
          return s.selected === null
            ? reduceEdge('', '', a, s, key)
            : reduceEdge(graph.source(key), graph.target(key), a, s, key);
        },
        // Labels are culled: only forced ones (top passages by PPR mass, seeds, gold,
        // marked nodes, the selection) are drawn; every other node shows its label on hover.
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
        // No two labels on top of each other (label-placer.ts); the hover layer still shows any label.
        defaultDrawNodeLabel: (ctx, data, settings) => {
          // Placed at the frame's first label: sigma has processed the reducers and set the camera's
          // matrix by then (its beforeRender event comes before both).
          if (!placedThisFrame) {
            placedThisFrame = true;
            placeLabels();
          }
          const side = data.label ? placed.get(data.key) : undefined;
          if (side === 'right') drawDiscNodeLabel(ctx, data, settings);
          else if (side) drawLabelBeside(ctx, data, settings, side);
        },
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
    // The camera's zoom ratio on the container (1 = the whole graph): what Fit restores, readable by tests.
    el.dataset.cameraRatio = '1.000';
    renderer.getCamera().on('updated', (c) => {
      el.dataset.cameraRatio = c.ratio.toFixed(3);
    });
    // Place the forced labels before the frame, in priority order (label-placer.ts).
    const measure = document.createElement('canvas').getContext('2d');
    renderer.on('beforeRender', () => {
      placedThisFrame = false;
    });
    placeLabels = () => {
      placer.reset();
      placed.clear();
      if (!measure) return;
      const { labelSize, labelWeight, labelFont } = renderer.getSettings();
      measure.font = `${labelWeight} ${labelSize}px ${labelFont}`;
      const forced: { key: string; rank: number; size: number }[] = [];
      graph.forEachNode((key) => {
        const d = renderer.getNodeDisplayData(key);
        if (d && d.forceLabel && !d.hidden && d.label)
          forced.push({
            key,
            rank: labelPriority({ ...d, kind: graph.getNodeAttribute(key, 'kind') }, SEED_PHRASE),
            size: d.size,
          });
      });
      forced.sort((a, b) => a.rank - b.rank || b.size - a.size);
      // A label never covers a labelled node's disc.
      for (const f of forced) {
        const d = renderer.getNodeDisplayData(f.key)!;
        const at = renderer.framedGraphToViewport(d);
        const r = renderer.scaleSize(d.size) * 0.75;
        placer.block({ x: at.x - r, y: at.y - r, w: 2 * r, h: 2 * r });
      }
      for (const f of forced) {
        const d = renderer.getNodeDisplayData(f.key)!;
        const at = renderer.framedGraphToViewport(d);
        const size = renderer.scaleSize(d.size);
        const w = measure.measureText(d.label!).width;
        const y = at.y - labelSize * 0.75;
        // Right of the node as sigma draws it, else left, above or below it: the first side on the canvas
        // that no label or labelled disc holds.
        const sides: [[LabelSide, Box], ...[LabelSide, Box][]] = [
          ['right', { x: at.x + size + 3, y, w, h: labelSize }],
          ['left', { x: at.x - size - 3 - w, y, w, h: labelSize }],
          ['above', { x: at.x - w / 2, y: at.y - size - 3 - labelSize, w, h: labelSize }],
          ['below', { x: at.x - w / 2, y: at.y + size + 3, w, h: labelSize }],
        ];
        const fits = (b: Box) => b.x >= 0 && b.x + b.w <= el.clientWidth && b.y >= 0 && b.y + b.h <= el.clientHeight;
        // Then any side on the canvas across a disc; last, sigma's own place even if it runs past the
        // canvas's edge (a label cut short beats none).
        const side =
          sides.find(([, b]) => fits(b) && placer.claim(b)) ??
          sides.find(([, b]) => fits(b) && placer.claim(b, true)) ??
          (placer.claim(sides[0][1], true) && sides[0]);
        if (side) placed.set(f.key, side[0]);
      }
      // The labels drawn this frame, for keyboardless checks and tests (the canvas itself has no text).
      const drawn = JSON.stringify([...placed.keys()].map((k) => renderer.getNodeDisplayData(k)?.label ?? k));
      if (el.dataset.labels !== drawn) el.dataset.labels = drawn;
    };
    // Sigma drew its first frame in the constructor, before the placer was there: draw again.
    renderer.scheduleRender();
    renderer.on('clickNode', ({ node }) => onSelectRef.current(node));
    renderer.on('enterEdge', ({ edge }) => setTip(stateRef.current.overlay?.titles.get(edge) ?? null));
    // Where the titled overlay edges are on screen (their midpoints), for keyboardless checks and tests:
    // the tooltip is reachable by pointing there.
    renderer.on('afterRender', () => {
      const spots: { key: string; x: number; y: number }[] = [];
      for (const key of stateRef.current.overlay?.titles.keys() ?? []) {
        if (spots.length >= 24 || !graph.hasEdge(key)) continue;
        const [a, b] = [renderer.getNodeDisplayData(graph.source(key)), renderer.getNodeDisplayData(graph.target(key))];
        if (!a || !b || a.hidden || b.hidden) continue;
        const m = renderer.framedGraphToViewport({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
        spots.push({ key, x: Math.round(m.x), y: Math.round(m.y) });
      }
      el.dataset.edgeTips = JSON.stringify(spots);
    });
    renderer.on('leaveEdge', () => setTip(null));
    syncLinks(graph, stateRef.current.overlay);
    renderer.on('clickStage', () => onSelectRef.current(null));
    // Nodes hidden when sigma last indexed have no place in its label grid (see refreshFor).
    const hiddenAtIndex = new Set<string>();
    const noteHidden = () => {
      hiddenAtIndex.clear();
      graph.forEachNode((key) => {
        if (renderer.getNodeDisplayData(key)?.hidden) hiddenAtIndex.add(key);
      });
    };
    renderer.on('afterProcess', noteHidden);
    noteHidden();
    sigma.current = { renderer, graph, hiddenAtIndex };
    return () => {
      renderer.kill();
      sigma.current = null;
    };
  }, [view, nodes]);

  // The container's size follows the page (Present mode fits the canvas to the window, the side panel
  // folds): sigma redraws at the new size.
  useEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let last = `${el.clientWidth}x${el.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const size = `${el.clientWidth}x${el.clientHeight}`;
      if (size === last) return;
      last = size;
      sigma.current?.renderer.resize();
      sigma.current?.renderer.refresh();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // "Fit" brings the whole graph back into view after zooming or panning.
  useEffect(() => {
    if (resetSignal > 0) void sigma.current?.renderer.getCamera().animatedReset({ duration: 300 });
  }, [resetSignal]);

  useEffect(() => {
    const prev = stateRef.current;
    stateRef.current = state;
    const s = sigma.current;
    if (s && prev.overlay !== state.overlay) syncLinks(s.graph, state.overlay);
    if (s && prev !== state) refreshFor(s.renderer, s.graph, prev, state, s.hiddenAtIndex);
  }, [state]);

  if (error) {
    return (
      <p className="error graph-canvas" role="alert">
        The graph cannot be drawn in this browser: {error}. The node list on the right still works.
      </p>
    );
  }
  return (
    <div className="graph-canvas-wrap">
      <div
        ref={container}
        className="graph-canvas"
        data-testid="graph-canvas"
        aria-label="Question graph (use the node list to navigate by keyboard)"
        role="img"
      />
      {tip && (
        <p className="graph-edge-tip" data-testid="graph-edge-tip" role="status">
          {tip}
        </p>
      )}
    </div>
  );
}

// The sigma renderer's life in React: built once per view and killed on unmount (useSigmaRenderer),
// resized with its container, its camera reset by Fit, and refreshed where a view-state change redraws.
import { useEffect, useRef, useState, type RefObject } from 'react';
import Sigma from 'sigma';
import type { GraphView } from '../../engine/engine-api.ts';
import type { EdgeAttributes, NodeAttributes, ViewState } from './graph-style.ts';
import {
  buildGraph,
  refreshFor,
  syncLinks,
  trackHiddenAtIndex,
  type SigmaGraph,
  type SigmaRenderer,
} from './sigma-graph.ts';
import { createLabelLayer } from './sigma-labels.ts';
import { sigmaSettings } from './sigma-settings.ts';
import { wireSigmaEvents } from './sigma-events.ts';

/** The live renderer, its graph, and the nodes hidden when it last indexed (see refreshFor). */
export interface SigmaInstance {
  renderer: SigmaRenderer;
  graph: SigmaGraph;
  hiddenAtIndex: Set<string>;
}

interface RendererInput {
  container: RefObject<HTMLDivElement | null>;
  view: GraphView;
  nodes: Map<string, NodeAttributes>;
  stateRef: RefObject<ViewState>;
  onSelectRef: RefObject<(key: string | null) => void>;
}

/**
 * The renderer in the container: the graph is built once per view (nodes and edges); the reducers read
 * stateRef. `error` says why it could not be drawn (no WebGL); `tip` is the hovered overlay edge's title.
 */
export function useSigmaRenderer({ container, view, nodes, stateRef, onSelectRef }: RendererInput) {
  const sigma = useRef<SigmaInstance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tip, setTip] = useState<string | null>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const graph = buildGraph(view, nodes);
    const labels = createLabelLayer();
    const settings = sigmaSettings(graph, stateRef, labels.drawNodeLabel);
    let renderer: SigmaRenderer;
    try {
      renderer = new Sigma<NodeAttributes, EdgeAttributes>(graph, el, settings);
    } catch (err) {
      // No WebGL (old GPU, disabled acceleration): say so where the graph would be.
      queueMicrotask(() => setError(err instanceof Error ? err.message : String(err)));
      return;
    }
    wireSigmaEvents(renderer, graph, el, { stateRef, onSelectRef, setTip });
    labels.attach(renderer, graph, el);
    // Sigma drew its first frame in the constructor, before the placer was there: draw again.
    renderer.scheduleRender();
    syncLinks(graph, stateRef.current.overlay);
    sigma.current = { renderer, graph, hiddenAtIndex: trackHiddenAtIndex(renderer, graph) };
    return () => {
      renderer.kill();
      sigma.current = null;
    };
  }, [container, view, nodes, stateRef, onSelectRef]);
  return { sigma, error, tip };
}

/** The container's size follows the page (Present mode, the side panel folding): sigma redraws at the new size. */
export function useSigmaResize(
  container: RefObject<HTMLDivElement | null>,
  sigma: RefObject<SigmaInstance | null>,
): void {
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
  }, [container, sigma]);
}

/** "Fit" brings the whole graph back into view after zooming or panning. */
export function useCameraReset(sigma: RefObject<SigmaInstance | null>, resetSignal: number): void {
  useEffect(() => {
    if (resetSignal > 0) void sigma.current?.renderer.getCamera().animatedReset({ duration: 300 });
  }, [sigma, resetSignal]);
}

/** A new view state: stateRef follows it, the overlay's links are synced, and what changed is redrawn. */
export function useViewStateRefresh(
  sigma: RefObject<SigmaInstance | null>,
  stateRef: RefObject<ViewState>,
  state: ViewState,
): void {
  useEffect(() => {
    const prev = stateRef.current;
    stateRef.current = state;
    const s = sigma.current;
    if (s && prev.overlay !== state.overlay) syncLinks(s.graph, state.overlay);
    if (s && prev !== state) refreshFor(s.renderer, s.graph, prev, state, s.hiddenAtIndex);
  }, [sigma, stateRef, state]);
}

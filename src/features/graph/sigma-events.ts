// What the renderer reports back: clicks select, overlay edges show their title on hover, and the
// container's data attributes say where the camera and the titled edges are (for keyboardless checks
// and tests).
import type { ViewState } from './graph-style.ts';
import type { SigmaGraph, SigmaRenderer } from './sigma-graph.ts';

interface Listeners {
  stateRef: { readonly current: ViewState };
  onSelectRef: { readonly current: (key: string | null) => void };
  setTip(tip: string | null): void;
}

/** Clicks select a node (the stage clears the selection); entering an overlay edge shows its title. */
export function wireSigmaEvents(
  renderer: SigmaRenderer,
  graph: SigmaGraph,
  el: HTMLElement,
  { stateRef, onSelectRef, setTip }: Listeners,
): void {
  // The camera's zoom ratio on the container (1 = the whole graph): what Fit restores, readable by tests.
  el.dataset.cameraRatio = '1.000';
  renderer.getCamera().on('updated', (c) => {
    el.dataset.cameraRatio = c.ratio.toFixed(3);
  });
  renderer.on('clickNode', ({ node }) => onSelectRef.current(node));
  renderer.on('clickStage', () => onSelectRef.current(null));
  renderer.on('enterEdge', ({ edge }) => setTip(stateRef.current.overlay?.titles.get(edge) ?? null));
  renderer.on('leaveEdge', () => setTip(null));
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
}

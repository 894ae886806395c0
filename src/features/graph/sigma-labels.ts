// The forced labels (top passages by PPR mass, seeds, gold, marked nodes, the selection) drawn so that no
// two lie on top of each other: placed once per frame in priority order (label-placer.ts), each on the
// first free side of its node; the hover layer still shows any label.
import { drawDiscNodeLabel, type NodeLabelDrawingFunction } from 'sigma/rendering';
import { createLabelPlacer, labelPriority, type Box, type LabelPlacer } from './label-placer.ts';
import { SEED_PHRASE, type EdgeAttributes, type NodeAttributes } from './graph-style.ts';
import type { SigmaGraph, SigmaRenderer } from './sigma-graph.ts';

/** Where a node's label is drawn: sigma's own place (right), or the side the placer found free. */
type LabelSide = 'right' | 'left' | 'above' | 'below';

type LabelArgs = Parameters<NodeLabelDrawingFunction<NodeAttributes, EdgeAttributes>>;

/** A node's label drawn left of, above or below the node (sigma's own draws it right), in sigma's label font and colour. */
function drawLabelBeside(side: Exclude<LabelSide, 'right'>, ...[ctx, data, settings]: LabelArgs) {
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

export interface LabelLayer {
  /** sigma's defaultDrawNodeLabel: places the frame's labels at its first label, then draws each where placed. */
  drawNodeLabel: NodeLabelDrawingFunction<NodeAttributes, EdgeAttributes>;
  /** Once the renderer exists: placement starts (until then no label is drawn). */
  attach(renderer: SigmaRenderer, graph: SigmaGraph, el: HTMLElement): void;
}

export function createLabelLayer(): LabelLayer {
  const placer = createLabelPlacer();
  const placed = new Map<string, LabelSide>();
  let placedThisFrame = false;
  let placeLabels = () => {};
  return {
    drawNodeLabel: (ctx, data, settings) => {
      // Placed at the frame's first label: sigma has processed the reducers and set the camera's
      // matrix by then (its beforeRender event comes before both).
      if (!placedThisFrame) {
        placedThisFrame = true;
        placeLabels();
      }
      const side = data.label ? placed.get(data.key) : undefined;
      if (side === 'right') drawDiscNodeLabel(ctx, data, settings);
      else if (side) drawLabelBeside(side, ctx, data, settings);
    },
    attach(renderer, graph, el) {
      // Place the forced labels before the frame, in priority order (label-placer.ts).
      const measure = document.createElement('canvas').getContext('2d');
      renderer.on('beforeRender', () => {
        placedThisFrame = false;
      });
      placeLabels = () => {
        placer.reset();
        placed.clear();
        if (!measure) return;
        placeForcedLabels({ renderer, graph, el, placer, placed, measure });
      };
    },
  };
}

/** The nodes whose label is forced and shown, in the order they are placed. */
function forcedLabels(renderer: SigmaRenderer, graph: SigmaGraph): { key: string; rank: number; size: number }[] {
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
  return forced;
}

interface Placing {
  renderer: SigmaRenderer;
  graph: SigmaGraph;
  el: HTMLElement;
  placer: LabelPlacer;
  placed: Map<string, LabelSide>;
  measure: CanvasRenderingContext2D;
}

/** Each forced label on the first free side of its node, noted in `placed` and in the container's data-labels. */
function placeForcedLabels({ renderer, graph, el, placer, placed, measure }: Placing): void {
  const { labelSize, labelWeight, labelFont } = renderer.getSettings();
  measure.font = `${labelWeight} ${labelSize}px ${labelFont}`;
  const forced = forcedLabels(renderer, graph);
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
}

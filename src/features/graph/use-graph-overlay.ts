// What the graph view draws over the graph: the evidence paths (seeds -> bridges -> gold) and the run at
// the inspector's step (graph-overlay.ts), from the fold of the trace prefix up to that step.
import { useMemo } from 'react';
import { foldTrace, type TraceModel } from '../../core/trace/fold.ts';
import { evidencePaths, type EvidencePaths } from './graph-paths.ts';
import { mergeOverlays, pathOverlay, roundLinks, stepOverlay, type RoundLinks } from './graph-overlay.ts';
import { EMPTY_OVERLAY, type NodeAttributes, type NodeMark, type Overlay } from './graph-style.ts';
import type { GraphStep } from './use-graph-step.ts';
import type { RunGraph } from './use-run-graph.ts';

export interface GraphOverlay {
  overlay: Overlay;
  paths: EvidencePaths | null;
  /** The fold at the step (the whole run when not stepping). */
  stepModel: TraceModel;
  /** The round the overlay shows. */
  round: number;
  links: RoundLinks[];
}

interface Drawn {
  nodes: Map<string, NodeAttributes> | null;
  bridge: ReadonlySet<string>;
  showPaths: boolean;
}

export function useGraphOverlay(run: RunGraph, at: GraphStep, { nodes, bridge, showPaths }: Drawn): GraphOverlay {
  const { events, model, gold, graph, passages } = run;
  const { step, marksRound: round } = at;
  const view = graph.data;
  const isHub = useMemo(() => (key: string) => nodes?.get(key)?.hub === true, [nodes]);
  const paths = useMemo(
    () => (view && showPaths ? evidencePaths(view, gold, bridge, isHub) : null),
    [view, showPaths, gold, bridge, isHub],
  );
  // The last step shows what the whole run shows (its outcome marks), as the inspector does there.
  const whole = step === null || step >= events.length;
  const stepModel = useMemo(
    () => (whole ? model : foldTrace(events.slice(0, step ?? undefined))),
    [events, step, model, whole],
  );
  const shownRound = round ?? model.roundsUsed;
  return useMemo(() => {
    const under = paths ? pathOverlay(paths) : EMPTY_OVERLAY;
    if (!view) return { overlay: under, paths, stepModel, round: shownRound, links: [] };
    const over = stepOverlay({ view, model: stepModel, round: shownRound, titleOf: passages.titleOf, isHub });
    // The whole run marks only its outcome (the cut, the verifier's promotions; the rest is in the side panel),
    // unfaded and under the evidence paths, so the labels stay few; a step focuses on what it touched, over them.
    const overlay = whole
      ? mergeOverlays({ ...over, nodes: outcomeMarks(over.nodes), focus: false }, under)
      : mergeOverlays(under, over);
    return {
      overlay,
      paths,
      stepModel,
      round: shownRound,
      links: roundLinks({ view, model: stepModel, round: shownRound, isHub }),
    };
  }, [paths, view, stepModel, shownRound, passages.titleOf, isHub, whole]);
}

/** The marks of a run's outcome: a node's cut and verifier tags, without the round's other tags. */
export function outcomeMarks(nodes: Overlay['nodes']): Overlay['nodes'] {
  const out = new Map<string, NodeMark>();
  for (const [key, mark] of nodes) {
    const tags = mark.tags.filter((t) => t.startsWith('cut #') || t.startsWith('verifier '));
    if (tags.length > 0) out.set(key, { tags });
  }
  return out;
}

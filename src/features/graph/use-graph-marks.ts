// What the graph draws over its nodes: the selection's neighbourhood, the bridges, the evidence paths and
// the run at the step (use-graph-overlay.ts), a what-if branch's passages; all in the view state the
// sigma reducers read.
import { useMemo } from 'react';
import { traceBridges } from '../../app/trace/bridges.ts';
import { branchOverlay, type BranchPath } from './branch-path.ts';
import { mergeOverlays } from './graph-overlay.ts';
import type { NodeAttributes, ViewState } from './graph-style.ts';
import { useGraphOverlay } from './use-graph-overlay.ts';
import type { GraphStep } from './use-graph-step.ts';
import type { RunGraph } from './use-run-graph.ts';

interface Marks {
  nodes: Map<string, NodeAttributes> | null;
  selected: string | null;
  showPaths: boolean;
  /** The picked branch's path against the run, tagged over the run's overlay. */
  branch: BranchPath | null;
}

export function useGraphMarks(run: RunGraph, at: GraphStep, { nodes, selected, showPaths, branch }: Marks) {
  const { events, question, gold } = run;
  const view = run.graph.data;
  const round = at.round;
  const neighbours = useMemo(() => {
    const out = new Set<string>();
    if (selected && view)
      for (const e of view.edges)
        if (e.source === selected) out.add(e.target);
        else if (e.target === selected) out.add(e.source);
    return out;
  }, [selected, view]);
  const bridge = useMemo(() => traceBridges(question, events).ids, [question, events]);
  // Evidence paths and the run at the step, drawn over the graph (GEAR's beams included).
  const drawn = useGraphOverlay(run, at, { nodes, bridge, showPaths });
  const overlay = useMemo(
    () => (branch && view ? mergeOverlays(drawn.overlay, branchOverlay(view, branch)) : drawn.overlay),
    [branch, view, drawn.overlay],
  );
  const viewState: ViewState = useMemo(
    () => ({ round, selected, neighbours, gold, bridge, overlay }),
    [round, selected, neighbours, gold, bridge, overlay],
  );
  return { bridge, drawn, viewState };
}

import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { useMemo, useState } from 'react';
import { usePresentFit } from './use-present-fit.ts';
import './graph-present.css';
import { useAppStore } from '../../state/use-app-store.ts';
import { StepOnGraph } from './StepOnGraph.tsx';
import { NodeDetails } from './NodeDetails.tsx';
import { SigmaCanvas } from './SigmaCanvas.tsx';
import { useBackboneLayers } from './BackboneLayers.tsx';
import { BranchOnGraph, BranchPicker } from './BranchOnGraph.tsx';
import { useRunGraph } from './use-run-graph.ts';
import { useGraphStep } from './use-graph-step.ts';
import { useGraphBranch } from './use-graph-branch.ts';
import { useGraphMarks } from './use-graph-marks.ts';
import { CorpusNotReady } from './CorpusNotReady.tsx';
import { GraphHead } from './GraphHead.tsx';
import { GraphLegend } from './GraphLegend.tsx';
import { GraphTools } from './GraphTools.tsx';
import { GraphStats } from './GraphStats.tsx';
import { PoolList } from './PoolList.tsx';

/** The subgraph around the shown question: seeds, pool passages and the phrases that connect them. */
export function GraphPage() {
  const run = useRunGraph();
  const { trace, events, question, model, passages, graph } = run;
  const graphStep = useGraphStep(model, events);
  const { step, round } = graphStep;
  const selected = useAppStore((s) => s.selectedNode);
  const select = useAppStore((s) => s.selectNode);
  const layer = useBackboneLayers(run, selected);
  const nodes = layer.nodes;
  const [reset, setReset] = useState(0);
  const [showPaths, setShowPaths] = useState(true);
  const { branches, branchKey, setBranchKey, branch, path } = useGraphBranch(trace, events);
  const { bridge, drawn, viewState } = useGraphMarks(run, graphStep, { nodes, selected, showPaths, branch: path });
  const hubs = useMemo(() => [...(nodes?.values() ?? [])].filter((n) => n.hub).length, [nodes]);
  // Present mode: the canvas takes the window's height below the tools, wholly on screen.
  const presenting = useAppStore((s) => s.presenting);
  const fit = usePresentFit(presenting, graph.isSuccess);

  if (!question || run.poolIds.length === 0) {
    return (
      <p className="empty">
        No question yet. Run a question or open a trace in the Inspector; its pool and the graph around it appear here.
      </p>
    );
  }
  if (!run.ready) return <CorpusNotReady run={run} />;
  return (
    <div className="graph-page" data-testid="graph-view">
      <GraphHead run={run} graphStep={graphStep} />
      <GraphLegend lastRound={run.lastRound} retriever={trace?.retriever} />
      <GraphTools
        onFit={() => setReset((n) => n + 1)}
        showPaths={showPaths}
        setShowPaths={setShowPaths}
        graphStep={graphStep}
        steps={events.length}
        branchPicker={<BranchPicker branches={branches} value={branch ? branchKey : null} onChange={setBranchKey} />}
      />
      {graph.isPending ? (
        <p className="empty graph-canvas">Building the graph (triples, PPR, layout)…</p>
      ) : graph.isError ? (
        <ErrorLine error={`The graph could not be built: ${graph.error.message}`} />
      ) : (
        <div className="graph-grid" ref={fit.ref} style={fit.style}>
          {nodes && (
            <SigmaCanvas view={graph.data} nodes={nodes} state={viewState} onSelect={select} resetSignal={reset} />
          )}
          <aside className="graph-side" id="graph-side">
            <GraphStats view={graph.data} hubs={hubs} />
            {branch && path && (
              <BranchOnGraph label={branch.label} path={path} inView={run.inView} titleOf={passages.titleOf} />
            )}
            <StepOnGraph view={graph.data} at={drawn} stepping={step !== null} titleOf={passages.titleOf} />
            {layer.panel}
            <NodeDetails view={graph.data} run={run} selected={selected} />
            <PoolList run={run} round={round} selected={selected} select={select} bridge={bridge} />
          </aside>
        </div>
      )}
    </div>
  );
}

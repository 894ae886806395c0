import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { COMMUNITY_COLORS } from './graph-backbone-layers.ts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { usePresentFit } from './use-present-fit.ts';
import './graph-present.css';
import { traceBridges } from '../../app/trace/bridges.ts';
import { SideToggle } from '../../app/components/SideToggle.tsx';
import { graphQuery } from '../../app/queries.ts';
import { useEngine } from '../../app/engine-client.ts';
import { foldTrace, roundAtStep, roundEndStep } from '../../core/trace/fold.ts';
import { useTracePassages } from '../../app/use-trace-passages.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { GRAPH_LIMITS } from '../../state/graph-slice.ts';
import {
  HUB_SHARE,
  LABELLED_PASSAGES,
  nodeAttributes,
  NOT_IN_POOL,
  PHRASE,
  poolAtRound,
  roundColor,
  SEED_PHRASE,
  type ViewState,
} from './graph-style.ts';
import { StepOnGraph } from './StepOnGraph.tsx';
import { useGraphOverlay } from './use-graph-overlay.ts';
import { NodeDetails } from './NodeDetails.tsx';
import { SigmaCanvas } from './SigmaCanvas.tsx';
import { useBackboneLayers } from './BackboneLayers.tsx';
import { layersOf } from '../../core/backbones/about.ts';
import { useBranches } from '../../app/whatif-store.ts';
import { branchOverlay, branchPath } from './branch-path.ts';
import { BranchOnGraph, BranchPicker } from './BranchOnGraph.tsx';
import { mergeOverlays } from './graph-overlay.ts';

/** How a seed was linked, when it was not an exact match of a question entity (entity-link.ts). */
const LINK_HOW: Record<string, string> = {
  'lexical-trigram': 'lexical match',
  'query-mention': 'a title the question names',
};
const seedLabel = (s: { phrase: string; how: string }) =>
  LINK_HOW[s.how] ? `${s.phrase} (${LINK_HOW[s.how]})` : s.phrase;

/** The subgraph around the shown question: seeds, pool passages and the phrases that connect them. */
export function GraphPage() {
  const engine = useEngine();
  const dataset = useActiveDataset();
  const trace = useAppStore((s) => s.trace);
  const events = useAppStore((s) => s.events);
  const question = useAppStore((s) => s.runQuestion);
  const sliderRound = useAppStore((s) => s.graphRound);
  const setSliderRound = useAppStore((s) => s.setGraphRound);
  const step = useAppStore((s) => s.step);
  const setStep = useAppStore((s) => s.setStep);
  // The graph and the inspector step together: while stepping, the graph shows the pool at the step's
  // round; moving the slider moves the inspector to the start of that round (or back to the whole run).
  const model = useMemo(() => foldTrace(events), [events]);
  const stepRound = step === null ? null : roundAtStep(model, step);
  const round = sliderRound ?? stepRound;
  // The marks follow the step itself: a round's thoughts and retrievals are drawn during that round, before
  // its pool (the pool listed stays the last one the step has seen).
  const marksRound = sliderRound ?? (step === null ? null : (events[Math.min(step, events.length) - 1]?.round ?? 0));
  const setRound = (r: number | null) => {
    if (r === null) setStep(null);
    else {
      // The last event of that round, so its pool is shown: before the next round, or before the verifier.
      setStep(roundEndStep(model, r));
    }
    setSliderRound(r); // after setStep, which clears it
  };
  const selected = useAppStore((s) => s.selectedNode);
  const select = useAppStore((s) => s.selectNode);
  const limit = useAppStore((s) => s.graphLimit);
  const setLimit = useAppStore((s) => s.setGraphLimit);

  const corpusId = trace?.corpus.id ?? dataset.data?.id;
  const ready = dataset.isSuccess && corpusId === dataset.data.id;
  const passages = useTracePassages(corpusId, ready);
  const poolIds = useMemo(() => [...model.firstRound.keys()], [model]);
  const lastRound = Math.max(0, ...model.firstRound.values());
  const graph = useQuery({
    ...graphQuery(engine, corpusId ?? '', question?.question ?? '', poolIds, limit),
    enabled: ready && question !== null && poolIds.length > 0,
  });
  const gold = useMemo(() => new Set(question?.gold ?? []), [question]);
  const runNodes = useMemo(
    () => (graph.data ? nodeAttributes(graph.data, model.firstRound, passages.titleOf) : null),
    [graph.data, model.firstRound, passages.titleOf],
  );
  const layer = useBackboneLayers({
    engine,
    datasetId: corpusId,
    retriever: trace?.retriever,
    poolIds,
    view: graph.data,
    nodes: runNodes,
    selected,
    titleOf: passages.titleOf,
  });
  const nodes = layer.nodes;
  const neighbours = useMemo(() => {
    const out = new Set<string>();
    if (selected && graph.data)
      for (const e of graph.data.edges)
        if (e.source === selected) out.add(e.target);
        else if (e.target === selected) out.add(e.source);
    return out;
  }, [selected, graph.data]);
  const bridge = useMemo(() => traceBridges(question, events).ids, [question, events]);
  const [reset, setReset] = useState(0);
  const [showPaths, setShowPaths] = useState(true);
  const at = step ?? events.length; // as the inspector's step bar counts
  // Evidence paths and the run at the step, drawn over the graph (GEAR's beams included).
  const drawn = useGraphOverlay({
    view: graph.data,
    nodes,
    events,
    model,
    step,
    round: marksRound,
    gold,
    bridge,
    showPaths,
    titleOf: passages.titleOf,
  });
  // A what-if branch of the shown run against it: its final top passages tagged over the run's overlay.
  const branches = useBranches(trace);
  const [branchKey, setBranchKey] = useState<string | null>(null);
  const branch = branches.find((b) => b.key === branchKey && b.trace);
  const path = useMemo(() => (branch?.trace ? branchPath({ events }, branch.trace) : null), [branch, events]);
  const overlay = useMemo(
    () => (path && graph.data ? mergeOverlays(drawn.overlay, branchOverlay(graph.data, path)) : drawn.overlay),
    [path, graph.data, drawn.overlay],
  );
  const inView = useMemo(
    () => new Set((graph.data?.nodes ?? []).filter((n) => n.kind === 'passage').map((n) => n.label)),
    [graph.data],
  );
  const hubs = useMemo(() => [...(nodes?.values() ?? [])].filter((n) => n.hub).length, [nodes]);
  const viewState: ViewState = useMemo(
    () => ({ round, selected, neighbours, gold, bridge, overlay }),
    [round, selected, neighbours, gold, bridge, overlay],
  );
  const onSelect = useCallback((key: string | null) => select(key), [select]);
  // Present mode: the canvas takes the window's height below the tools, wholly on screen.
  const presenting = useAppStore((s) => s.presenting);
  const fit = usePresentFit(presenting, graph.isSuccess);
  const visiblePool = poolAtRound(model.firstRound, round);
  const listed = useMemo(
    () =>
      (graph.data?.nodes ?? [])
        .filter((n) => n.kind === 'passage' && model.firstRound.has(n.label))
        .sort((a, b) => (b.ppr ?? 0) - (a.ppr ?? 0)),
    [graph.data, model.firstRound],
  );

  if (!question || poolIds.length === 0) {
    return (
      <p className="empty">
        No question yet. Run a question or open a trace in the Inspector; its pool and the graph around it appear here.
      </p>
    );
  }
  if (!ready) {
    return (
      <p className={dataset.isError ? 'error' : 'empty'} role={dataset.isError ? 'alert' : undefined}>
        {dataset.isError
          ? `The corpus failed to load: ${dataset.error.message}`
          : dataset.isSuccess
            ? `This run is on corpus "${corpusId}", which is not loaded here; the graph is built from the corpus, so import it first. The Inspector still replays the run.`
            : `Waiting for corpus "${corpusId}" to be indexed…`}
      </p>
    );
  }
  return (
    <div className="graph-page" data-testid="graph-view">
      <div className="graph-head">
        <p className="run-question">
          <span className="muted">Question:</span> {question.question}
        </p>
        <label className="field field-inline">
          <span>Nodes</span>
          <select value={limit} onChange={(e) => setLimit(Number(e.target.value))} data-testid="graph-limit">
            {GRAPH_LIMITS.map((n) => (
              <option key={n} value={n}>
                up to {n}
              </option>
            ))}
          </select>
        </label>
        <label className="slider">
          <span>
            Pool at {round === null ? 'all rounds' : `round ${round}`}:{' '}
            <strong data-testid="graph-pool-count">{visiblePool.length}</strong> passages
          </span>
          <input
            type="range"
            min={0}
            max={lastRound + 1}
            value={round === null ? lastRound + 1 : round}
            data-testid="round-slider"
            aria-valuetext={round === null ? 'all rounds' : `round ${round}`}
            onChange={(e) => {
              const v = Number(e.target.value);
              setRound(v > lastRound ? null : v);
            }}
          />
        </label>
      </div>
      <div className="graph-legend" aria-hidden="true">
        {Array.from({ length: lastRound + 1 }, (_, r) => (
          <span key={r} className="dot" style={{ ['--c' as string]: roundColor(r) }}>
            entered in round {r}
          </span>
        ))}
        <span className="dot" style={{ ['--c' as string]: NOT_IN_POOL }}>
          passage not in the pool
        </span>
        <span className="dot" style={{ ['--c' as string]: SEED_PHRASE }}>
          seed phrase (of a retrieved fact or a question entity: see beside the graph)
        </span>
        <span className="dot" style={{ ['--c' as string]: PHRASE }}>
          phrase{layersOf(trace?.retriever) === 'communities' ? ' outside the communities listed' : ''}
        </span>
        {layersOf(trace?.retriever) === 'communities' && (
          <span
            className="dot"
            data-testid="legend-communities"
            style={{ ['--c' as string]: `conic-gradient(${COMMUNITY_COLORS.slice(0, 6).join(', ')})` }}
          >
            phrase in a GraphRAG community: that community&rsquo;s colour (listed beside the graph)
          </span>
        )}
        <span>
          ★ gold · ◆ bridge · ◎ seed
          <span className="graph-legend-note">
            {' '}
            · size = PPR mass (phrases: mentions) · labels: the {LABELLED_PASSAGES} passages with most PPR mass, seeds,
            gold and what the step marks (others on hover) · hub phrases hidden (numbers, one, two…, and phrases in ≥{' '}
            {HUB_SHARE * 100}% of the corpus's passages)
          </span>
        </span>
      </div>
      <div className="graph-tools">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          data-testid="graph-fit"
          onClick={() => setReset((n) => n + 1)}
          title="Back to the whole graph after zooming or panning"
        >
          Fit / reset view
        </button>
        <label className="check">
          <input
            type="checkbox"
            checked={showPaths}
            onChange={(e) => setShowPaths(e.target.checked)}
            data-testid="graph-paths-toggle"
          />{' '}
          Evidence paths (seed → bridge → gold)
        </label>
        {/* Step here and the inspector steps with the graph (the step lives in the store). */}
        <span className="graph-step" role="group" aria-label="Step through the run">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            data-testid="graph-step-prev"
            disabled={at <= 1}
            onClick={() => setStep(Math.max(1, at - 1))}
          >
            ← Step
          </button>
          <span data-testid="graph-step-count">
            step {at} / {events.length}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            data-testid="graph-step-next"
            disabled={at >= events.length}
            onClick={() => setStep(Math.min(events.length, at + 1))}
          >
            Step →
          </button>
        </span>
        <BranchPicker branches={branches} value={branch ? branchKey : null} onChange={setBranchKey} />
        <SideToggle controls="graph-side" />
      </div>
      {graph.isPending ? (
        <p className="empty graph-canvas">Building the graph (triples, PPR, layout)…</p>
      ) : graph.isError ? (
        <p className="error" role="alert">
          The graph could not be built: {graph.error.message}
        </p>
      ) : (
        <div className="graph-grid" ref={fit.ref} style={fit.style}>
          {nodes && (
            <SigmaCanvas view={graph.data} nodes={nodes} state={viewState} onSelect={onSelect} resetSignal={reset} />
          )}
          <aside className="graph-side" id="graph-side">
            <p className="muted" data-testid="graph-stats">
              {graph.data.nodes.length} nodes, {graph.data.edges.length} edges
              {graph.data.truncated ? ' (neighbours cut at the limit)' : ''}. Triples: {graph.data.tripleSource}.
              {graph.data.seeds.length > 0
                ? ` PPR seeds (${graph.data.seedSource}): ${graph.data.seeds.map((s) => (s.how === 'fact' ? s.phrase : seedLabel(s))).join(', ')}.`
                : ` No PPR seed (${graph.data.seedSource}): nothing in the question matched the graph.`}
              {hubs + (graph.data.hubsLeftOut ?? 0) > 0
                ? ` ${hubs + (graph.data.hubsLeftOut ?? 0)} hub phrase(s) hidden or left out.`
                : ''}
            </p>
            {branch && path && (
              <BranchOnGraph label={branch.label} path={path} inView={inView} titleOf={passages.titleOf} />
            )}
            <StepOnGraph view={graph.data} at={drawn} stepping={step !== null} titleOf={passages.titleOf} />
            {layer.panel}
            <NodeDetails
              view={graph.data}
              selected={selected}
              firstRound={model.firstRound}
              gold={gold}
              passages={passages}
            />
            <h3>Pool passages by PPR mass</h3>
            <ul className="node-list">
              {listed.map((n) => {
                const entered = model.firstRound.get(n.label) ?? 0;
                const hidden = round !== null && entered > round;
                return (
                  <li key={n.key}>
                    <button
                      type="button"
                      className={`node-button${selected === n.key ? ' selected' : ''}`}
                      data-testid="graph-node-button"
                      aria-pressed={selected === n.key}
                      disabled={hidden}
                      onClick={() => select(selected === n.key ? null : n.key)}
                    >
                      <span className="swatch" style={{ background: roundColor(entered) }} />
                      {bridge.has(n.label) ? '◆ ' : gold.has(n.label) && '★ '}
                      {passages.titleOf(n.label)}
                      <span className="muted"> · {(n.ppr ?? 0).toFixed(3)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </aside>
        </div>
      )}
    </div>
  );
}

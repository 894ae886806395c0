import { Options } from '../../app/components/Options.tsx';
import { GRAPH_LIMITS } from '../../state/graph-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { poolAtRound } from './graph-style.ts';
import type { GraphStep } from './use-graph-step.ts';
import type { RunGraph } from './use-run-graph.ts';

/** The question, the node limit (in the store) and the round slider with the pool's size at that round. */
export function GraphHead({ run, graphStep: { round, setRound } }: { run: RunGraph; graphStep: GraphStep }) {
  const { question, lastRound, model } = run;
  const poolCount = poolAtRound(model.firstRound, round).length;
  const limit = useAppStore((s) => s.graphLimit);
  const setLimit = useAppStore((s) => s.setGraphLimit);
  return (
    <div className="graph-head">
      <p className="run-question">
        <span className="muted">Question:</span> {question?.question}
      </p>
      <label className="field field-inline">
        <span>Nodes</span>
        <select value={limit} onChange={(e) => setLimit(Number(e.target.value))} data-testid="graph-limit">
          <Options values={GRAPH_LIMITS} label={(n) => `up to ${n}`} />
        </select>
      </label>
      <label className="slider">
        <span>
          Pool at {round === null ? 'all rounds' : `round ${round}`}:{' '}
          <strong data-testid="graph-pool-count">{poolCount}</strong> passages
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
  );
}

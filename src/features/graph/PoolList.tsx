import type { RunGraph } from './use-run-graph.ts';
import { roundColor } from './graph-style.ts';

interface Props {
  run: RunGraph;
  /** The pool's round (null: all rounds): passages entered later cannot be picked. */
  round: number | null;
  selected: string | null;
  select(key: string | null): void;
  bridge: ReadonlySet<string>;
}

/** The pool's passages by PPR mass, each a button that selects its node (the keyboard's way into the graph). */
export function PoolList({ run, round, selected, select, bridge }: Props) {
  const { listed, model, gold, passages } = run;
  return (
    <>
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
    </>
  );
}

import type { GraphNode } from '../../engine/engine-api.ts';
import { roundColor } from './graph-style.ts';

interface Props {
  /** The pool's passages in view, by PPR mass. */
  listed: readonly GraphNode[];
  firstRound: ReadonlyMap<string, number>;
  /** The pool's round (null: all rounds): passages entered later cannot be picked. */
  round: number | null;
  selected: string | null;
  select(key: string | null): void;
  gold: ReadonlySet<string>;
  bridge: ReadonlySet<string>;
  titleOf(id: string): string;
}

/** The pool's passages by PPR mass, each a button that selects its node (the keyboard's way into the graph). */
export function PoolList({ listed, firstRound, round, selected, select, gold, bridge, titleOf }: Props) {
  return (
    <>
      <h3>Pool passages by PPR mass</h3>
      <ul className="node-list">
        {listed.map((n) => {
          const entered = firstRound.get(n.label) ?? 0;
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
                {titleOf(n.label)}
                <span className="muted"> · {(n.ppr ?? 0).toFixed(3)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

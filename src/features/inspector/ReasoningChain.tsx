import { chainNodes } from '../../core/trace/fold.ts';
import { chainPlaceholder, type RunContext } from './empty-states.ts';

/** The reasoning chain as connected nodes (entities and relations alternate in BDTR's arrow format). */
export function ReasoningChain({ chain, run }: { chain: string | null; run: RunContext }) {
  const nodes = chain ? chainNodes(chain) : [];
  return (
    <section className="panel" aria-labelledby="chain-heading">
      <h2 id="chain-heading">Reasoning chain</h2>
      {nodes.length === 0 ? (
        <p className="empty" data-testid="chain-empty">
          {chainPlaceholder(run)}
        </p>
      ) : (
        <ol className="chain" data-testid="reasoning-chain" aria-label={chain ?? ''}>
          {nodes.map((n, i) => (
            <li key={i} className="chain-step">
              {i > 0 && (
                <span className="chain-arrow" aria-hidden="true">
                  →
                </span>
              )}
              <span className="chain-node" data-testid="chain-node">
                {n}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

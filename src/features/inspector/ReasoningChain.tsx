import { chainNodes } from '../../core/trace/fold.ts';

/** The reasoning chain as connected nodes (entities and relations alternate in BDTR's arrow format). */
export function ReasoningChain({ chain }: { chain: string | null }) {
  const nodes = chain ? chainNodes(chain) : [];
  return (
    <section className="panel" aria-labelledby="chain-heading">
      <h2 id="chain-heading">Reasoning chain</h2>
      {nodes.length === 0 ? (
        <p className="empty">No reasoning chain in this trace (BDTR writes one in its last round).</p>
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

import { layersOf } from '../../core/backbones/about.ts';
import { COMMUNITY_COLORS } from './graph-backbone-layers.ts';
import { HUB_SHARE, LABELLED_PASSAGES, NOT_IN_POOL, PHRASE, roundColor, SEED_PHRASE } from './graph-style.ts';

/** The graph's legend: node colours by round and kind (communities for GraphRAG), marks, sizes and labels. */
export function GraphLegend({ lastRound, retriever }: { lastRound: number; retriever: string | undefined }) {
  return (
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
        phrase{layersOf(retriever) === 'communities' ? ' outside the communities listed' : ''}
      </span>
      {layersOf(retriever) === 'communities' && (
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
  );
}

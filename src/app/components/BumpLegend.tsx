import { Term } from './Glossary.tsx';

/** The bump chart's key: gold, bridge (with the rule that defined bridges), promoted, the μ+σ cut. */
export function BumpLegend({ bridgeRule }: { bridgeRule: string }) {
  return (
    <div className="legend">
      <span className="key key-gold">
        <span className="glyph-gold">★</span> <Term term="gold" />
      </span>
      <span className="key key-bridge">
        <span className="glyph-bridge">◆</span> <Term term="bridge" />{' '}
        <span data-testid="bridge-rule">({bridgeRule})</span>
      </span>
      <span className="key key-promoted">
        promoted by the <Term term="verifier" />
      </span>
      <span className="key key-cut">
        <Term term="μ+σ cut" /> (a score threshold, drawn after the last kept rank)
      </span>
    </div>
  );
}

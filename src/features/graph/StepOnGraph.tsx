import type { GraphView } from '../../engine/engine-api.ts';
import type { GraphOverlay } from './use-graph-overlay.ts';
import { BEAM_COLORS, BEAMS_DRAWN, CHAIN_COLOR, PATH_COLORS, thoughtColor } from './graph-overlay.ts';

interface Props {
  view: GraphView;
  at: GraphOverlay;
  stepping: boolean;
  titleOf(id: string): string;
}

/** The side panel's account of what the graph draws at this step: each thought's links, the chain, promotions, the cut, beams. */
export function StepOnGraph({ view, at, stepping, titleOf }: Props) {
  const labelOf = new Map(view.nodes.map((n) => [n.key, n.kind === 'passage' ? titleOf(n.label) : n.label]));
  const names = (keys: string[]) => keys.map((k) => labelOf.get(k) ?? k).join(', ') || 'none in view';
  const m = at.stepModel;
  const beamStep = m.beams.filter((b) => b.round === at.round).at(-1);
  return (
    <section className="step-on-graph" data-testid="step-on-graph" aria-label="What the graph draws at this step">
      <h3>{stepping ? `On the graph at this step (round ${at.round})` : 'On the graph: the whole run'}</h3>
      {!m.cutoff && m.promotions.length === 0 && at.links.length > 0 && (
        <ul className="thought-links">
          {at.links.map((q, i) => (
            <li key={i} data-testid="thought-link" data-label={q.label}>
              <span className="swatch" style={{ background: thoughtColor(q.label) }} />
              <strong>{q.label}</strong> “{q.query}” →{' '}
              {q.how === 'linked' ? 'phrases it linked to' : 'phrases it names (lexical match)'}: {names(q.phrases)};
              passages: {names(q.passages)}
            </li>
          ))}
        </ul>
      )}
      {m.chain && (
        <p data-testid="chain-on-graph">
          <span className="swatch" style={{ background: CHAIN_COLOR }} />
          Reasoning chain: {m.chain}{' '}
          <span className="muted">(drawn where its parts name a phrase or a passage title)</span>
        </p>
      )}
      {m.promotions.length > 0 && (
        <p data-testid="promotions-on-graph">
          Verifier promotions (rank from → to):{' '}
          {m.promotions.map((p) => `${titleOf(p.id)} ${p.from}→${p.to}`).join('; ')}
        </p>
      )}
      {m.cutoff && (
        <p data-testid="cut-on-graph">
          Final cut (μ + σ = {m.cutoff.threshold.toFixed(2)} on the score): kept {m.cutoff.kept.length}:{' '}
          {m.cutoff.kept.map((id, i) => `#${i + 1} ${titleOf(id)}`).join(', ')}
        </p>
      )}
      {beamStep && (
        <ul className="beam-links" data-testid="beams-on-graph">
          {beamStep.kept.slice(0, BEAMS_DRAWN).map((seq, i) => (
            <li key={i}>
              <span className="swatch" style={{ background: BEAM_COLORS[i] }} />
              beam {i + 1} (step {beamStep.step}, score {seq.score.toFixed(3)}):{' '}
              {seq.triples
                .map((id) => beamStep.triples.get(id))
                .map((t) => (t ? `(${t.subject} | ${t.predicate} | ${t.object})` : '?'))
                .join(' → ')}
            </li>
          ))}
        </ul>
      )}
      {at.paths && (
        <p className="muted" data-testid="paths-legend">
          <span className="swatch" style={{ background: PATH_COLORS.bridge }} /> seed → ◆ bridge{' '}
          <span className="swatch" style={{ background: PATH_COLORS.gold }} /> → ★ gold (shortest paths avoiding hub
          phrases
          {at.paths.unreached.length > 0
            ? `; not connected in view: ${at.paths.unreached.map(titleOf).join(', ')}`
            : ''}
          )
        </p>
      )}
    </section>
  );
}

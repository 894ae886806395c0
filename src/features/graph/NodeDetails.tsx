import { PassageSourceLine } from '../../app/components/PassageSource.tsx';
import type { GraphView } from '../../engine/engine-api.ts';
import type { RunGraph } from './use-run-graph.ts';

interface Props {
  /** The run's graph, drawn. */
  view: GraphView;
  run: RunGraph;
  selected: string | null;
}

/** The selected node: a passage's text, or a phrase with the triples and passages behind it. */
export function NodeDetails({ view, run: { model, gold, passages }, selected }: Props) {
  const node = selected ? view.nodes.find((n) => n.key === selected) : undefined;
  if (!node)
    return <p className="empty node-details">Click a node, or pick a passage below, to read it with its provenance.</p>;
  const edges = view.edges.filter((e) => e.source === node.key || e.target === node.key);
  /** The node at an edge's other end, by its label (a passage by its title). */
  const otherEnd = (e: { source: string; target: string }) => {
    const key = e.source === node.key ? e.target : e.source;
    const n = view.nodes.find((x) => x.key === key);
    return n ? (n.kind === 'passage' ? passages.titleOf(n.label) : n.label) : key;
  };
  if (node.kind === 'passage') {
    const p = passages.get(node.label);
    const round = model.firstRound.get(node.label);
    return (
      <div className="node-details" data-testid="node-details">
        <h3>
          {p?.title ?? node.label} {gold.has(node.label) && <span className="badge badge-gold">gold</span>}
        </h3>
        <p className="muted">
          passage {node.label} · {round === undefined ? 'not in the pool' : `entered the pool in round ${round}`} · PPR
          mass {(node.ppr ?? 0).toFixed(4)}
        </p>
        <PassageSourceLine passage={p} />
        <p className="node-text">{p?.text ?? '…'}</p>
        <p className="muted">Phrases: {edges.map(otherEnd).join(', ') || 'none in view'}</p>
      </div>
    );
  }
  const seed = view.seeds.find((s) => s.phrase === node.label);
  const relations = edges.filter((e) => e.kind === 'relation');
  const mentions = edges.filter((e) => e.kind === 'passage-phrase');
  return (
    <div className="node-details" data-testid="node-details">
      <h3>“{node.label}”</h3>
      <p className="muted">
        phrase · mentioned by {node.mentions ?? 0} passage(s)
        {seed
          ? seed.how === 'fact'
            ? ' · seed: a phrase of a fact retrieved for the question'
            : ` · seed: linked from the question's “${seed.entity}” (${seed.how})`
          : ''}
      </p>
      {relations.length > 0 && (
        <ul className="facts">
          {relations.map((e) => (
            <li key={e.key}>
              {node.label} — <em>{e.predicates.join(' / ') || 'related'}</em> — {otherEnd(e)}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">In passages: {mentions.map(otherEnd).join(', ') || 'none in view'}</p>
    </div>
  );
}

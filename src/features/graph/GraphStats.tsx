import type { GraphView } from '../../engine/engine-api.ts';

/** How a seed was linked, when it was not an exact match of a question entity (entity-link.ts). */
const LINK_HOW: Record<string, string> = {
  'lexical-trigram': 'lexical match',
  'query-mention': 'a title the question names',
};
const seedLabel = (s: { phrase: string; how: string }) =>
  LINK_HOW[s.how] ? `${s.phrase} (${LINK_HOW[s.how]})` : s.phrase;

/** The graph's size, where its triples come from, its PPR seeds and the hub phrases hidden. */
export function GraphStats({ view, hubs }: { view: GraphView; hubs: number }) {
  return (
    <p className="muted" data-testid="graph-stats">
      {view.nodes.length} nodes, {view.edges.length} edges
      {view.truncated ? ' (neighbours cut at the limit)' : ''}. Triples: {view.tripleSource}.
      {view.seeds.length > 0
        ? ` PPR seeds (${view.seedSource}): ${view.seeds.map(seedLabel).join(', ')}.`
        : ` No PPR seed (${view.seedSource}): nothing in the question matched the graph.`}
      {hubs + (view.hubsLeftOut ?? 0) > 0 ? ` ${hubs + (view.hubsLeftOut ?? 0)} hub phrase(s) hidden or left out.` : ''}
    </p>
  );
}

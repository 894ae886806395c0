// The graph behind a question, for the graph view: the HippoRAG 2 phrase graph of the dataset (built
// once per dataset from offline-extractor triples unless the dataset brings its own), the subgraph
// around the question's linked phrases and the trace's pool passages, PPR mass per passage, and a
// ForceAtlas2 layout computed here so the UI thread only draws.
import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { isHubPhrase } from '../core/graph/hubs.ts';
import { subgraphAround } from '../core/graph/subgraph.ts';
import { buildBackbone, GRAPH_BACKBONE } from '../core/backbones/index.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import { extractTriplesOffline } from '../core/triples/offline-extractor.ts';
import { TRIPLE_SOURCE_LABELS } from '../core/triples/types.ts';
import type { Corpus, Retriever } from '../core/types.ts';
import type { GraphRequest, GraphView } from './engine-api.ts';

const LAYOUT_ITERATIONS = 300;
/**
 * Spread a real corpus's neighbourhood instead of a ball: LinLog attraction (Noack) separates the
 * clusters; strong gravity keeps small disconnected pieces near the rest. On the first 3 MuSiQue
 * questions (400 nodes) the median nearest-neighbour distance over the layout's diagonal went from
 * 0.008-0.011 (default settings) to 0.020-0.022.
 */
const LAYOUT_SETTINGS = { linLogMode: true, strongGravityMode: true, gravity: 0.05 } as const;

export async function buildQuestionGraphRetriever(corpus: Corpus, bm25: Retriever): Promise<HippoRag2Retriever> {
  const triples = extractTriplesOffline(corpus.passages);
  return (await buildBackbone(GRAPH_BACKBONE, { corpus, base: bm25, triples })).retriever as HippoRag2Retriever;
}

export async function questionGraph(hippo: HippoRag2Retriever, request: GraphRequest): Promise<GraphView> {
  const { graph } = hippo;
  const { ranked, explanation } = await hippo.retrieveExplained(request.query, graph.passageCount);
  // Hub phrases ("united states", "one") would fill the node budget and pull every passage to the
  // centre of the layout: they are left out of the neighbourhood (seeds are kept).
  const P = graph.passageCount;
  const hubs = new Set<number>();
  const isHub = (n: number) => {
    const hub = n >= P && isHubPhrase(graph.phrases[n - P]!, graph.phrasePassages[n - P]!.length, P);
    if (hub) hubs.add(n);
    return hub;
  };
  const sub = subgraphAround(
    graph,
    explanation.links.map((l) => l.node),
    request.poolIds,
    request.limit,
    isHub,
  );
  // Keyed by passage ids (data): built from entries, so an id like "__proto__" is an own key.
  const ppr: Record<string, number> = Object.fromEntries(ranked.map((r) => [r.id, r.score]));

  // Deterministic start (a circle in node order), then ForceAtlas2 with settings inferred for the size.
  const g = new Graph({ type: 'undirected' });
  sub.nodes.forEach((n, i) => {
    const angle = (2 * Math.PI * i) / Math.max(1, sub.nodes.length);
    g.addNode(n.key, { x: 100 * Math.cos(angle), y: 100 * Math.sin(angle) });
  });
  for (const e of sub.edges) g.addUndirectedEdgeWithKey(e.key, e.source, e.target, { weight: e.attributes.weight });
  const positions = forceAtlas2(g, {
    iterations: LAYOUT_ITERATIONS,
    settings: { ...forceAtlas2.inferSettings(g), ...LAYOUT_SETTINGS, barnesHutOptimize: g.order > 1000 },
    getEdgeWeight: 'weight',
  });

  return {
    nodes: sub.nodes.map(({ key, attributes: { node: _node, ...a } }) => ({
      key,
      ...a,
      ppr: a.kind === 'passage' ? (ppr[a.label] ?? 0) : null,
      x: positions[key]?.x ?? 0,
      y: positions[key]?.y ?? 0,
    })),
    edges: sub.edges.map(({ attributes, ...e }) => ({ ...e, ...attributes })),
    seeds: explanation.links.map((l) => ({ entity: l.entity, phrase: l.phrase, how: l.how, score: l.score })),
    truncated: sub.truncated,
    hubsLeftOut: hubs.size,
    tripleSource: TRIPLE_SOURCE_LABELS[graph.source],
    seedSource: hippo.factSource ? `retrieved facts, scored by ${hippo.factSource.label}` : 'linked query entities',
    stats: { passages: graph.stats.passages, phrases: graph.stats.phrases, facts: graph.stats.facts },
  };
}

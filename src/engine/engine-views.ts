// The engine's graph views: the subgraph around a question (the HippoRAG 2 phrase graph of the dataset, the
// subgraph around the question's linked phrases and the trace's pool passages, PPR mass per passage, and a
// ForceAtlas2 layout computed here so the UI thread only draws), and RAPTOR's tree levels or GraphRAG's
// communities around it: RAPTOR's summary nodes above the shown passages, level by level, with the passages
// under each; GraphRAG's level-0 community of every shown phrase with its report. Both are read from the
// backbone the runs use, so the view shows exactly the tree and communities that ranked the passages.
import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { layeredBackbone } from '../core/backbones/about.ts';
import { isHubPhrase } from '../core/graph/hubs.ts';
import { subgraphAround } from '../core/graph/subgraph.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import { TRIPLE_SOURCE_LABELS } from '../core/triples/types.ts';
import { HopscopeError } from '../core/errors.ts';
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import type { BackboneLayers, BackboneLayersRequest, EngineApi, GraphRequest, GraphView } from './engine-api.ts';
import type { EngineDeps } from './engine-deps.ts';

export function createViewMethods({
  datasets,
  backbones,
}: EngineDeps): Pick<EngineApi, 'graphAround' | 'backboneLayers'> {
  return {
    async backboneLayers(datasetId, request) {
      const entry = datasets.get(datasetId);
      const kind = request.kind as string;
      if (kind !== 'tree' && kind !== 'communities')
        throw new HopscopeError('engine', `no layers of kind "${kind}" to draw (tree, communities)`);
      const built = await backbones.of(entry, layeredBackbone(request.kind));
      return request.kind === 'tree'
        ? raptorLayers(
            built.retriever as RaptorRetriever,
            entry.dataset.corpus.passages.map((p) => p.id),
            request,
          )
        : graphRagLayers(built.retriever as GraphRagRetriever, request);
    },

    async graphAround(datasetId, request) {
      const entry = datasets.get(datasetId);
      if (request.query.trim() === '')
        throw new HopscopeError('engine', 'the graph needs a question; run or open one first');
      return questionGraph(await backbones.hippo(entry), request);
    },
  };
}

/** Passage ids listed per summary at most (a level-3 summary can hold thousands). */
const MAX_PASSAGES = 200;

function raptorLayers(
  r: RaptorRetriever,
  passageIds: readonly string[],
  request: BackboneLayersRequest,
): BackboneLayers {
  const { tree } = r;
  const index = new Map(passageIds.map((id, i) => [id, i]));
  const shown = new Set(request.poolIds.map((id) => index.get(id)).filter((i): i is number => i !== undefined));
  const summaries = tree.nodes
    .filter((n) => n.level > 0 && n.passages.some((p) => shown.has(p)))
    .map((n) => ({
      id: n.id,
      level: n.level,
      text: n.text,
      passageCount: n.passages.length,
      passages: n.passages.slice(0, MAX_PASSAGES).map((p) => passageIds[p]!),
      shown: n.passages.filter((p) => shown.has(p)).map((p) => passageIds[p]!),
    }))
    .sort((a, b) => a.level - b.level || b.shown.length - a.shown.length || a.id.localeCompare(b.id));
  return {
    kind: 'tree',
    source: `${tree.summarizer}; clustered over ${tree.vectors}`,
    levels: tree.levels,
    summaries,
  };
}

function graphRagLayers(r: GraphRagRetriever, request: BackboneLayersRequest): BackboneLayers {
  const { graph, hierarchy, reports } = r;
  const P = graph.passageCount;
  const reportOf = new Map(reports.map((rep) => [rep.community, rep]));
  // Keyed by phrases (data): a Map, turned into an object of own keys at the end.
  const communityOfPhraseMap = new Map<string, string>();
  const used = new Map<number, number>();
  for (const phrase of request.phrases) {
    const node = graph.phraseNode.get(phrase);
    const c = node === undefined ? -1 : (hierarchy.communityOf[node - P] ?? -1);
    if (c < 0) continue;
    communityOfPhraseMap.set(phrase, hierarchy.communities[c]!.id);
    used.set(c, (used.get(c) ?? 0) + 1);
  }
  const communities = [...used]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([c, shown]) => {
      const community = hierarchy.communities[c]!;
      const report = reportOf.get(community.id);
      return {
        id: community.id,
        level: community.level,
        size: community.nodes.length,
        shown,
        title: report?.title ?? community.id,
        report: report?.text ?? '',
        passageCount: report?.passages.length ?? 0,
      };
    });
  return {
    kind: 'communities',
    source: r.reportSource,
    levels: hierarchy.levels,
    modularity: hierarchy.modularity,
    communities,
    communityOfPhrase: Object.fromEntries(communityOfPhraseMap),
  };
}

const LAYOUT_ITERATIONS = 300;
/**
 * Spread a real corpus's neighbourhood instead of a ball: LinLog attraction (Noack) separates the
 * clusters; strong gravity keeps small disconnected pieces near the rest. On the first 3 MuSiQue
 * questions (400 nodes) the median nearest-neighbour distance over the layout's diagonal went from
 * 0.008-0.011 (default settings) to 0.020-0.022.
 */
const LAYOUT_SETTINGS = { linLogMode: true, strongGravityMode: true, gravity: 0.05 } as const;

async function questionGraph(hippo: HippoRag2Retriever, request: GraphRequest): Promise<GraphView> {
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

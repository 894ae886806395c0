// The engine's graph views: the subgraph around a question, and RAPTOR's tree levels or GraphRAG's
// communities around it: RAPTOR's summary nodes above the shown passages, level by level, with the passages
// under each; GraphRAG's level-0 community of every shown phrase with its report. Both are read from the
// backbone the runs use, so the view shows exactly the tree and communities that ranked the passages.
import { layeredBackbone } from '../core/backbones/about.ts';
import { HopscopeError } from '../core/errors.ts';
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import type { BackboneLayers, BackboneLayersRequest, EngineApi } from './engine-api.ts';
import type { EngineDeps } from './engine-deps.ts';
import { questionGraph } from './graph.ts';

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

// What the graph view draws for the tree and community backbones: RAPTOR's summary
// nodes above the shown passages, level by level, with the passages under each; GraphRAG's level-0
// community of every shown phrase with its report. Read from the backbone the runs use (built or loaded
// by retrieverOf), so the view shows exactly the tree and communities that ranked the passages.
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import type { BackboneLayers, BackboneLayersRequest } from './engine-api.ts';

/** Passage ids listed per summary at most (a level-3 summary can hold thousands). */
const MAX_PASSAGES = 200;

export function raptorLayers(
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

export function graphRagLayers(r: GraphRagRetriever, request: BackboneLayersRequest): BackboneLayers {
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

// RAPTOR and GraphRAG for the engine: read from storage when a verified, up-to-date copy exists
// (checksummed artifacts keyed by the corpus), otherwise built and stored. What happened is said in
// every trace of the run (`built`), so a reload that re-clustered would show.
import { createGraphRagRetriever, type GraphRagRetriever } from '../src/core/retrievers/graphrag.ts';
import { createRaptorRetriever, type RaptorRetriever } from '../src/core/retrievers/raptor.ts';
import { buildRaptorTree, EXTRACTIVE_SUMMARY_LABEL } from '../src/core/raptor/tree.ts';
import { HASHED_TFIDF_LABEL } from '../src/core/raptor/vectors.ts';
import { detectCommunities } from '../src/core/graphrag/communities.ts';
import { EXTRACTIVE_REPORT_LABEL, writeReports } from '../src/core/graphrag/reports.ts';
import type { PhraseGraph } from '../src/core/graph/build.ts';
import { loadDecodedOrRebuild, type DecodedOrRebuilt } from '../src/core/store/artifacts.ts';
import {
  corpusContentHash,
  GRAPHRAG_ARTIFACT,
  graphRagArtifact,
  graphRagFromArtifact,
  RAPTOR_TREE_ARTIFACT,
  raptorTreeArtifact,
  raptorTreeFromArtifact,
} from '../src/core/store/backbone-codecs.ts';
import { BACKBONE_KEY_PREFIX, type ArtifactRef, type Stores } from '../src/core/store/ports.ts';
import type { Corpus, Retriever } from '../src/core/types.ts';
import { HopscopeError } from '../src/core/errors.ts';
import type { RaptorTree } from '../src/core/raptor/tree.ts';
import type { BackboneLayers, BackboneLayersRequest, RaptorSummaryLayer } from './engine-api.ts';

export interface PersistedBackbone<R> {
  retriever: R;
  /** For the trace: "loaded from storage", "built and stored", "rebuilt and stored (<why>)" or "built in memory (no storage)". */
  built: string;
}

const ref = (corpusId: string, name: string): ArtifactRef => ({ corpusId, kind: 'backbone', key: `${BACKBONE_KEY_PREFIX}${name}` });

function howBuilt(r: DecodedOrRebuilt<unknown>): string {
  if (r.fromStore) return 'loaded from storage';
  return r.message ? `rebuilt and stored (${r.message.replace(/; rebuilding it$/, '')})` : 'built and stored';
}

export async function raptorBackbone(corpus: Corpus, stores: Stores | undefined): Promise<PersistedBackbone<RaptorRetriever>> {
  if (!stores) return { retriever: await createRaptorRetriever(corpus), built: 'built in memory (no storage)' };
  const hash = corpusContentHash(corpus);
  const builder = { summarizer: EXTRACTIVE_SUMMARY_LABEL, vectors: HASHED_TFIDF_LABEL };
  const r = await loadDecodedOrRebuild(
    stores.artifacts,
    ref(corpus.id, 'raptor'),
    RAPTOR_TREE_ARTIFACT,
    (a) => raptorTreeFromArtifact(a, corpus, hash, builder),
    async () => {
      const tree = await buildRaptorTree(corpus);
      return { value: tree, artifact: raptorTreeArtifact(tree, hash) };
    },
  );
  return { retriever: await createRaptorRetriever(corpus, { tree: r.value }), built: howBuilt(r) };
}

/** GraphRAG over the corpus's phrase graph; the stored communities are tied to that graph's triple source. */
export async function graphRagBackbone(corpus: Corpus, graph: PhraseGraph, tripleSource: string, stores: Stores | undefined): Promise<PersistedBackbone<GraphRagRetriever>> {
  if (!stores) return { retriever: await createGraphRagRetriever(corpus, { graph }), built: 'built in memory (no storage)' };
  const hash = corpusContentHash(corpus);
  const r = await loadDecodedOrRebuild(
    stores.artifacts,
    ref(corpus.id, `graphrag:${tripleSource}`),
    GRAPHRAG_ARTIFACT,
    (a) => graphRagFromArtifact(a, graph, hash, EXTRACTIVE_REPORT_LABEL),
    async () => {
      const hierarchy = detectCommunities(graph);
      const reports = await writeReports(graph, hierarchy);
      return { value: { hierarchy, reports }, artifact: graphRagArtifact(hierarchy, reports, graph, hash, EXTRACTIVE_REPORT_LABEL) };
    },
  );
  return { retriever: await createGraphRagRetriever(corpus, { graph, ...r.value }), built: howBuilt(r) };
}

/**
 * What the graph view draws for a RAPTOR or GraphRAG run over the shown subgraph: RAPTOR's summary
 * nodes above the shown passages, level by level (RAPTOR Fig. 1: the tree), or the GraphRAG community of
 * each shown phrase with its report (colours in the view).
 */
export function backboneLayers(retriever: Retriever, corpus: Corpus, request: BackboneLayersRequest): BackboneLayers {
  if ('tree' in retriever) return raptorLayers((retriever as RaptorRetriever).tree, corpus, request.passageIds);
  if ('hierarchy' in retriever) return graphRagLayers(retriever as GraphRagRetriever, request.phrases);
  throw new HopscopeError('engine', `backbone "${retriever.name}" has no tree or communities to draw`);
}

function raptorLayers(tree: RaptorTree, corpus: Corpus, passageIds: readonly string[]): BackboneLayers {
  const index = new Map(corpus.passages.map((p, i) => [p.id, i]));
  const shown = new Set(passageIds.map((id) => index.get(id)).filter((i): i is number => i !== undefined));
  const summaries: RaptorSummaryLayer[] = [];
  for (const node of tree.nodes) {
    if (node.level === 0) continue;
    const under = node.passages.filter((p) => shown.has(p));
    if (under.length === 0) continue;
    summaries.push({ id: node.id, level: node.level, text: node.text, size: node.passages.length, shown: under.map((p) => corpus.passages[p]!.id) });
  }
  // Per level, the summaries covering most shown passages first; at most 8 a level keeps the panel readable.
  const byLevel = new Map<number, RaptorSummaryLayer[]>();
  for (const s of summaries) byLevel.set(s.level, [...(byLevel.get(s.level) ?? []), s]);
  const kept = [...byLevel.entries()].sort(([a], [b]) => a - b).flatMap(([, list]) => list.sort((a, b) => b.shown.length - a.shown.length || a.id.localeCompare(b.id)).slice(0, 8));
  return { kind: 'raptor', levels: tree.levels, summarizer: tree.summarizer, summaries: kept };
}

function graphRagLayers(g: GraphRagRetriever, phrases: readonly string[]): BackboneLayers {
  const { graph, hierarchy, reports } = g;
  const reportOf = new Map(reports.map((r) => [r.community, r]));
  const communityOf: Record<string, string> = {};
  const members = new Map<number, number>();
  for (const phrase of phrases) {
    const node = graph.phraseNode.get(phrase);
    if (node === undefined) continue;
    const c = hierarchy.communityOf[node - graph.passageCount] ?? -1;
    if (c < 0) continue;
    communityOf[phrase] = hierarchy.communities[c]!.id;
    members.set(c, (members.get(c) ?? 0) + 1);
  }
  const communities = [...members.entries()]
    .sort(([a, x], [b, y]) => y - x || a - b)
    .map(([c, count]) => {
      const community = hierarchy.communities[c]!;
      const report = reportOf.get(community.id);
      return { id: community.id, size: community.nodes.length, shown: count, title: report?.title ?? community.id, report: report?.text ?? '' };
    });
  return { kind: 'graphrag', modularity: hierarchy.modularity, levels: hierarchy.levels, reportSource: g.reportSource, communityOf, communities };
}

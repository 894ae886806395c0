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
import { loadDecodedOrRebuild, type DecodedOrRebuilt } from '../src/core/persist/artifacts.ts';
import {
  GRAPHRAG_ARTIFACT,
  graphRagArtifact,
  graphRagFromArtifact,
  RAPTOR_TREE_ARTIFACT,
  raptorTreeArtifact,
  raptorTreeFromArtifact,
} from '../src/core/persist/backbone-codecs.ts';
import { corpusFingerprint } from '../src/core/persist/codecs.ts';
import { BACKBONE_KEY_PREFIX, type ArtifactRef, type Stores } from '../src/core/persist/ports.ts';
import type { Corpus } from '../src/core/types.ts';

export interface PersistedBackbone<R> {
  retriever: R;
  /** For the trace: "loaded from storage", "built and stored", "rebuilt and stored (<why>)" or "built in memory (no storage)". */
  built: string;
}

const ref = (corpusId: string, name: string): ArtifactRef => ({
  corpusId,
  kind: 'backbone',
  key: `${BACKBONE_KEY_PREFIX}${name}`,
});

function howBuilt(r: DecodedOrRebuilt<unknown>): string {
  if (r.fromStore) return 'loaded from storage';
  return r.message ? `rebuilt and stored (${r.message.replace(/; rebuilding it$/, '')})` : 'built and stored';
}

export async function raptorBackbone(
  corpus: Corpus,
  stores: Stores | undefined,
): Promise<PersistedBackbone<RaptorRetriever>> {
  if (!stores) return { retriever: await createRaptorRetriever(corpus), built: 'built in memory (no storage)' };
  const hash = corpusFingerprint(corpus.passages);
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
export async function graphRagBackbone(
  corpus: Corpus,
  graph: PhraseGraph,
  tripleSource: string,
  stores: Stores | undefined,
): Promise<PersistedBackbone<GraphRagRetriever>> {
  if (!stores)
    return { retriever: await createGraphRagRetriever(corpus, { graph }), built: 'built in memory (no storage)' };
  const hash = corpusFingerprint(corpus.passages);
  const r = await loadDecodedOrRebuild(
    stores.artifacts,
    ref(corpus.id, `graphrag:${tripleSource}`),
    GRAPHRAG_ARTIFACT,
    (a) => graphRagFromArtifact(a, graph, hash, EXTRACTIVE_REPORT_LABEL),
    async () => {
      const hierarchy = detectCommunities(graph);
      const reports = await writeReports(graph, hierarchy);
      return {
        value: { hierarchy, reports },
        artifact: graphRagArtifact(hierarchy, reports, graph, hash, EXTRACTIVE_REPORT_LABEL),
      };
    },
  );
  return { retriever: await createGraphRagRetriever(corpus, { graph, ...r.value }), built: howBuilt(r) };
}

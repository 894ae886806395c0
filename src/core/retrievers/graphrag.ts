// The "graphrag" backbone: GraphRAG local search (Edge et al. 2024; microsoft/graphrag local search's
// context builder: query -> entities -> their text units, relationships and community reports) turned into
// a passage ranking so Recall@k compares with the other backbones. Per query:
//  1. entities: phrases of the query's top facts (the triple index, ../triples/fact-index.ts; GraphRAG
//     matches the query to entity description embeddings, BM25 over triple strings is the labelled
//     lexical stand-in) plus the query's linked entities (entity-link.ts), weight = fact score or link score;
//  2. passages (text units) score Σ weight / √(passages naming the entity) over the entities they name,
//     plus 0.5 × weight for each of their relations touching a selected entity (GraphRAG ranks text units
//     by entity order, then by relationship count);
//  3. community reports: BM25 over report texts; the best `reportTopK` reports add their normalised
//     score × `reportWeight` to the passages under the community;
//  4. every passage adds its min–max normalised BM25 score × `baseWeight` (as HippoRAG 2 seeds passages),
//     so a query with no entity still ranks.
import { throwIfAborted } from '../errors.ts';
import type { PhraseGraph } from '../graph/build.ts';
import { Bm25Index } from '../index/bm25.ts';
import type { CommunityHierarchy } from '../graphrag/communities.ts';
import type { CommunityReport } from '../graphrag/reports.ts';
import { extractEntitiesOffline } from '../triples/offline-extractor.ts';
import type { FactIndex } from '../triples/fact-index.ts';
import type { Corpus, Ranked, RetrievedItem, Retriever } from '../types.ts';
import { createEntityLinker } from './entity-link.ts';
import { addMinMax, phraseItem, type QueryEntities } from './hipporag2.ts';

type GraphRagOptions = Record<'factTopK' | 'reportTopK' | 'reportWeight' | 'baseWeight' | 'resolution', number>;

export const GRAPHRAG_DEFAULTS: Readonly<GraphRagOptions> = Object.freeze({
  factTopK: 5,
  reportTopK: 3,
  reportWeight: 0.5,
  baseWeight: 0.05,
  resolution: 1,
});

export interface GraphRagDeps {
  graph: PhraseGraph;
  hierarchy: CommunityHierarchy;
  reports: CommunityReport[];
  /** The label of what wrote the reports (the LLM's prompt or the extractive stand-in). */
  reportSource: string;
  queryEntities?: QueryEntities;
  /** BM25 over the graph's facts (the host's shared, stored one). */
  facts: FactIndex;
  /** BM25 over the corpus (the host's index). */
  base: Retriever;
  options?: Partial<GraphRagOptions>;
}

export type GraphRagRetriever = Retriever & {
  readonly graph: PhraseGraph;
  readonly hierarchy: CommunityHierarchy;
  readonly reports: CommunityReport[];
  readonly reportSource: string;
  retrieveItems(query: string, k: number, signal?: AbortSignal): Promise<{ results: Ranked[]; items: RetrievedItem[] }>;
};

export function createGraphRagRetriever(corpus: Corpus, deps: GraphRagDeps): GraphRagRetriever {
  const o = { ...GRAPHRAG_DEFAULTS, ...deps.options };
  const { graph, hierarchy, reports, facts, base } = deps;
  const reportIndex = Bm25Index.build(reports.map((r, i) => ({ id: String(i), text: `${r.title}\n${r.text}` })));
  const linker = createEntityLinker(graph, {}, corpus.passages);
  const queryEntities = deps.queryEntities ?? extractEntitiesOffline;
  const P = graph.passageCount;
  const passageIndex = new Map(graph.passageIds.map((id, i) => [id, i]));

  async function rank(query: string, k: number, s?: AbortSignal) {
    throwIfAborted(s, 'retrievers.graphrag');
    const weight = new Map<number, number>();
    const add = (node: number | undefined, w: number) =>
      node !== undefined && weight.set(node, Math.max(weight.get(node) ?? 0, w));
    for (const f of await facts.search(query, o.factTopK, s)) {
      const fact = facts.facts[f.fact]!;
      add(graph.phraseNode.get(fact.subject), f.score);
      add(graph.phraseNode.get(fact.object), f.score);
    }
    let links = linker.link(await queryEntities(query, s));
    if (links.length === 0) links = linker.mentions(query);
    for (const l of links) add(l.node, l.score);
    const score = new Float64Array(P);
    for (const [node, w] of weight) {
      const ps = graph.phrasePassages[node - P]!;
      for (const p of ps) score[p]! += w / Math.sqrt(ps.length);
    }
    for (const f of graph.facts)
      score[f.passage]! += 0.5 * Math.max(weight.get(f.subject) ?? 0, weight.get(f.object) ?? 0);
    const { docs, scores } = reportIndex.topDocs(query, o.reportTopK);
    const items: RetrievedItem[] = [];
    const top = scores[0] ?? 0;
    docs.forEach((d, i) => {
      const r = reports[d]!;
      const norm = top > 0 ? scores[i]! / top : 0;
      for (const p of r.passages) score[p]! += o.reportWeight * norm;
      items.push({
        kind: 'community',
        id: r.community,
        score: scores[i]!,
        text: `${r.title}: ${r.text}`,
        passages: r.passages.map((p) => graph.passageIds[p]!),
        level: r.level,
      });
    });
    addMinMax(score, await base.retrieve(query, P, s), (h) => passageIndex.get(h.id)!, o.baseWeight);
    for (const [node, w] of [...weight].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10))
      items.push(phraseItem(graph, node, w));
    const hit: number[] = [];
    for (let p = 0; p < P; p++) if (score[p]! > 0) hit.push(p);
    hit.sort((a, b) => score[b]! - score[a]! || a - b);
    const results =
      k > 0 ? hit.slice(0, Math.floor(k)).map((p) => ({ id: graph.passageIds[p]!, score: score[p]! })) : [];
    return { results, items };
  }

  return {
    name: 'graphrag',
    scores: 'per-query', // sums of fact, link, report and BM25 weights: a scale of the query's own
    graph,
    hierarchy,
    reports,
    reportSource: deps.reportSource,
    async retrieve(query, k, s) {
      return (await rank(query, k, s)).results;
    },
    retrieveItems: rank,
  };
}

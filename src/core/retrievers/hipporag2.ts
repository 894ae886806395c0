// The "hipporag2" backbone: personalized PageRank over the passage/phrase graph, seeded as HippoRAG 2's
// graph_search_with_fact_entities does (OSU-NLP-Group/HippoRAG, src/hipporag/HippoRAG.py):
//  - phrase nodes get the link score divided by the number of passages mentioning the phrase
//    (phrase_weights[phrase_id] = fact_score / len(ent_node_to_chunk_ids[phrase_key]));
//  - every passage node gets its min–max normalised base-retriever score × passage_node_weight (0.05);
//  - PPR with damping 0.5 (run_ppr), passages ranked by PPR mass.
// Difference from HippoRAG 2, stated: seeds come from query entities linked to phrase nodes (the issue's
// design, as in HippoRAG 1) rather than from embedding-retrieved, LLM-filtered facts, and the base
// retriever is pluggable (BM25 by default here, dense in HippoRAG 2).
import { throwIfAborted } from '../errors.ts';
import { HopscopeError } from '../errors.ts';
import { buildPhraseGraph, type GraphOptions, type PhraseGraph } from '../graph/build.ts';
import { personalizedPageRank, preparePpr, PPR_DEFAULTS, type PprKernel, type PprOptions } from '../graph/ppr.ts';
import { extractEntitiesOffline } from '../triples/offline-extractor.ts';
import type { TripleSet } from '../triples/types.ts';
import type { Corpus, Ranked, Retriever } from '../types.ts';
import { createEntityLinker, ENTITY_LINK_DEFAULTS, type EntityLink, type EntityLinkOptions } from './entity-link.ts';

export interface HippoRag2Options {
  /** PPR damping; HippoRAG 2 default 0.5. */
  damping: number;
  /** Scale of passage-node seeds relative to phrase seeds; HippoRAG 2 passage_node_weight 0.05. */
  passageNodeWeight: number;
  /** How many base-retriever results seed passage nodes; 0 means the whole corpus (as HippoRAG 2 does with DPR). */
  baseTopK: number;
  /** Keep at most this many linked phrases (by link score); HippoRAG 2 linking_top_k = 5 facts. 0 keeps all. */
  linkTopK: number;
  link: EntityLinkOptions;
  graph: GraphOptions;
  ppr: Pick<PprOptions, 'tolerance' | 'maxIterations' | 'method'> & Partial<Pick<PprOptions, 'kernel' | 'wasm'>>;
}

export const HIPPORAG2_DEFAULTS: Readonly<HippoRag2Options> = Object.freeze({
  damping: 0.5,
  passageNodeWeight: 0.05,
  baseTopK: 0,
  linkTopK: 0,
  link: ENTITY_LINK_DEFAULTS,
  graph: { synonymThreshold: 0.8, synonymMaxNeighbours: 100, lexicalSynonymThreshold: 0.8 },
  ppr: { tolerance: PPR_DEFAULTS.tolerance, maxIterations: PPR_DEFAULTS.maxIterations, method: PPR_DEFAULTS.method },
});

export type QueryEntities = (query: string, signal?: AbortSignal) => string[] | Promise<string[]>;

export interface HippoRag2Deps {
  base: Retriever;
  /** The triples to build the graph from; may be left out when `graph` is given. */
  triples?: TripleSet;
  /** Query NER: the LLM NER prompt, a query NER file, or (default) the offline extractor. */
  queryEntities?: QueryEntities;
  options?: Partial<Omit<HippoRag2Options, 'link' | 'graph' | 'ppr'>> & {
    link?: Partial<EntityLinkOptions>;
    graph?: Partial<GraphOptions>;
    ppr?: Partial<HippoRag2Options['ppr']>;
  };
  /** A graph already built from the same corpus and triples (e.g. loaded from storage). */
  graph?: PhraseGraph;
}

/** What one retrieval did, for traces and the inspector. */
export interface HippoRag2Explanation {
  entities: string[];
  links: EntityLink[];
  baseResults: number;
  pprIterations: number;
  /** Which PPR kernel ran ('wasm' or 'ts'); undefined when PPR did not run. */
  pprKernel?: PprKernel;
}

export type HippoRag2Retriever = Retriever & {
  readonly graph: PhraseGraph;
  readonly options: HippoRag2Options;
  /** Label of the query entity source, e.g. "offline extractor". */
  readonly queryEntitySource: string;
  retrieveExplained(query: string, k: number, signal?: AbortSignal): Promise<{ ranked: Ranked[]; explanation: HippoRag2Explanation }>;
};

export function offlineQueryEntities(query: string): string[] {
  return extractEntitiesOffline(query);
}

export function createHippoRag2Retriever(corpus: Corpus, deps: HippoRag2Deps): HippoRag2Retriever {
  const o = deps.options ?? {};
  const options: HippoRag2Options = {
    ...HIPPORAG2_DEFAULTS,
    ...o,
    link: { ...HIPPORAG2_DEFAULTS.link, ...o.link },
    graph: { ...HIPPORAG2_DEFAULTS.graph, ...o.graph },
    ppr: { ...HIPPORAG2_DEFAULTS.ppr, ...o.ppr },
  };
  if (!(options.passageNodeWeight >= 0)) throw new HopscopeError('retrievers.hipporag2', `passageNodeWeight ${options.passageNodeWeight} must be >= 0`);
  if (!deps.graph && !deps.triples) throw new HopscopeError('retrievers.hipporag2', `corpus "${corpus.name}": needs triples to build its graph, or a graph`);
  const graph = deps.graph ?? buildPhraseGraph(corpus, deps.triples as TripleSet, options.graph);
  if (graph.passageCount !== corpus.passages.length) {
    throw new HopscopeError('retrievers.hipporag2', `graph has ${graph.passageCount} passages, corpus "${corpus.name}" has ${corpus.passages.length}`);
  }
  const prepared = preparePpr(graph.csr);
  const linker = createEntityLinker(graph, options.link, corpus.passages.map((p) => p.title));
  const queryEntities = deps.queryEntities ?? offlineQueryEntities;
  const passageNode = new Map(graph.passageIds.map((id, i) => [id, i]));
  const baseK = options.baseTopK > 0 ? options.baseTopK : corpus.passages.length;

  async function retrieveExplained(query: string, k: number, signal?: AbortSignal) {
    throwIfAborted(signal, 'retrievers.hipporag2');
    const entities = await queryEntities(query, signal);
    let links = linker.link(entities);
    // No query entity linked: seed with the passage-title phrases the query names (entity-link.ts, 'query-mention').
    if (links.length === 0) links = linker.mentions(query);
    if (options.linkTopK > 0) links = [...links].sort((a, b) => b.score - a.score).slice(0, options.linkTopK);
    const base = await deps.base.retrieve(query, baseK, signal);
    throwIfAborted(signal, 'retrievers.hipporag2');
    const reset = new Float64Array(graph.csr.nodeCount);
    for (const l of links) {
      const mentions = graph.phrasePassages[l.node - graph.passageCount]!.length;
      const w = mentions > 0 ? l.score / mentions : l.score;
      reset[l.node] = Math.max(reset[l.node]!, w);
    }
    // min–max normalised base scores × passage_node_weight. When all base scores are equal (e.g. one
    // hit) HippoRAG's min_max_normalize divides by zero and run_ppr zeroes the NaNs; we seed them with 1
    // instead so a lone hit still counts (a stated deviation).
    if (base.length > 0) {
      let min = Infinity;
      let max = -Infinity;
      for (const r of base) {
        min = Math.min(min, r.score);
        max = Math.max(max, r.score);
      }
      for (const r of base) {
        const node = passageNode.get(r.id);
        if (node === undefined) throw new HopscopeError('retrievers.hipporag2', `base retriever "${deps.base.name}" returned "${r.id}", not a passage of corpus "${corpus.name}"`);
        const norm = max > min ? (r.score - min) / (max - min) : 1;
        reset[node]! += norm * options.passageNodeWeight;
      }
    }
    const explanation: HippoRag2Explanation = { entities, links, baseResults: base.length, pprIterations: 0 };
    let seeded = false;
    for (let i = 0; i < reset.length && !seeded; i++) seeded = reset[i]! > 0;
    if (!seeded || k <= 0) return { ranked: [], explanation }; // nothing linked and no base hit: no evidence to rank by
    const { scores, iterations, kernel } = personalizedPageRank(prepared, reset, { ...options.ppr, damping: options.damping });
    explanation.pprIterations = iterations;
    explanation.pprKernel = kernel;
    const order = Array.from({ length: graph.passageCount }, (_, i) => i);
    order.sort((a, b) => scores[b]! - scores[a]! || a - b); // ties: corpus order
    const ranked = order.slice(0, k).map((i) => ({ id: graph.passageIds[i]!, score: scores[i]! }));
    return { ranked, explanation };
  }

  return {
    name: 'hipporag2',
    graph,
    options,
    queryEntitySource: deps.queryEntities ? 'provided' : 'offline extractor',
    retrieveExplained,
    async retrieve(query, k, signal) {
      return (await retrieveExplained(query, k, signal)).ranked;
    },
  };
}

// The "hipporag2" backbone: personalized PageRank over the passage/phrase graph, seeded as HippoRAG 2's
// retrieve() does (OSU-NLP-Group/HippoRAG, src/hipporag/HippoRAG.py):
//  - seed 'facts' (default, as published): the query's top linking_top_k = 5 facts by fact score
//    (get_fact_scores: min–max normalised; by the embedder, or BM25 over triple strings when there is
//    none, labelled), filtered by the recognition-memory LLM prompt when one is configured (rerank_facts);
//    each kept fact's subject and object phrase gets fact_score / len(ent_node_to_chunk_ids[phrase]),
//    averaged over the kept facts naming it, and only the top linking_top_k phrases BY THAT AVERAGE keep
//    a weight (graph_search_with_fact_entities, get_top_k_weights), as the reference code does since its
//    commit 242abfb ("Debugging fact score averaging", June 2025; still so at c617143). The code released
//    with the paper differed: it chose the top phrases by the undivided mean fact score and gave each
//    phrase the divided score of the last fact naming it. We follow the current code (the later fix);
//    docs/hipporag2-phrase-weights.md says how the two differ. When no fact survives, HippoRAG 2 returns
//    its dense ranking; here the query's linked entities seed instead, labelled 'entities (fallback)'.
//  - seed 'entities' (the earlier variant, kept for comparison): query entities linked to phrase nodes,
//    each weighted link score / passages mentioning the phrase (as in HippoRAG 1).
//  - every passage node gets its min–max normalised base-retriever score × passage_node_weight (0.05);
//  - PPR with damping 0.5 (run_ppr), passages ranked by PPR mass.
// The base retriever is pluggable (BM25 by default here, dense in HippoRAG 2).
import { HopscopeError, throwIfAborted } from '../errors.ts';
import { GRAPH_DEFAULTS, type GraphOptions, type PhraseGraph } from '../graph/build.ts';
import {
  personalizedPageRank,
  preparePpr,
  PPR_DEFAULTS,
  type PprKernel,
  type PprOptions,
  type PprPrepared,
} from '../graph/ppr.ts';
import { extractEntitiesOffline } from '../triples/offline-extractor.ts';
import type { Bm25Params } from '../index/bm25.ts';
import {
  collectFacts,
  createBm25FactIndex,
  FACT_BM25_DEFAULTS,
  FACT_SCORER_LABELS,
  type FactScorerKind,
  type FactIndex,
  type IndexedFact,
} from '../triples/fact-index.ts';
import type { TripleSet } from '../triples/types.ts';
import type { Corpus, Ranked, RetrievedItem, Retriever } from '../types.ts';
import type { FactFilter, FactTuple } from './fact-filter.ts';
import { createEntityLinker, ENTITY_LINK_DEFAULTS, type EntityLink, type EntityLinkOptions } from './entity-link.ts';

const fail = (message: string) => new HopscopeError('retrievers.hipporag2', message);

export type HippoRag2Seed = 'facts' | 'entities';
export const HIPPORAG2_SEEDS: readonly HippoRag2Seed[] = ['facts', 'entities'];

export interface HippoRag2Options {
  /** What seeds the phrase nodes: retrieved facts (HippoRAG 2, default) or linked query entities. */
  seed: HippoRag2Seed;
  /** Candidate facts per query and phrases kept after fact seeding; HippoRAG 2 linking_top_k = 5. */
  factTopK: number;
  /** seed 'facts' without an embedder: BM25 parameters of the triple-string index (FACT_BM25_DEFAULTS). */
  factBm25: Partial<Bm25Params>;
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
  seed: 'facts' as HippoRag2Seed,
  factTopK: 5,
  factBm25: FACT_BM25_DEFAULTS,
  damping: 0.5,
  passageNodeWeight: 0.05,
  baseTopK: 0,
  linkTopK: 0,
  link: ENTITY_LINK_DEFAULTS,
  graph: GRAPH_DEFAULTS,
  ppr: { tolerance: PPR_DEFAULTS.tolerance, maxIterations: PPR_DEFAULTS.maxIterations, method: PPR_DEFAULTS.method },
});

export type QueryEntities = (query: string, signal?: AbortSignal) => string[] | Promise<string[]>;

export interface HippoRag2Deps {
  base: Retriever;
  /** Query NER: the LLM NER prompt, a query NER file, or (default) the offline extractor. */
  queryEntities?: QueryEntities;
  options?: Partial<Omit<HippoRag2Options, 'link' | 'graph' | 'ppr'>> & {
    link?: Partial<EntityLinkOptions>;
    graph?: Partial<GraphOptions>;
    ppr?: Partial<HippoRag2Options['ppr']>;
  };
  /** The phrase graph built (or loaded from storage) for this corpus. */
  graph: PhraseGraph;
  /** seed 'facts': the fact index (embedded facts); BM25 over the graph's triple strings when absent. */
  tripleIndex?: FactIndex;
  /** seed 'facts': the recognition-memory filter (an LLM); without it the top facts are kept unfiltered. */
  factFilter?: FactFilter;
}

/** A candidate fact of one retrieval: its score and whether the filter kept it. */
export type SeedFact = IndexedFact & { fact: number; score: number; kept: boolean };

/** What one retrieval did, for traces and the inspector. */
export interface HippoRag2Explanation {
  /** What seeded the phrase nodes this time; 'entities (fallback)' when seed 'facts' kept no fact. */
  seededBy: 'facts' | 'entities' | 'entities (fallback: no fact survived)';
  /** seed 'facts': the candidate facts, best first, each marked kept or dropped by the filter. */
  facts: SeedFact[];
  /** seed 'facts': the filter's error when its reply could not be read (nothing kept). */
  filterError?: string;
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
  /** seed 'facts': how facts are scored and filtered, in words (shown in traces). */
  readonly factSource?: { scorer: FactScorerKind; label: string; filter: string };
  retrieveExplained(
    query: string,
    k: number,
    signal?: AbortSignal,
  ): Promise<{ ranked: Ranked[]; explanation: HippoRag2Explanation }>;
};

export function createHippoRag2Retriever(corpus: Corpus, deps: HippoRag2Deps): HippoRag2Retriever {
  const options = resolveOptions(deps.options);
  const { graph } = deps;
  if (graph.passageCount !== corpus.passages.length)
    throw fail(`graph has ${graph.passageCount} passages, corpus "${corpus.name}" has ${corpus.passages.length}`);
  const prepared = preparePpr(graph.csr);
  const linker = createEntityLinker(graph, options.link, corpus.passages);
  const queryEntities = deps.queryEntities ?? extractEntitiesOffline;
  const passageNode = new Map(graph.passageIds.map((id, i) => [id, i]));
  const baseNode = (r: Ranked): number => {
    const node = passageNode.get(r.id);
    if (node === undefined)
      throw fail(`base retriever "${deps.base.name}" returned "${r.id}", not a passage of corpus "${corpus.name}"`);
    return node;
  };
  const baseK = options.baseTopK > 0 ? options.baseTopK : corpus.passages.length;
  // The fact store: the graph's own facts (so stored graphs need no triples), deduplicated.
  // Built on the first fact-seeded query, so opening a stored corpus stays as fast as before.
  let tripleIndex = deps.tripleIndex;
  const factIndex = () => (tripleIndex ??= createBm25FactIndex(collectFacts(factsOfGraph(graph)), options.factBm25));
  const factScorer: FactScorerKind = deps.tripleIndex?.scorer ?? 'bm25-triple-strings';

  async function retrieveExplained(query: string, k: number, signal?: AbortSignal) {
    throwIfAborted(signal, 'retrievers.hipporag2');
    let seededBy: HippoRag2Explanation['seededBy'] = options.seed;
    let facts: SeedFact[] = [];
    let filterError: string | undefined;
    let entities: string[] = [];
    let links: EntityLink[] = [];
    // Seed facts, kept by recognition memory; their phrases become the phrase seeds.
    if (options.seed === 'facts') {
      ({ facts, filterError } = await retrieveFacts(factIndex(), deps.factFilter, query, options.factTopK, signal));
      links = factSeeds(graph, facts, options.factTopK);
      if (links.length === 0) seededBy = 'entities (fallback: no fact survived)';
    }
    // Or the query's linked entities (seed 'entities', or no fact survived).
    if (seededBy !== 'facts') ({ entities, links } = await entitySeeds(linker, queryEntities, query, options, signal));
    const base = await deps.base.retrieve(query, baseK, signal);
    throwIfAborted(signal, 'retrievers.hipporag2');
    // The PPR reset vector: phrase seeds, then the base retriever's passages.
    const reset = new Float64Array(graph.csr.nodeCount);
    seedPhrases(reset, graph, links);
    addMinMax(reset, base, baseNode, options.passageNodeWeight);
    const explanation: HippoRag2Explanation = {
      seededBy,
      facts,
      entities,
      links,
      baseResults: base.length,
      pprIterations: 0,
    };
    if (filterError !== undefined) explanation.filterError = filterError;
    if (!reset.some((w) => w > 0) || k <= 0) return { ranked: [], explanation }; // nothing linked and no base hit: no evidence to rank by
    const { ranked, iterations, kernel } = rankByPpr(prepared, graph, reset, options, k);
    explanation.pprIterations = iterations;
    explanation.pprKernel = kernel;
    return { ranked, explanation };
  }

  return {
    name: 'hipporag2',
    scores: 'comparable', // PPR mass: a probability over the graph's nodes
    graph,
    options,
    ...(options.seed === 'facts'
      ? {
          factSource: {
            scorer: factScorer,
            label: FACT_SCORER_LABELS[factScorer],
            filter: deps.factFilter?.label ?? 'none (no LLM configured: the top facts are kept unfiltered)',
          },
        }
      : {}),
    retrieveExplained,
    async retrieve(query, k, signal) {
      return (await retrieveExplained(query, k, signal)).ranked;
    },
    async retrieveItems(query, k, signal) {
      const { ranked, explanation } = await retrieveExplained(query, k, signal);
      return { results: ranked, items: explanationItems(graph, explanation) };
    },
  };
}

/** The options over HIPPORAG2_DEFAULTS (nested groups merged key by key), checked. */
function resolveOptions(o: NonNullable<HippoRag2Deps['options']> = {}): HippoRag2Options {
  const options: HippoRag2Options = {
    ...HIPPORAG2_DEFAULTS,
    ...o,
    link: { ...HIPPORAG2_DEFAULTS.link, ...o.link },
    graph: { ...HIPPORAG2_DEFAULTS.graph, ...o.graph },
    ppr: { ...HIPPORAG2_DEFAULTS.ppr, ...o.ppr },
  };
  if (!(options.passageNodeWeight >= 0)) throw fail(`passageNodeWeight ${options.passageNodeWeight} must be >= 0`);
  if (!HIPPORAG2_SEEDS.includes(options.seed))
    throw fail(`seed "${String(options.seed)}" must be one of ${HIPPORAG2_SEEDS.join(', ')}`);
  if (!(Number.isInteger(options.factTopK) && options.factTopK >= 1))
    throw fail(`factTopK ${options.factTopK} must be a whole number >= 1`);
  return options;
}

/**
 * Seed facts (HippoRAG 2 get_fact_scores, then rerank_facts): the query's top `factTopK` facts, each
 * marked kept or dropped by the recognition-memory filter when there is one (all kept without it).
 */
async function retrieveFacts(
  index: FactIndex,
  factFilter: FactFilter | undefined,
  query: string,
  factTopK: number,
  signal?: AbortSignal,
): Promise<{ facts: SeedFact[]; filterError?: string }> {
  const top = await index.search(query, factTopK, signal);
  const facts: SeedFact[] = top.map(({ fact, score }) => ({
    fact,
    ...index.facts[fact]!,
    score,
    kept: true,
    passages: [...index.facts[fact]!.passages],
  }));
  if (!factFilter || facts.length === 0) return { facts };
  const tuples = facts.map((f) => [f.subject, f.predicate, f.object] as FactTuple);
  const { kept, error } = await factFilter.filter(query, tuples, signal);
  const keep = new Set(kept);
  facts.forEach((f, i) => (f.kept = keep.has(i)));
  return error === undefined ? { facts } : { facts, filterError: error };
}

/** HippoRAG 2 graph_search_with_fact_entities: phrase weights from the kept facts, top factTopK phrases. */
function factSeeds(graph: PhraseGraph, facts: SeedFact[], factTopK: number): EntityLink[] {
  const sum = new Map<number, number>();
  const count = new Map<number, number>();
  for (const f of facts) {
    if (!f.kept) continue;
    for (const phrase of [f.subject, f.object]) {
      const node = graph.phraseNode.get(phrase);
      if (node === undefined) continue;
      const mentions = graph.phrasePassages[node - graph.passageCount]!.length;
      sum.set(node, (sum.get(node) ?? 0) + (mentions > 0 ? f.score / mentions : f.score));
      count.set(node, (count.get(node) ?? 0) + 1);
    }
  }
  const links: EntityLink[] = [...sum].map(([node, w]) => {
    const phrase = graph.phrases[node - graph.passageCount]!;
    // `score` here is already divided by the mentions; seedPhrases below must not divide again.
    return { entity: phrase, node, phrase, score: w / count.get(node)!, how: 'fact' as const };
  });
  links.sort((a, b) => b.score - a.score || a.node - b.node);
  return links.slice(0, factTopK);
}

/** seed 'entities' (and the fallback): the query's entities linked to phrase nodes, the top linkTopK kept. */
async function entitySeeds(
  linker: ReturnType<typeof createEntityLinker>,
  queryEntities: QueryEntities,
  query: string,
  options: HippoRag2Options,
  signal?: AbortSignal,
): Promise<{ entities: string[]; links: EntityLink[] }> {
  const entities = await queryEntities(query, signal);
  let links = linker.link(entities);
  // No query entity linked: seed with the passage-title phrases the query names (entity-link.ts, 'query-mention').
  if (links.length === 0) links = linker.mentions(query);
  if (options.linkTopK > 0) links = [...links].sort((a, b) => b.score - a.score).slice(0, options.linkTopK);
  return { entities, links };
}

/** Phrase seeds: a fact's phrase weight as it is, a linked entity's score divided by the passages mentioning it. */
function seedPhrases(reset: Float64Array, graph: PhraseGraph, links: readonly EntityLink[]): void {
  for (const l of links) {
    const mentions = graph.phrasePassages[l.node - graph.passageCount]!.length;
    const w = l.how === 'fact' || mentions === 0 ? l.score : l.score / mentions;
    reset[l.node] = Math.max(reset[l.node]!, w);
  }
}

/**
 * Passage seeds (and GraphRAG's base term): min–max normalised base scores × weight (passage_node_weight).
 * When all base scores are equal (e.g. one hit) HippoRAG's min_max_normalize divides by zero and run_ppr
 * zeroes the NaNs; we seed them with 1 instead so a lone hit still counts (a stated deviation).
 */
export function addMinMax(
  into: Float64Array,
  base: readonly Ranked[],
  at: (r: Ranked) => number,
  weight: number,
): void {
  let min = Infinity;
  let max = -Infinity;
  for (const r of base) {
    min = Math.min(min, r.score);
    max = Math.max(max, r.score);
  }
  for (const r of base) into[at(r)]! += (max > min ? (r.score - min) / (max - min) : 1) * weight;
}

/** PPR from the seeds with HippoRAG 2's damping (run_ppr); passages ranked by their mass, ties in corpus order. */
function rankByPpr(
  prepared: PprPrepared,
  graph: PhraseGraph,
  reset: Float64Array,
  options: HippoRag2Options,
  k: number,
): { ranked: Ranked[]; iterations: number; kernel: PprKernel } {
  const { scores, iterations, kernel } = personalizedPageRank(prepared, reset, {
    ...options.ppr,
    damping: options.damping,
  });
  const order = Array.from({ length: graph.passageCount }, (_, i) => i);
  order.sort((a, b) => scores[b]! - scores[a]! || a - b); // ties: corpus order
  const ranked = order.slice(0, k).map((i) => ({ id: graph.passageIds[i]!, score: scores[i]! }));
  return { ranked, iterations, kernel };
}

/** The graph's facts as a triple set (phrases are already normalised), so a stored graph can seed by facts. */
export function factsOfGraph(graph: PhraseGraph): TripleSet {
  const byPassage = new Map<number, TripleSet['passages'][number]>();
  for (const f of graph.facts) {
    let entry = byPassage.get(f.passage);
    if (!entry)
      byPassage.set(f.passage, (entry = { passageId: graph.passageIds[f.passage]!, entities: [], triples: [] }));
    entry.triples.push({
      subject: graph.phrases[f.subject - graph.passageCount]!,
      predicate: f.triple.predicate,
      object: graph.phrases[f.object - graph.passageCount]!,
    });
  }
  return { source: graph.source, origin: graph.origin, passages: [...byPassage.values()], rejected: [], warnings: [] };
}

/** Trace items (retrieve.items): the kept seed facts as triples, else the linked entities, with their passages. */
function explanationItems(graph: PhraseGraph, e: HippoRag2Explanation): RetrievedItem[] {
  if (e.seededBy === 'facts') {
    return e.facts
      .filter((f) => f.kept)
      .map((f) => ({
        kind: 'triple' as const,
        id: `fact:${f.fact}`,
        score: f.score,
        text: `${f.subject} | ${f.predicate} | ${f.object}`,
        passages: f.passages,
      }));
  }
  return e.links.map((l) => phraseItem(graph, l.node, l.score));
}

/** A phrase node as a trace item (kind 'entity'), with the passages mentioning it. */
export function phraseItem(graph: PhraseGraph, node: number, score: number): RetrievedItem {
  const phrase = graph.phrases[node - graph.passageCount]!;
  const passages = graph.phrasePassages[node - graph.passageCount]!.map((p) => graph.passageIds[p]!);
  return { kind: 'entity', id: `phrase:${phrase}`, score, text: phrase, passages };
}

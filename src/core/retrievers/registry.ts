// Every backbone retriever is built through this one function, so the browser engine worker and the
// Node CLI construct exactly the same retriever for the same inputs (DESIGN: "its numbers must equal
// what the browser shows"). Each backbone's module adds its case; options stay typed per backbone.
import type { Corpus, Retriever } from '../types.ts';
import { HopscopeError } from '../errors.ts';
import type { TripleSet } from '../triples/types.ts';
import { bm25OptionsFrom, createBm25Retriever } from './bm25.ts';
import type { Embedder } from '../embed/port.ts';
import type { VectorIndex } from '../index/vectors.ts';
import { createDenseRetriever, embedCorpus } from './dense.ts';
import { createHybridRetriever, type HybridOptions } from './hybrid.ts';
import type { FactFilter } from './fact-filter.ts';
import type { RaptorTreeOptions, Summarizer } from '../raptor/tree.ts';
import { createRaptorRetriever } from './raptor.ts';
import { createGraphRagRetriever, type GraphRagOptions } from './graphrag.ts';
import type { ReportWriter } from '../graphrag/reports.ts';
import { collectFacts, createEmbeddedFactIndex } from '../triples/fact-index.ts';
import { createHippoRag2Retriever, type HippoRag2Deps, type QueryEntities } from './hipporag2.ts';
import { buildGraphExpansionBackbone, type GraphExpansionBackboneDeps } from './graph-expansion-backbone.ts';

export const BACKBONES = ['bm25', 'dense', 'hybrid', 'hipporag2', 'raptor', 'graphrag', 'naivege', 'syncge'] as const;
export type BackboneName = (typeof BACKBONES)[number];

/** What a backbone may need besides the corpus. Fields are added by the modules that need them. */
export interface BackboneDeps extends GraphExpansionBackboneDeps {
  /** Backbone-specific options, shown in the trace; each backbone validates its own. */
  options?: Record<string, unknown>;
  /** hipporag2: the retriever whose normalised scores seed passage nodes (HippoRAG 2 uses dense; e.g. bm25). */
  base?: Retriever;
  /** hipporag2: the triples the graph is built from (OpenIE file, LLM, or offline extractor). */
  triples?: TripleSet;
  /** hipporag2: query NER (LLM prompt, query NER file); the offline extractor when absent. */
  queryEntities?: QueryEntities;
  /** hipporag2 (seed 'facts'): HippoRAG 2's recognition-memory filter over the top facts (an LLM). */
  factFilter?: FactFilter;
  /** raptor: how clusters are summarised (an LLM with RAPTOR's prompt); the labelled extractive summary when absent. */
  summarizer?: Summarizer;
  /** graphrag: writes community reports (an LLM with GraphRAG's prompt); the labelled extractive report when absent. */
  reportWriter?: ReportWriter;
  /** dense, hybrid: embeds queries (and the corpus when no vectors are given). */
  embedder?: Embedder;
  /** dense, hybrid: passage vectors in corpus order (stored or imported); embedded on the fly when absent. */
  vectors?: VectorIndex;
}

export async function buildBackbone(name: BackboneName, corpus: Corpus, deps: BackboneDeps = {}): Promise<Retriever> {
  void corpus;
  void deps;
  switch (name) {
    case 'bm25':
      // options: { k1?: number; b?: number } (defaults BM25_DEFAULTS in src/core/index/bm25.ts).
      return createBm25Retriever(corpus.passages, bm25OptionsFrom(deps.options));
    case 'dense':
    case 'hybrid': {
      if (!deps.embedder)
        throw new HopscopeError('retrievers', `backbone "${name}" needs deps.embedder (e.g. --model <folder-or-id>)`);
      const vectors = deps.vectors ?? (await embedCorpus(corpus, deps.embedder));
      const dense = createDenseRetriever(corpus, { embedder: deps.embedder, vectors });
      if (name === 'dense') return dense;
      // options: { k?: 60, depth?: 100, weights?: [bm25, dense] } (HYBRID_DEFAULTS in ./hybrid.ts).
      return createHybridRetriever(
        { bm25: createBm25Retriever(corpus.passages), dense },
        deps.options as HybridOptions | undefined,
      );
    }
    case 'hipporag2': {
      if (!deps.base || !deps.triples) {
        throw new HopscopeError(
          'retrievers',
          'backbone "hipporag2" needs deps.base (a Retriever) and deps.triples (a TripleSet, e.g. from --openie <file>)',
        );
      }
      const options = deps.options as HippoRag2Deps['options'];
      // With an embedder, facts are scored by it, as HippoRAG 2 does; otherwise BM25 over triple strings.
      const tripleIndex =
        deps.embedder && (options?.seed ?? 'facts') === 'facts'
          ? await createEmbeddedFactIndex(collectFacts(deps.triples), deps.embedder)
          : undefined;
      return createHippoRag2Retriever(corpus, {
        ...(tripleIndex ? { tripleIndex } : {}),
        base: deps.base,
        triples: deps.triples,
        queryEntities: deps.queryEntities,
        ...(deps.factFilter ? { factFilter: deps.factFilter } : {}),
        options,
      });
    }
    case 'raptor':
      // options: Partial<RaptorTreeOptions> (RAPTOR_TREE_DEFAULTS in src/core/raptor/tree.ts).
      return createRaptorRetriever(corpus, {
        ...(deps.summarizer ? { summarizer: deps.summarizer } : {}),
        options: deps.options as Partial<RaptorTreeOptions>,
      });
    case 'graphrag': {
      if (!deps.triples)
        throw new HopscopeError(
          'retrievers',
          'backbone "graphrag" needs deps.triples (a TripleSet, e.g. from --openie <file>) for its entity graph',
        );
      // options: Partial<GraphRagOptions> (GRAPHRAG_DEFAULTS in ./graphrag.ts).
      return createGraphRagRetriever(corpus, {
        triples: deps.triples,
        ...(deps.queryEntities ? { queryEntities: deps.queryEntities } : {}),
        ...(deps.reportWriter ? { reportWriter: deps.reportWriter } : {}),
        options: deps.options as Partial<GraphRagOptions>,
      });
    }
    case 'naivege':
    case 'syncge':
      // GEAR graph expansion over deps.base (graph-expansion-backbone.ts); options: scorer, width, length, neighbours, gamma, seedTop.
      return buildGraphExpansionBackbone(name, deps);
    default:
      throw new HopscopeError('retrievers', `backbone "${name}" is not available in this build`);
  }
}

export function isBackboneName(name: string): name is BackboneName {
  return (BACKBONES as readonly string[]).includes(name);
}

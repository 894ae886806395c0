// A dataset the engine holds: its passages by id, its BM25 index, and what its runs build on first use.
import type { BuiltBackbone } from '../core/backbones/index.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import type { TripleIndex } from '../core/triples/triple-index.ts';
import type { Dataset, Passage, Retriever } from '../core/types.ts';

export interface Loaded {
  dataset: Dataset;
  byId: Map<string, Passage>;
  bm25: Retriever;
  /** Built on the first graph request (triple extraction takes a while on big corpora). */
  hippo?: Promise<HippoRag2Retriever>;
  /** GEAR's triple index T (offline-extractor triples), read or built on the first GEAR run, and how. */
  tripleIndex?: Promise<{ index: TripleIndex; how: string }>;
  /** Built through core's builder on first use, per backbone and LLM (summaries, reports, filter): raptor, graphrag over hippo's graph, hipporag2 with a filter. */
  backbones?: Map<string, Promise<BuiltBackbone>>;
}

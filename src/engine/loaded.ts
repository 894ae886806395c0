// A dataset the engine holds: its passages by id, its BM25 index, and what its runs build on first use.
import type { Assembled } from '../core/backbones/index.ts';
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
  /** Backbones built through core's assembler on first use, per spec, LLM and embedding model. */
  backbones?: Map<string, Promise<Assembled>>;
}

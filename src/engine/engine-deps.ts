// What the engine is given (EngineOptions), what its method groups (engine-*.ts) share (EngineDeps) and a
// dataset it holds (Loaded), apart from engine.ts so the groups need not import the file that composes them.
import type { Assembled } from '../core/backbones/index.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import type { TripleIndex } from '../core/triples/triple-index.ts';
import type { Dataset, Passage, Retriever } from '../core/types.ts';
import type { Stores } from '../core/persist/ports.ts';
import type { WorkerPool } from '../core/pool/pool.ts';
import type { ModelDownloader } from '../providers/models/download.ts';
import type { Backbones } from './backbones.ts';
import type { Datasets } from './datasets.ts';
import type { EmbeddingHost, Embeddings } from './embeddings.ts';
import type { RerankHost, Rerankers } from './rerank.ts';

export interface EngineOptions {
  /** Durable storage for the library (IndexedDB in the worker); without it the library methods refuse. */
  stores?: Stores;
  now?: () => number;
  /**
   * Settles once the PPR kernel is chosen (the worker installs the WebAssembly one with setPprWasm);
   * PPR work waits for it so every run of a session uses the same kernel. Never rejects.
   */
  kernelReady?: Promise<unknown>;
  /** The embedding worker (browser) or an in-process embedder (Node); without it dense backbones refuse. */
  embedding?: EmbeddingHost;
  /** Browser: in-browser model downloads with progress (src/providers/models/download.ts); without it they refuse. */
  downloads?: ModelDownloader;
  /** Workers for the import's offline triples and synonym search (browser: workers/pool-browser.ts); without it they run in this thread. */
  importPool?: WorkerPool;
  /** DualRAG's cross-encoder (transformers.js in the worker); without it only the lexical reranker runs. */
  reranking?: RerankHost;
}

/** What the engine's method groups share: its options, the loaded datasets and the parts built over them. */
export interface EngineDeps extends EngineOptions {
  now: () => number;
  datasets: Datasets;
  embeddings: Embeddings;
  rerankers: Rerankers;
  backbones: Backbones;
}

/** A dataset the engine holds: its passages by id, its BM25 index, and what its runs build on first use. */
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

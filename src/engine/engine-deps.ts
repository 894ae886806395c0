// What the engine is given (EngineOptions) and what its method groups (engine-*.ts) share (EngineDeps),
// apart from engine.ts so the groups need not import the file that composes them.
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

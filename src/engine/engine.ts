// The engine behind workers/engine.worker.ts, as a plain object so Node tests call it directly.
// It owns the parsed datasets and their BM25 indexes; the page gets summaries, rankings and traces.
// Composed of its library, run, model and view methods (engine-*.ts), which share the loaded datasets.
import type { Stores } from '../core/persist/ports.ts';
import type { WorkerPool } from '../core/pool/pool.ts';
import type { ModelDownloader } from '../providers/models/download.ts';
import type { EngineApi } from './engine-api.ts';
import { createBackbones, type Backbones } from './backbones.ts';
import { createDatasets, type Datasets } from './datasets.ts';
import { createLibraryMethods } from './engine-library.ts';
import { createLlmBuildMethods } from './engine-llm-builds.ts';
import { createModelMethods } from './engine-models.ts';
import { createRunMethods } from './engine-runs.ts';
import { createViewMethods } from './engine-views.ts';
import { createEmbeddings, type EmbeddingHost, type Embeddings } from './embeddings.ts';
import { createRerankers, type RerankHost, type Rerankers } from './rerank.ts';

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

export function createEngine(options: EngineOptions = {}): EngineApi {
  const { stores } = options;
  const now = options.now ?? (() => performance.now());
  const embeddings = createEmbeddings(stores, options.embedding, now);
  const deps: EngineDeps = {
    ...options,
    now,
    datasets: createDatasets(stores),
    embeddings,
    rerankers: createRerankers(stores, options.reranking, now),
    backbones: createBackbones(options, embeddings),
  };
  return {
    ...createLibraryMethods(deps),
    ...createRunMethods(deps),
    ...createModelMethods(deps),
    ...createViewMethods(deps),
    ...createLlmBuildMethods(deps),
  };
}

// The engine worker's RPC surface (Comlink). The page holds only small results: dataset summaries,
// ranked ids with titles and text of the passages shown, and traces. Indexes stay in the worker.
import type { Passage, Question } from '../core/types.ts';
import type { BuildProgress, LlmBuildCost } from '../core/backbones/index.ts';
import { RUNNABLE_BACKBONES, type LayerKind, type RunnableBackbone } from '../core/backbones/about.ts';
import type { Intervention } from '../core/whatif/intervention.ts';
import type { BackendChoice } from '../core/embed/backend-choice.ts';
import type {
  CachedModel,
  DownloadEvent,
  ModelDownloadResult,
  ModelDownloadSpec,
} from '../core/models/download-progress.ts';
import type { SourceFile } from '../core/ingest/index.ts';
import type { SourceExcerpt } from '../core/documents/read.ts';
import type { Regime, Trace, TraceEvent } from '../core/trace/schema.ts';
import { isBaseline, RUNNABLE, type StrategyName } from '../core/strategies/index.ts';
import type { StructuredMode } from '../core/llm/port.ts';
import type { LlmSettings } from '../core/llm/settings.ts';
import type { JudgeItem, JudgeResult } from '../core/eval/judge.ts';
import type { SubgraphEdge, SubgraphNode } from '../core/graph/subgraph.ts';
import type { LocalModelKind, StoredLocalModel } from '../providers/embed/local-model.ts';
import type { Detected, LocalServer } from '../providers/llm/detect-local.ts';

export type { LocalServer, StoredLocalModel };

/** What the page needs to show and pick from a loaded dataset (passages stay in the worker). */
export interface DatasetSummary {
  id: string;
  name: string;
  passageCount: number;
  questions: Question[];
  /** Milliseconds spent parsing and indexing (or opening from storage, see indexSource), measured in the worker. */
  indexMs: number;
  /** Where the indexes came from: built from the files (undefined), IndexedDB, or the worker already (indexMs 0). */
  indexSource?: 'storage' | 'memory';
  /** Something the user should know about how it was opened, e.g. a damaged stored index that was rebuilt (and why). */
  notice?: string;
}

/** One row of a ranking as the page renders it. */
export interface RankedPassage {
  rank: number;
  id: string;
  score: number;
  title: string;
  text: string;
}

/** Every backbone and preset a run may name (src/core/backbones/about.ts); the encoder ones need vectors of the model in Settings. */
export const RUN_BACKBONES = RUNNABLE_BACKBONES as readonly [RunnableBackbone, ...RunnableBackbone[]];
export type RunBackbone = RunnableBackbone;

/** Everything core's runStrategy runs, exactly as the CLI runs it: the retrieval baselines and the strategies. */
export const RUN_STRATEGIES = RUNNABLE;
export type RunStrategy = StrategyName;
export { isBaseline };

/** Settings-store key of the LLM settings (src/core/llm/settings.ts). */
export const LLM_SETTINGS_KEY = 'llm';

export interface RunRequest {
  datasetId: string;
  /** A dataset question (gold known) or a typed question (no gold). */
  question: Question;
  backbone: RunBackbone;
  /** A retrieval baseline ("single", "single-read": then the QA reader) or a core strategy with its paper defaults. */
  strategy: RunStrategy;
  /** Ranking depth of "single"/"single-read"; core strategies use their own `depth` (50), as the CLI does. */
  k: number;
  /** Lets cancelRun(runId) stop this run; a stopped run resolves with its partial trace, status "aborted". */
  runId?: string;
  /** Evidence regime for core strategies (paper 004); default iterative. gold-context is an oracle. */
  regime?: Regime;
  /** Which LLM a core strategy calls: the one in Settings (default), or the offline thinker (models side by side). */
  llm?: 'settings' | 'offline';
}

export interface GraphRequest {
  /** The question: its entities are linked to phrase nodes (the seeds) and it seeds PPR. */
  query: string;
  /** Passages of the trace's pools; always in the subgraph. */
  poolIds: string[];
  /** Maximum nodes in the subgraph. */
  limit: number;
}

/** A node of core's subgraph (label: the passage id or the normalised phrase), laid out. */
export type GraphNode = Pick<SubgraphNode, 'key'> &
  Omit<SubgraphNode['attributes'], 'node'> & {
    /** PPR mass of the passage for the question (HippoRAG 2 over the dataset's graph); null for phrases. */
    ppr: number | null;
    x: number;
    y: number;
  };

/** An edge of core's subgraph, its attributes (kind, weight, the predicates behind a relation) inline. */
export type GraphEdge = Omit<SubgraphEdge, 'attributes'> & SubgraphEdge['attributes'];

export interface GraphView {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Query entities and the phrases they linked to. */
  seeds: { entity: string; phrase: string; how: string; score: number }[];
  truncated: boolean;
  /** Hub phrases (src/core/graph/hubs.ts) next to the seeds and pool that were left out of the view. */
  hubsLeftOut?: number;
  /** Where the triples came from, e.g. "offline extractor (no LLM: …)". */
  tripleSource: string;
  /** What seeds PPR: retrieved facts with their scorer (its stand-in label when lexical), or linked entities. */
  seedSource: string;
  stats: { passages: number; phrases: number; facts: number };
}

/** Embeddings run after the save: their chunks are stored under the saved corpus, so a cancel or reload resumes. */
export const IMPORT_STAGES = ['parse', 'bm25', 'triples', 'graph', 'save', 'backbones', 'embeddings'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/** Settings-store key of the embedding settings (src/core/embed/settings.ts). */
export const EMBEDDING_SETTINGS_KEY = 'embedding';

/** A corpus's vectors for the embedding model in Settings. */
export interface EmbeddingStatus {
  corpusId: string;
  passageCount: number;
  /** The model in Settings (id = what is stored with the vectors), or null: dense backbones are off. */
  model: { id: string; label: string; dim: number | null } | null;
  /** Where the embedder runs once loaded ('webgpu' or 'wasm' in the browser, 'cpu' in Node); null before. */
  backend: string | null;
  /** Complete vectors of this model are stored: dense, hybrid and HippoRAG 2 (dense) can run. */
  ready: boolean;
  /** Passages with stored vectors of this model (chunks of an unfinished run included). */
  done: number;
  /** An embedding run of this corpus is in progress in the worker. */
  running: boolean;
  /** Models whose vectors are stored for this corpus but are not used (never mixed with this one). */
  otherModels: string[];
}

export interface EmbeddingProgress {
  corpusId: string;
  phase: 'load' | 'embed' | 'done';
  done: number;
  total: number;
  resumedFrom: number;
  /** Measured on the batches of this run; null until the first chunk is stored. */
  passagesPerSecond: number | null;
  etaSeconds: number | null;
  /** e.g. why stored vectors were not used. */
  message?: string;
}

export interface EmbeddingTest {
  model: string;
  backend: string;
  dim: number;
  /** Wall time of one query embedding after the load. */
  queryMs: number;
  loadMs: number;
  /** Which backend embeds batches and which queries, and the measurements behind it (src/core/embed/backend-choice.ts). */
  choice: BackendChoice;
  /** The choice as one sentence for Settings. */
  choiceText: string;
}

export interface EmbeddingEstimate {
  passages: number;
  passagesPerSecond: number;
  seconds: number;
  backend: string;
}

/** A binary file for importVectors (HSVEC, or .npy + ids). */
export interface BinarySource {
  name: string;
  bytes: Uint8Array;
}

export interface ImportProgress {
  stage: ImportStage;
  state: 'running' | 'done' | 'skipped';
  /** e.g. "1200 / 6119 passages", or why a stage was skipped. */
  detail: string;
  /** 0..1 within the stage. */
  fraction: number;
}

/** A corpus in the library (the built-in demo included). */
export interface LibraryEntry {
  id: string;
  name: string;
  passageCount: number;
  questionCount: number;
  createdAt: string;
  source?: string;
  tripleSource: string | null;
  embeddingModel: string | null;
  /** The demo ships with the app and cannot be deleted. */
  builtIn: boolean;
  /** An import of documents: the files not imported (or imported with a caveat) and why ("report.pdf: encrypted"). */
  warnings?: string[];
}

/** Above this many passages the import leaves the backbones to their first run unless asked. */
export const PREBUILD_LIMIT = 20_000;

export interface ImportOptions {
  /** The document chunker's word budget (PDF, Word, HTML, Markdown, text). */
  chunkWords?: number;
  /** Build the backbones whose build is kept (fact/triple index, tree, communities) at import; default: <= PREBUILD_LIMIT. */
  buildBackbones?: boolean;
  /** The corpus name (a dropped or picked folder's name); default from the file names. */
  name?: string;
}

export type { LlmBuildCost };

/** What building RAPTOR's summaries and GraphRAG's reports with the LLM in Settings would cost, counted before any call. */
export interface LlmBuildOffer {
  corpusId: string;
  /** The LLM from Settings, as a run's trace labels it. */
  llm: string;
  builds: LlmBuildCost[];
}

export interface LlmBuildProgress {
  /** What is being written, e.g. "RAPTOR's summaries". */
  what: string;
  /** The build's stage in words ("summarising level 1") and how far it is (`done` of `total`). */
  stage: string;
  done: number;
  total: number;
  /** 0..1 over every build. */
  fraction: number;
}

/** How one build of buildWithLlm ended. */
export interface LlmBuildOutcome {
  backbone: RunBackbone;
  what: string;
  state: 'built' | 'failed' | 'cancelled' | 'not started';
  /** LLM calls it made, and of them the ones answered from this browser's reply cache. */
  calls: number;
  cached: number;
  /** How it was obtained ("built and stored"), or one sentence on why it failed. */
  detail: string;
}

/** What the graph view asks of a tree or community backbone: the trace's pool and the phrases on screen. */
export interface BackboneLayersRequest {
  kind: LayerKind;
  poolIds: string[];
  phrases: string[];
}

export interface RaptorSummaryView {
  /** "raptor:<level>:<n>" */
  id: string;
  level: number;
  text: string;
  passageCount: number;
  /** Passage ids under the summary (the first 200). */
  passages: string[];
  /** Of them, the ones in the trace's pool. */
  shown: string[];
}

export interface CommunityView {
  /** "c<level>.<n>" */
  id: string;
  level: number;
  /** Phrases in the community, and how many of them are on screen. */
  size: number;
  shown: number;
  title: string;
  report: string;
  passageCount: number;
}

/** RAPTOR: summaries above the pool, level by level; GraphRAG: the level-0 community of each shown phrase. */
export type BackboneLayers =
  | { kind: 'tree'; source: string; levels: number[]; summaries: RaptorSummaryView[] }
  | {
      kind: 'communities';
      source: string;
      levels: number;
      modularity: number;
      communities: CommunityView[];
      communityOfPhrase: Record<string, string>;
    };

/** Called by the worker for every trace event as it happens (a Comlink proxy). */
export type TraceListener = (event: TraceEvent) => void;

/** Where a backbone's one-time build is (core's BuildProgress), sent while a run waits for it (a Comlink proxy). */
export type BuildListener = (progress: BuildProgress) => void;

export interface EngineApi {
  /** Parses the dataset files (src/core/ingest) and builds its BM25 index; replaces a dataset with the same id. */
  loadDataset(id: string, files: SourceFile[]): Promise<DatasetSummary>;
  /** Top-k ranking of a query over a loaded dataset, with titles and text for display. */
  retrieve(datasetId: string, query: string, k: number): Promise<RankedPassage[]>;
  /** Passages by id (for traces: pools, contexts, hover text); unknown ids are an error. */
  passages(datasetId: string, ids: string[]): Promise<Passage[]>;
  /** A document passage in its place: the document text around it, as read at import (file, offsets). */
  passageSource(datasetId: string, passageId: string): Promise<SourceExcerpt>;
  /** The subgraph around a question and its pool, laid out, with PPR mass (builds the dataset's graph on first use). */
  graphAround(datasetId: string, request: GraphRequest): Promise<GraphView>;
  /** RAPTOR's tree levels or GraphRAG's communities and reports around the shown graph (builds or loads the backbone). */
  backboneLayers(datasetId: string, request: BackboneLayersRequest): Promise<BackboneLayers>;
  /** Stored corpora (IndexedDB), newest first. */
  listLibrary(): Promise<LibraryEntry[]>;
  /** Imports files (benchmark JSON, or documents chunked by their headings) into the library and loads the corpus. */
  importCorpus(
    files: SourceFile[],
    onProgress?: (p: ImportProgress) => void,
    options?: ImportOptions,
  ): Promise<LibraryEntry>;
  cancelImport(): void;
  /** What building RAPTOR's summaries and GraphRAG's reports with the LLM from Settings would cost (no call made); null with no LLM. */
  llmBuildOffer(corpusId: string): Promise<LlmBuildOffer | null>;
  /** Builds them with the LLM from Settings and stores them as their first run would; stops at a failure, keeping what was built. */
  buildWithLlm(corpusId: string, onProgress?: (p: LlmBuildProgress) => void): Promise<LlmBuildOutcome[]>;
  /** Stops buildWithLlm (the call in flight too); what was built is kept. */
  cancelLlmBuilds(): void;
  /** Loads a stored corpus into the engine: BM25 index and graph read from storage (rebuilt, with a notice, only when missing or damaged). */
  openCorpus(id: string): Promise<DatasetSummary>;
  deleteCorpus(id: string): Promise<void>;
  /** A value from the settings store (IndexedDB), undefined when never saved. */
  getSetting(key: string): Promise<unknown>;
  putSetting(key: string, value: unknown): Promise<void>;
  /** Clears every cached LLM reply. */
  clearLlmCache(): Promise<void>;
  /** Runs a strategy, streaming each event to `onEvent`, and resolves with the finished trace. */
  run(request: RunRequest, onEvent?: TraceListener, onBuild?: BuildListener): Promise<Trace>;
  /** Stops the run started with this runId (between steps, and an LLM call in flight). */
  cancelRun(runId: string): void;
  /** A what-if branch of a finished run: its prefix replayed, the rest live (src/core/whatif). */
  runBranch(request: BranchRunRequest, onEvent?: TraceListener): Promise<Trace>;
  /** Vectors of a corpus for the embedding model in Settings. */
  embeddingStatus(corpusId: string): Promise<EmbeddingStatus>;
  /** Embeds (or resumes embedding) a corpus in the embedding worker, chunk by chunk into IndexedDB. */
  embedCorpus(corpusId: string, onProgress?: (p: EmbeddingProgress) => void): Promise<EmbeddingStatus>;
  /** Stops embedCorpus between chunks; stored chunks are kept for a resume. */
  cancelEmbedding(corpusId: string): void;
  /** Measures the model on a sample of the corpus and extrapolates (say so before a long run). */
  estimateEmbedding(corpusId: string): Promise<EmbeddingEstimate>;
  /** Loads the model in Settings and embeds one query: dimension, backend, timings. */
  testEmbedding(): Promise<EmbeddingTest>;
  /** Precomputed vectors (HSVEC, or .npy float32 + ids), validated against the corpus and stored for the model in Settings. */
  importVectors(corpusId: string, files: BinarySource[]): Promise<EmbeddingStatus>;
  /** Downloads an in-browser model into this browser's cache and loads it once (progress per transformers.js event); rejects with AbortedError when cancelled. */
  downloadModel(spec: ModelDownloadSpec, onEvent?: (e: DownloadEvent) => void): Promise<ModelDownloadResult>;
  cancelModelDownload(): void;
  /** The model's files already cached in this browser, or null. */
  cachedModel(spec: ModelDownloadSpec): Promise<CachedModel | null>;
  /** Loads DualRAG's reranker from Settings in this worker and scores one (entity, passage) pair. */
  testReranker(): Promise<RerankerTest>;
  /** Settings' "Test connection": the OpenAI-compatible server's model ids (typed LLM errors on failure). */
  testConnection(settings: LlmSettings, callId?: string): Promise<string[]>;
  /** What the server supports for structured outputs (json_schema, json_object or none), probed once. */
  detectStructured(settings: LlmSettings, callId?: string): Promise<StructuredMode>;
  /** Settings' "Detect": probes local OpenAI-compatible servers (Ollama's and LM Studio's usual ports unless given). */
  detectLocalServers(servers?: LocalServer[], callId?: string): Promise<Detected[]>;
  /** Stops testConnection or detectLocalServers started with this callId. */
  cancelCall(callId: string): void;
  /** Copies a picked model folder into this browser's Cache Storage; paths are the files' paths inside the folder. */
  storeLocalModel(files: File[], paths: string[], kind?: LocalModelKind): Promise<StoredLocalModel>;
  /** The Acc† judge pass over finished answers with the LLM from Settings (cached like a run's calls). */
  judge(request: JudgeRequest, onProgress?: (done: number, total: number) => void): Promise<JudgeResult>;
}

/** Settings-store key of DualRAG's reranker settings (src/core/rerank/settings.ts). */
export const RERANKER_SETTINGS_KEY = 'reranker';

export interface RerankerTest {
  /** The reranker's name, as the trace labels it. */
  name: string;
  heuristic: boolean;
  /** Scores of a relevant and an unrelated passage for one entity (cross-encoder: raw logits). */
  scores: { query: string; title: string; score: number }[];
  loadMs: number;
}

export interface JudgeRequest {
  /** The corpus the answers come from: the judge's replies are cached under it. */
  corpusId: string;
  items: JudgeItem[];
  /** Judge calls in flight at once (default 2). */
  concurrency?: number;
}

export interface BranchRunRequest {
  datasetId: string;
  /** The finished run the branch starts from (its corpus must be the loaded dataset). */
  parent: Trace;
  intervention: Intervention;
  /** Shown in the branch list; defaults to a description of the change. */
  label?: string;
  /** The change reads the gold: labelled oracle wherever the branch appears. */
  oracle?: boolean;
  /** Lets cancelRun(runId) stop the branch. */
  runId?: string;
}

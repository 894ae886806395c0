// The engine behind workers/engine.worker.ts, as a plain object so Node tests call it directly.
// It owns the parsed datasets and their BM25 indexes; the page gets summaries, rankings and traces.
// Runs: every strategy (the retrieval baselines too) through core's runStrategy with the dataset's backbone, the LLM from Settings (or the labelled offline thinker) and the run's AbortSignal.
import { HopscopeError } from '../core/errors.ts';
import { buildBackbone } from '../core/backbones/index.ts';
import { loadDataset } from '../core/ingest/index.ts';
import type { Trace } from '../core/trace/schema.ts';
import { isBaseline, strategyDescriptor, type StrategyName } from '../core/strategies/index.ts';
import { runRegime } from '../core/strategies/regimes.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import type { Corpus, Dataset, Passage, Retriever } from '../core/types.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import { questionGraph } from './graph.ts';
import { deleteStored, importFiles, listLibrary, openStored } from './library.ts';
import type { Stores } from '../core/persist/ports.ts';
import { llmFromStoredSettings } from './llm.ts';
import { runBranch } from '../core/whatif/branch.ts';
import { branchRunRequest, type BranchRunRequest } from './whatif.ts';
import {
  RUN_BACKBONES,
  RUN_STRATEGIES,
  type DatasetSummary,
  type ImportProgress,
  type EngineApi,
  type RankedPassage,
  type RunRequest,
  type TraceListener,
} from '../../workers/engine-api.ts';
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import { graphRagLayers, raptorLayers } from './backbone-layers.ts';
import { createEmbeddings, type EmbeddingHost } from './embeddings.ts';
import type { ModelDownloader } from '../providers/models/download.ts';
import { formatDuration } from '../core/embed/estimate.ts';
import type { WorkerPool } from '../core/pool/pool.ts';
import { createRerankers, type RerankHost } from './rerank.ts';
import { createBackbones } from './backbones.ts';
import type { Loaded } from './loaded.ts';
import { createProviderCalls } from './provider-calls.ts';
import { judgeWithSettings } from './judge.ts';

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

/** "1,200 / 6,119 passages, 41 passages/s, about 2 min left" */
export function embedDetail(done: number, total: number, rate: number | null, eta: number | null): string {
  const head = `${done.toLocaleString('en')} / ${total.toLocaleString('en')} passages`;
  if (done === total) return `${head} embedded`;
  return rate === null || eta === null
    ? `${head}, measuring speed…`
    : `${head}, ${rate.toFixed(rate < 10 ? 1 : 0)} passages/s, ${formatDuration(eta)} left`;
}

export function createEngine(options: EngineOptions = {}): EngineApi {
  const now = options.now ?? (() => performance.now());
  const loaded = new Map<string, Loaded>();
  let importing: AbortController | null = null;
  let importSettled: Promise<void> = Promise.resolve();
  const running = new Map<string, AbortController>();
  const embeddings = createEmbeddings(options.stores, options.embedding, now);
  const rerankers = createRerankers(options.stores, options.reranking, now);
  const backbones = createBackbones(options, embeddings);

  function storage(): Stores {
    if (!options.stores) throw new HopscopeError('engine', 'no storage in this engine (the library needs IndexedDB)');
    return options.stores;
  }

  function summaryOf(entry: Loaded, indexMs: number): DatasetSummary {
    const { dataset } = entry;
    return {
      id: dataset.corpus.id,
      name: dataset.name,
      passageCount: dataset.corpus.passages.length,
      questions: dataset.questions,
      indexMs,
    };
  }

  function register(dataset: Dataset, bm25: Retriever, hippo?: HippoRag2Retriever): Loaded {
    const entry: Loaded = {
      dataset,
      byId: new Map(dataset.corpus.passages.map((p) => [p.id, p])),
      bm25,
      ...(hippo ? { hippo: Promise.resolve(hippo) } : {}),
    };
    loaded.set(dataset.corpus.id, entry);
    return entry;
  }

  function get(datasetId: string): Loaded {
    const entry = loaded.get(datasetId);
    if (!entry) {
      const known = [...loaded.keys()].join(', ') || 'none';
      throw new HopscopeError(
        'engine',
        `dataset "${datasetId}" is not loaded (loaded: ${known}); load it before retrieving`,
      );
    }
    return entry;
  }

  /** A loaded dataset, or a stored corpus opened now (the Library may act on a corpus not in use). */
  async function entryOf(id: string): Promise<Loaded> {
    const existing = loaded.get(id);
    if (existing) return existing;
    const { dataset, bm25, hippo } = await openStored(storage(), id);
    return register(dataset, bm25, hippo);
  }

  /** The import's embeddings stage: runs after the save when a model is chosen; a cancel keeps the stored chunks. */
  async function embeddingStage(
    corpus: Corpus,
    onProgress: ((p: ImportProgress) => void) | undefined,
    signal: AbortSignal,
  ): Promise<void> {
    const stage = (state: ImportProgress['state'], detail: string, fraction: number) =>
      onProgress?.({ stage: 'embeddings', state, detail, fraction });
    const mode = await embeddings.autoEmbed(corpus);
    if (mode === 'no-model')
      return stage('skipped', 'no embedding model chosen in Settings; dense backbones stay off for this corpus', 0);
    if (mode === 'too-large') {
      const e = await embeddings.estimate(corpus);
      return stage(
        'skipped',
        `${corpus.passages.length} passages would take ${formatDuration(e.seconds)} on ${e.backend} (measured); start it from the Library`,
        0,
      );
    }
    try {
      await embeddings.embed(
        corpus,
        (p) => {
          if (p.phase === 'load') stage('running', p.message ?? 'loading the model', 0);
          else if (p.total > 0 && !p.message)
            stage(
              p.done === p.total ? 'done' : 'running',
              embedDetail(p.done, p.total, p.passagesPerSecond, p.etaSeconds),
              p.done / p.total,
            );
        },
        signal,
      );
    } catch (err) {
      if (!signal.aborted) throw err;
      const s = await embeddings.status(corpus);
      stage(
        'skipped',
        `cancelled at ${s.done} / ${s.passageCount} passages; the stored vectors are kept: resume from the Library`,
        s.done / Math.max(1, s.passageCount),
      );
    }
  }

  function passageOf(entry: Loaded, id: string): Passage {
    const p = entry.byId.get(id);
    if (!p) throw new HopscopeError('engine', `passage "${id}" is not in dataset "${entry.dataset.name}"`);
    return p;
  }

  async function rank(entry: Loaded, query: string, k: number): Promise<RankedPassage[]> {
    const ranked = await entry.bm25.retrieve(query, k);
    return ranked.map((r, i) => {
      const p = passageOf(entry, r.id);
      return { rank: i + 1, id: r.id, score: r.score, title: p.title, text: p.text };
    });
  }

  return {
    async loadDataset(id, files) {
      const started = now();
      const dataset = loadDataset(id, files);
      const { retriever: bm25 } = await buildBackbone('bm25', { corpus: dataset.corpus });
      return summaryOf(register(dataset, bm25), now() - started);
    },

    async retrieve(datasetId, query, k) {
      if (query.trim() === '') throw new HopscopeError('engine', 'the query is empty; type a question or pick one');
      return rank(get(datasetId), query, k);
    },

    listLibrary: async () => listLibrary(storage()),

    async importCorpus(files, onProgress) {
      const stores = storage();
      importing?.abort();
      // the cancelled import removes what it streamed in before this one starts writing
      await importSettled;
      const controller = new AbortController();
      importing = controller;
      let settle = () => {};
      importSettled = new Promise<void>((r) => (settle = r));
      try {
        const done = await importFiles(stores, files, (p) => onProgress?.(p), controller.signal, options.importPool);
        register(done.dataset, done.bm25, done.hippo);
        embeddings.forget(done.dataset.corpus.id);
        await embeddingStage(done.dataset.corpus, onProgress, controller.signal);
        return done.entry;
      } finally {
        if (importing === controller) importing = null;
        settle();
      }
    },

    cancelImport() {
      importing?.abort();
    },

    async openCorpus(id) {
      const started = now();
      const existing = loaded.get(id);
      if (existing) return { ...summaryOf(existing, 0), indexSource: 'memory' };
      const { dataset, bm25, hippo, ...how } = await openStored(storage(), id);
      return { ...summaryOf(register(dataset, bm25, hippo), now() - started), ...how };
    },

    getSetting: async (key) => storage().settings.getSetting<unknown>(key),
    putSetting: async (key, value) => storage().settings.putSetting(key, value),
    clearLlmCache: async () => storage().llmCache.clear(),

    async deleteCorpus(id) {
      await deleteStored(storage(), id);
      loaded.delete(id);
    },

    async passages(datasetId, ids) {
      const entry = get(datasetId);
      return ids.map((id) => passageOf(entry, id));
    },

    async backboneLayers(datasetId, request) {
      const entry = get(datasetId);
      if (request.backbone === 'raptor')
        return raptorLayers(
          (await backbones.of(entry, 'raptor', await backbones.llmOf(entry))).retriever as RaptorRetriever,
          entry.dataset.corpus.passages.map((p) => p.id),
          request,
        );
      if (request.backbone === 'graphrag')
        return graphRagLayers(
          (await backbones.of(entry, 'graphrag', await backbones.llmOf(entry))).retriever as GraphRagRetriever,
          request,
        );
      throw new HopscopeError(
        'engine',
        `backbone "${String(request.backbone)}" has no tree or communities to draw (raptor, graphrag)`,
      );
    },

    async graphAround(datasetId, request) {
      const entry = get(datasetId);
      if (request.query.trim() === '')
        throw new HopscopeError('engine', 'the graph needs a question; run or open one first');
      return questionGraph(await backbones.hippo(entry), request);
    },

    async run(request: RunRequest, onEvent?: TraceListener): Promise<Trace> {
      const entry = get(request.datasetId);
      if (!RUN_STRATEGIES.includes(request.strategy))
        throw new HopscopeError(
          'engine',
          `strategy "${String(request.strategy)}" is not available in this build (available: ${RUN_STRATEGIES.join(', ')})`,
        );
      if (!RUN_BACKBONES.includes(request.backbone))
        throw new HopscopeError(
          'engine',
          `backbone "${String(request.backbone)}" is not available here (available: ${RUN_BACKBONES.join(', ')})`,
        );
      if (request.question.question.trim() === '')
        throw new HopscopeError('engine', 'the question is empty; type a question or pick one');
      const controller = new AbortController();
      const { signal } = controller;
      if (request.runId !== undefined) running.set(request.runId, controller);
      try {
        return await runCore(request.strategy, request, entry, signal, onEvent);
      } finally {
        if (request.runId !== undefined && running.get(request.runId) === controller) running.delete(request.runId);
      }
    },

    cancelRun(runId) {
      running.get(runId)?.abort();
    },

    async runBranch(request, onEvent) {
      const { run, strategy } = branchRunRequest(request);
      const controller = new AbortController();
      if (run.runId !== undefined) running.set(run.runId, controller);
      try {
        return await runCore(strategy, run, get(run.datasetId), controller.signal, onEvent, request);
      } finally {
        if (run.runId !== undefined && running.get(run.runId) === controller) running.delete(run.runId);
      }
    },

    async embeddingStatus(corpusId) {
      const entry = loaded.get(corpusId);
      if (entry) return embeddings.status(entry.dataset.corpus);
      // Not loaded: the stored summary is enough (opening a 10k-passage corpus just to list it would be slow).
      const summary = (await storage().corpora.listCorpora()).find((c) => c.id === corpusId);
      if (!summary)
        throw new HopscopeError('library', `corpus "${corpusId}" is neither loaded nor stored in this browser`);
      return embeddings.status({ id: corpusId, passageCount: summary.passageCount });
    },
    embedCorpus: async (corpusId, onProgress) =>
      embeddings.embed((await entryOf(corpusId)).dataset.corpus, (p) => onProgress?.(p)),
    cancelEmbedding: (corpusId) => embeddings.cancel(corpusId),
    estimateEmbedding: async (corpusId) => embeddings.estimate((await entryOf(corpusId)).dataset.corpus),
    testEmbedding: () => embeddings.test(),
    importVectors: async (corpusId, files) => embeddings.importVectors((await entryOf(corpusId)).dataset.corpus, files),
    async downloadModel(spec, onEvent) {
      if (!options.downloads) throw new HopscopeError('engine', 'this engine cannot download models (browser only)');
      return options.downloads.download(spec, (e) => onEvent?.(e));
    },
    cancelModelDownload: () => options.downloads?.cancel(),
    cachedModel: async (spec) => (options.downloads ? options.downloads.cached(spec) : null),
    testReranker: () => rerankers.test(),
    ...createProviderCalls(),
    judge: (request, onProgress) => judgeWithSettings(options.stores, options.embedding, request, onProgress),
  };

  /** One of core's strategies, exactly as the CLI runs it (paper defaults; request.k is the depth of the retrieval baselines). */
  async function runCore(
    strategy: StrategyName,
    request: RunRequest,
    entry: Loaded,
    signal: AbortSignal,
    onEvent?: TraceListener,
    branch?: BranchRunRequest,
  ): Promise<Trace> {
    const llm =
      request.llm === 'offline'
        ? createOfflineThinker()
        : await llmFromStoredSettings(options.stores, entry.dataset.corpus.id, options.embedding);
    const over = await backbones.forRun(entry, strategy, request.backbone, llm);
    const retriever: Retriever = over.retriever;
    const { corpus } = entry.dataset;
    // DualRAG's Eq. 8 reranker from Settings (loaded here, in this worker); its name goes into the trace options.
    const reranker = strategyDescriptor(strategy).needs.reranker ? await rerankers.current() : undefined;
    const ctx = {
      retriever,
      llm,
      prompts: STRATEGY_PROMPTS,
      passages: entry.byId,
      signal,
      now,
      ...(reranker ? { reranker } : {}),
      ...(onEvent ? { onEvent } : {}),
    };
    // runRegime('iterative', ...) is runStrategy; no-context / gold-context (oracle) run the strategy's reader only.
    const trace = branch
      ? await runBranch(branch.parent, branch.intervention, ctx, {
          ...(branch.label !== undefined ? { label: branch.label } : {}),
          ...(branch.oracle !== undefined ? { oracle: branch.oracle } : {}),
        })
      : await runRegime(
          request.regime ?? 'iterative',
          strategy,
          request.question,
          { ...ctx, ...(isBaseline(strategy) ? { options: { depth: request.k } } : {}) },
          { corpus: { id: corpus.id, name: corpus.name }, retrieverName: request.backbone },
        );
    trace.options = {
      ...trace.options,
      ...over.traceOptions,
      ...(over.built ? { built: over.built } : {}),
      ...(reranker ? { reranker: reranker.name } : {}),
    };
    return trace;
  }
}

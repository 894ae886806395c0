// The engine behind workers/engine.worker.ts, as a plain object so Node tests call it directly.
// It owns the parsed datasets and their BM25 indexes; the page gets summaries, rankings and traces.
// Runs: every strategy (the retrieval baselines too) through core's runStrategy with the dataset's backbone, the LLM from Settings (or the labelled offline thinker) and the run's AbortSignal.
import { HopscopeError } from '../src/core/errors.ts';
import { loadDataset } from '../src/core/ingest/index.ts';
import { buildBackbone } from '../src/core/retrievers/registry.ts';
import type { Trace } from '../src/core/trace/schema.ts';
import { isBaseline, strategyDescriptor, type StrategyName } from '../src/core/strategies/index.ts';
import { runRegime } from '../src/core/strategies/regimes.ts';
import { runBranch } from '../src/core/whatif/branch.ts';
import { branchRunRequest, type BranchRunRequest } from './engine-whatif.ts';
import { STRATEGY_PROMPTS } from '../src/prompts/strategy-prompts.ts';
import { GEAR_READ_PROMPT } from '../src/prompts/gear-read-port.ts';
import type { LlmPort } from '../src/core/llm/port.ts';
import { createOfflineThinker } from '../src/providers/llm/offline-thinker.ts';
import type { Corpus, Dataset, Passage, Retriever } from '../src/core/types.ts';
import type { HippoRag2Retriever } from '../src/core/retrievers/hipporag2.ts';
import { buildQuestionGraphRetriever, questionGraph } from './engine-graph.ts';
import { buildGraphExpansionBackbone } from '../src/core/retrievers/graph-expansion-backbone.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import type { TripleIndex } from '../src/core/triples/triple-index.ts';
import { loadOrBuildTripleIndex } from '../src/core/persist/triple-index-store.ts';
import { deleteStored, importFiles, listLibrary, openStored } from './engine-library.ts';
import type { Stores } from '../src/core/persist/ports.ts';
import { llmFromStoredSettings } from './engine-llm.ts';
import {
  RUN_BACKBONES,
  RUN_STRATEGIES,
  type RunBackbone,
  type DatasetSummary,
  type ImportProgress,
  type EngineApi,
  type RankedPassage,
  type RunRequest,
  type TraceListener,
} from './engine-api.ts';
import { RAPTOR_SCORER_LABEL } from '../src/core/retrievers/raptor.ts';
import { graphRagBackbone, raptorBackbone, type PersistedBackbone } from './engine-backbones.ts';
import type { GraphRagRetriever } from '../src/core/retrievers/graphrag.ts';
import type { RaptorRetriever } from '../src/core/retrievers/raptor.ts';
import { graphRagLayers, raptorLayers } from './engine-backbone-layers.ts';
import { EXTRACTIVE_SUMMARY_LABEL } from '../src/core/raptor/tree.ts';
import { HASHED_TFIDF_LABEL } from '../src/core/raptor/vectors.ts';
import { EXTRACTIVE_REPORT_LABEL } from '../src/core/graphrag/reports.ts';
import { createEmbeddings, type DenseBackbone, type EmbeddingHost } from './engine-embed.ts';
import type { ModelDownloader } from '../src/providers/models/download.ts';
import { formatDuration } from '../src/core/embed/estimate.ts';
import type { WorkerPool } from '../src/core/pool/pool.ts';
import { createRerankers, type RerankHost } from './engine-rerank.ts';

/** How the browser's HippoRAG 2 seeds its phrases (no embedder, no LLM filter in the engine yet): said in every trace. */
const HIPPO_SEEDS = {
  phraseSeeds: 'retrieved facts (BM25 over triple strings, unfiltered: no recognition-memory LLM)',
};

interface Loaded {
  dataset: Dataset;
  byId: Map<string, Passage>;
  bm25: Retriever;
  /** Built on the first graph request (triple extraction takes a while on big corpora). */
  hippo?: Promise<HippoRag2Retriever>;
  /** GEAR's triple index T (offline-extractor triples), read or built on the first GEAR run, and how. */
  tripleIndex?: Promise<{ index: TripleIndex; how: string }>;
  /** raptor, graphrag: read from storage or built (and stored) on first use; graphrag over hippo's graph. */
  backbones?: Map<RunBackbone, Promise<PersistedBackbone<Retriever>>>;
}

/** What the browser's RAPTOR and GraphRAG stand on, said in every trace. */
const BACKBONE_OPTIONS: Partial<Record<RunBackbone, Record<string, string>>> = {
  raptor: { summaries: EXTRACTIVE_SUMMARY_LABEL, vectors: HASHED_TFIDF_LABEL, nodeScores: RAPTOR_SCORER_LABEL },
  graphrag: {
    triples: 'offline extractor',
    reports: EXTRACTIVE_REPORT_LABEL,
    communities: 'Louvain (graphology-communities-louvain)',
  },
  naivege: { base: 'bm25', triples: 'offline extractor' },
  syncge: { base: 'bm25', triples: 'offline extractor', read: 'the run’s LLM (GEAR J.2)' },
};

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

  /**
   * The retriever a run asks for, and for raptor / graphrag how it came to be (`built` in the trace):
   * read from storage or built and stored once per loaded dataset, on first use; dense ones need stored vectors.
   */
  async function retrieverOf(entry: Loaded, backbone: RunBackbone): Promise<{ retriever: Retriever; built?: string }> {
    if (backbone === 'bm25') return { retriever: entry.bm25 };
    if (backbone === 'hipporag2') return { retriever: await hippoOf(entry) };
    if (backbone === 'naivege' || backbone === 'syncge')
      throw new HopscopeError('engine', `${backbone} is built per run (runCore), over BM25 and the triple index`);
    if (backbone !== 'raptor' && backbone !== 'graphrag') {
      await options.kernelReady;
      return { retriever: await embeddings.retriever(backbone, entry.dataset.corpus, entry.bm25) };
    }
    entry.backbones ??= new Map();
    let built = entry.backbones.get(backbone);
    if (!built) {
      const { corpus } = entry.dataset;
      built =
        backbone === 'raptor'
          ? raptorBackbone(corpus, options.stores)
          : hippoOf(entry).then((hippo) => graphRagBackbone(corpus, hippo.graph, 'offline-extractor', options.stores));
      entry.backbones.set(backbone, built);
      built.catch(() => entry.backbones?.delete(backbone)); // a failed build is retried on the next request
    }
    return built;
  }

  async function hippoOf(entry: Loaded): Promise<HippoRag2Retriever> {
    await options.kernelReady;
    entry.hippo ??= buildQuestionGraphRetriever(entry.dataset.corpus, entry.bm25).catch((err: unknown) => {
      entry.hippo = undefined; // a failed build is retried on the next request, not cached
      throw err;
    });
    return entry.hippo;
  }

  /** A loaded dataset, or a stored corpus opened now (the Library may act on a corpus not in use). */
  async function entryOf(id: string): Promise<Loaded> {
    const existing = loaded.get(id);
    if (existing) return existing;
    const { dataset, bm25, hippo } = await openStored(storage(), id);
    return register(dataset, bm25, hippo);
  }

  /** The trace options a backbone adds (how HippoRAG 2 was seeded, which embedding model). */
  function backboneOptions(backbone: RunRequest['backbone']): Record<string, unknown> {
    if (backbone === 'hipporag2') return { triples: 'offline extractor', seededBy: 'bm25', ...HIPPO_SEEDS };
    if (backbone === 'bm25') return {};
    const fixed = BACKBONE_OPTIONS[backbone];
    if (fixed) return fixed;
    return embeddings.traceOptions(backbone as DenseBackbone);
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
      const bm25 = await buildBackbone('bm25', dataset.corpus);
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
          (await retrieverOf(entry, 'raptor')).retriever as RaptorRetriever,
          entry.dataset.corpus.passages.map((p) => p.id),
          request,
        );
      if (request.backbone === 'graphrag')
        return graphRagLayers((await retrieverOf(entry, 'graphrag')).retriever as GraphRagRetriever, request);
      throw new HopscopeError(
        'engine',
        `backbone "${String(request.backbone)}" has no tree or communities to draw (raptor, graphrag)`,
      );
    },

    async graphAround(datasetId, request) {
      const entry = get(datasetId);
      if (request.query.trim() === '')
        throw new HopscopeError('engine', 'the graph needs a question; run or open one first');
      return questionGraph(await hippoOf(entry), request);
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
    // naivege / syncge are GEAR's graph expansion over BM25 (SyncGE's read step uses the run's LLM); GEAR
    // itself runs over graph expansion of the chosen backbone (its base), with offline-extractor triples.
    const expansion = request.backbone === 'naivege' || request.backbone === 'syncge' ? request.backbone : undefined;
    const { retriever: backbone, built } = expansion
      ? { retriever: entry.bm25, built: undefined }
      : await retrieverOf(entry, request.backbone);
    const gear =
      strategyDescriptor(strategy).needs.graphExpansion || expansion
        ? await gearBackbone(entry, backbone, expansion ?? 'naivege', llm)
        : undefined;
    const retriever: Retriever = gear?.retriever ?? backbone;
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
      ...backboneOptions(request.backbone),
      ...(built ? { built } : {}),
      ...(reranker ? { reranker: reranker.name } : {}),
    };
    if (gear) {
      trace.options = {
        ...trace.options,
        graphExpansion: expansion ? `${expansion} over bm25` : `naivege over ${request.backbone}`,
        tripleSource: 'offline extractor',
        beamScorer: gear.retriever.expansion.scorer.label,
        tripleIndex: gear.tripleIndex,
      };
    }
    return trace;
  }

  /** GEAR's backbone with the corpus's triple index T: read from IndexedDB when stored and current, else built and stored. */
  async function gearBackbone(entry: Loaded, base: Retriever, name: 'naivege' | 'syncge', llm: LlmPort) {
    entry.tripleIndex ??= loadOrBuildTripleIndex(
      options.stores?.artifacts,
      entry.dataset.corpus,
      'offline-extractor',
      () => extractTriplesOffline(entry.dataset.corpus.passages),
    ).then((r) => ({
      index: r.index,
      how: r.fromStore
        ? 'read from storage'
        : r.message
          ? `rebuilt and stored (${r.message})`
          : options.stores
            ? 'built and stored'
            : 'built (no storage)',
    }));
    entry.tripleIndex.catch(() => (entry.tripleIndex = undefined)); // a failed build is retried on the next run
    const { index, how } = await entry.tripleIndex;
    // after the first run of a session the index is in memory; the trace says where it came from
    const read =
      name === 'syncge' ? { read: { prompt: GEAR_READ_PROMPT, llm, passage: (id: string) => entry.byId.get(id) } } : {};
    return { retriever: buildGraphExpansionBackbone(name, { base, tripleIndex: index, ...read }), tripleIndex: how };
  }
}

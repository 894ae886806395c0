// The engine's side of the one backbone path (src/core/backbones/resources.ts): what a loaded dataset
// can supply (its BM25 index, its stored phrase graph and triple index, the embedding model in Settings
// and its stored vectors, the LLM from Settings, the artifact store). Core's assembler pulls what each
// descriptor lists; builds are kept per loaded dataset, LLM and embedding model.
import {
  assembleBackbone,
  buildBackbone,
  strategyBackbone,
  type Assembled,
  type BackboneResources,
  type BuildProgress,
} from '../core/backbones/index.ts';
import { backbonesWhere, EXPANSION_BACKBONE, GRAPH_BACKBONE } from '../core/backbones/about.ts';
import { describeBackendChoice } from '../core/embed/backend-choice.ts';
import type { Embedder } from '../core/embed/port.ts';
import type { LlmPort } from '../core/llm/port.ts';
import type { Stores } from '../core/persist/ports.ts';
import { loadOrBuildTripleIndex } from '../core/persist/triple-index-store.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import { strategyDescriptor, type StrategyName } from '../core/strategies/index.ts';
import { extractTriplesOffline } from '../core/triples/offline-extractor.ts';
import type { TripleIndex } from '../core/triples/triple-index.ts';
import type { TripleSet } from '../core/triples/types.ts';
import { BACKBONE_PROMPTS } from '../prompts/backbone-prompts.ts';
import { GEAR_READ_PROMPT } from '../prompts/gear-read-port.ts';
import { createOfflineThinker, OFFLINE_THINKER_LABEL } from '../providers/llm/offline-thinker.ts';
import type { RunBackbone } from './engine-api.ts';
import type { Corpus, Retriever } from '../core/types.ts';
import type { Embeddings } from './embeddings.ts';
import type { Loaded } from './loaded.ts';
import { llmFromStoredSettings, type InBrowserRuntime } from './llm.ts';

/** What the backbones take of the engine's options. */
interface BackboneDeps {
  stores?: Stores;
  kernelReady?: Promise<unknown>;
  /** The in-browser LLM's runtime, for the LLM from Settings. */
  embedding?: InBrowserRuntime;
}

export function createBackbones(deps: BackboneDeps, embeddings: Embeddings) {
  // Runs waiting for a build: a build is shared by every run that needs it, so its progress goes to all of them.
  const watchers = new Set<(p: BuildProgress) => void>();
  const report = (p: BuildProgress) => {
    for (const w of watchers) w(p);
  };
  /** Sends build progress to `listener` until the returned function is called. */
  function watch(listener: (p: BuildProgress) => void): () => void {
    watchers.add(listener);
    return () => watchers.delete(listener);
  }

  /** What this loaded dataset supplies a backbone; `runLlm` is the run's LLM (SyncGE's read step). */
  async function resources(entry: Loaded, runLlm: LlmPort): Promise<BackboneResources> {
    await deps.kernelReady;
    const { corpus } = entry.dataset;
    const llm = realLlm(runLlm);
    const model = await embeddings.modelId();
    entry.backbones ??= new Map();
    return {
      corpus,
      prompts: BACKBONE_PROMPTS,
      memo: entry.backbones,
      identity: `${runLlm.identity ?? runLlm.label}|${model ?? 'no embedding model'}|v${embeddings.generation(corpus.id)}`,
      onProgress: report,
      ...(deps.stores ? { artifacts: deps.stores.artifacts } : {}),
      bm25: async () => entry.bm25,
      embedder: () => embedderResource(embeddings),
      vectors: () => embeddings.vectors(corpus),
      triples: async () => (await storedTriples(entry)) ?? extractTriplesOffline(corpus.passages),
      graph: async () => (await hippoOf(entry)).graph,
      tripleIndex: () => tripleIndexOf(entry),
      llm: async () => llm,
      read: async () => ({ prompt: GEAR_READ_PROMPT, llm: runLlm, passage: (id: string) => entry.byId.get(id) }),
    };
  }

  /** A backbone as the views need it (RAPTOR's tree, GraphRAG's communities): with the LLM from Settings. */
  async function of(entry: Loaded, backbone: RunBackbone): Promise<Assembled> {
    return withLlm(entry, backbone, await llmFromStoredSettings(deps.stores, entry.dataset.corpus.id, deps.embedding));
  }

  /**
   * Backbone `name` as a run with `llm` builds it (the same build kept in memory and the same stored key,
   * so that run then builds nothing); the offline thinker gives the stand-in build the import made.
   */
  async function withLlm(entry: Loaded, name: string, llm: LlmPort, signal?: AbortSignal): Promise<Assembled> {
    return assembleBackbone({ name }, { ...(await resources(entry, llm)), ...(signal ? { signal } : {}) });
  }

  /** The backbone a run stands on: GEAR over NaiveGE on it (core's strategyBackbone), others over it. */
  async function forRun(entry: Loaded, strategy: StrategyName, backbone: RunBackbone, llm: LlmPort) {
    const expands = strategyDescriptor(strategy).needs.graphExpansion;
    return strategyBackbone(expands, { name: backbone }, await resources(entry, llm));
  }

  /** The triples the import stored (of `source` when given): extracted once, never again per backbone. */
  async function storedTriples(entry: Loaded, source?: string): Promise<TripleSet | undefined> {
    const sets = (await deps.stores?.corpora.getTriples(entry.dataset.corpus.id)) ?? [];
    return sets.find((t) => source === undefined || t.source === source);
  }

  async function hippoOf(entry: Loaded): Promise<HippoRag2Retriever> {
    await deps.kernelReady;
    if (!entry.hippo) report({ backbone: GRAPH_BACKBONE, stage: 'building the phrase graph', done: 0, total: 1 });
    entry.hippo ??= buildQuestionGraphRetriever(entry.dataset.corpus, entry.bm25).catch((err: unknown) => {
      entry.hippo = undefined; // a failed build is retried on the next request, not cached
      throw err;
    });
    return entry.hippo;
  }

  /** GEAR's triple index T (offline-extractor triples): read from IndexedDB when stored and current, else built and stored. */
  function tripleIndexOf(entry: Loaded): Promise<{ index: TripleIndex; how: string }> {
    // Progress only when it is built: one read from storage is no build to wait for.
    entry.tripleIndex ??= loadOrBuildTripleIndex(
      deps.stores?.artifacts,
      entry.dataset.corpus,
      'offline-extractor',
      async () => {
        report({ backbone: EXPANSION_BACKBONE, stage: 'building the triple index', done: 0, total: 1 });
        return (
          (await storedTriples(entry, 'offline-extractor')) ?? extractTriplesOffline(entry.dataset.corpus.passages)
        );
      },
    ).then((r) => ({
      index: r.index,
      how: r.fromStore
        ? 'read from storage'
        : r.message
          ? `rebuilt and stored (${r.message})`
          : deps.stores
            ? 'built and stored'
            : 'built (no storage)',
    }));
    entry.tripleIndex.catch(() => (entry.tripleIndex = undefined)); // a failed build is retried on the next run
    return entry.tripleIndex;
  }

  /**
   * Builds, during an import, every backbone whose build is kept (it uses stored artifacts) and that needs
   * neither an embedding model nor a run's LLM, with the stand-ins (no LLM is called at import): the
   * first offline run of each then waits for no build, and a reload reads them from storage.
   */
  async function prebuild(entry: Loaded, onProgress: (done: number, total: number, what: string) => void) {
    const names = backbonesWhere(
      (a) => a.uses.includes('artifacts') && !a.needs.includes('embedder') && !a.needs.includes('read'),
    );
    const res = await resources(entry, createOfflineThinker());
    for (const [i, name] of names.entries()) {
      const stop = watch((p) =>
        onProgress(i + (p.total > 0 ? p.done / p.total : 0), names.length, `${name}: ${p.stage}`),
      );
      try {
        await assembleBackbone({ name }, res);
      } finally {
        stop();
      }
      onProgress(i + 1, names.length, `${name}: ready`);
    }
    return names;
  }

  return { of, forRun, withLlm, hippo: hippoOf, watch, prebuild };
}

export type Backbones = ReturnType<typeof createBackbones>;

/** The model in Settings as a backbone resource (loaded), or undefined when none is chosen. */
async function embedderResource(
  embeddings: Embeddings,
): Promise<{ embedder: Embedder; about: Record<string, unknown> } | undefined> {
  const m = await embeddings.queryModel();
  if (!m) return undefined;
  const e = m.embedder;
  // Stored phrase and fact vectors are keyed by the embedder's model: the Settings id names it exactly.
  const embedder: Embedder = {
    label: e.label,
    model: m.modelId,
    embed: (...x) => e.embed(...x),
    dispose: () => e.dispose(),
  };
  return {
    embedder,
    about: {
      embedding: m.modelId,
      embedBackend: m.backend,
      ...(m.choice ? { embedBackendChoice: describeBackendChoice(m.choice) } : {}),
    },
  };
}

/** The LLM the backbones may use: none when the run's LLM is the offline thinker (labelled stand-ins run). */
export function realLlm(llm: LlmPort): LlmPort | undefined {
  return llm.label === OFFLINE_THINKER_LABEL ? undefined : llm;
}

/** The dataset's phrase graph for the graph view, built once from offline-extractor triples. */
async function buildQuestionGraphRetriever(corpus: Corpus, bm25: Retriever): Promise<HippoRag2Retriever> {
  const triples = extractTriplesOffline(corpus.passages);
  return (await buildBackbone(GRAPH_BACKBONE, { corpus, base: bm25, triples })).retriever as HippoRag2Retriever;
}

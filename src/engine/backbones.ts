// The backbones the engine's runs stand on, through core's one builder: per loaded dataset and LLM,
// built (or read from storage) on first use and kept; GEAR over NaiveGE on any backbone, as in the CLI.
import { backboneForStrategy, buildBackbone, type BuildProgress, type BuiltBackbone } from '../core/backbones/index.ts';
import { hipporag2TraceOptions } from '../core/backbones/hipporag2.ts';
import { HopscopeError } from '../core/errors.ts';
import type { LlmPort } from '../core/llm/port.ts';
import type { Stores } from '../core/persist/ports.ts';
import { loadOrBuildTripleIndex } from '../core/persist/triple-index-store.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import { strategyDescriptor, type StrategyName } from '../core/strategies/index.ts';
import { extractTriplesOffline } from '../core/triples/offline-extractor.ts';
import type { TripleIndex } from '../core/triples/triple-index.ts';
import { BACKBONE_PROMPTS } from '../prompts/backbone-prompts.ts';
import { GEAR_READ_PROMPT } from '../prompts/gear-read-port.ts';
import { OFFLINE_THINKER_LABEL } from '../providers/llm/offline-thinker.ts';
import type { RunBackbone } from '../../workers/engine-api.ts';
import type { Embeddings } from './embeddings.ts';
import { buildQuestionGraphRetriever } from './graph.ts';
import type { Loaded } from './loaded.ts';
import { llmFromStoredSettings, type InBrowserRuntime } from './llm.ts';

export interface BackboneDeps {
  stores?: Stores;
  kernelReady?: Promise<unknown>;
  /** The in-browser LLM's runtime (device, onnxruntime files), for the LLM from Settings. */
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
  /**
   * The backbone a run asks for, through core's builder (how it came to be and what it stands on go into
   * the trace): raptor and graphrag read from storage or built and stored once per loaded dataset and LLM;
   * with an LLM, RAPTOR's summaries, GraphRAG's reports and HippoRAG 2's recognition filter use it.
   */
  async function retrieverOf(entry: Loaded, backbone: RunBackbone, llm?: LlmPort): Promise<BuiltBackbone> {
    if (backbone === 'bm25') return { retriever: entry.bm25, built: '', traceOptions: {} };
    if (backbone === 'naivege' || backbone === 'syncge')
      throw new HopscopeError('engine', `${backbone} is built per run (runCore), over BM25 and the triple index`);
    const { corpus } = entry.dataset;
    const withLlm = llm ? { llm, prompts: BACKBONE_PROMPTS } : {};
    if (backbone === 'hipporag2' || backbone === 'hipporag2-dense') {
      await deps.kernelReady;
      const dense = backbone === 'hipporag2-dense';
      const hippo = dense
        ? ((await embeddings.retriever(backbone, corpus, entry.bm25)) as HippoRag2Retriever)
        : await hippoOf(entry);
      const base = dense ? await embeddings.retriever('dense', corpus, entry.bm25) : entry.bm25;
      const extra = dense ? embeddings.traceOptions(backbone) : {};
      if (!llm)
        return { retriever: hippo, built: '', traceOptions: { ...extra, ...hipporag2TraceOptions(hippo, base.name) } };
      const b = await cached(entry, `${backbone}|${llm.identity ?? llm.label}`, () =>
        buildBackbone('hipporag2', { corpus, base, graph: hippo.graph, ...withLlm, onProgress: report }),
      );
      return { ...b, traceOptions: { ...extra, ...b.traceOptions } };
    }
    if (backbone === 'raptor')
      return cached(entry, `raptor|${llm?.identity ?? llm?.label ?? ''}`, () =>
        buildBackbone('raptor', {
          corpus,
          ...(deps.stores ? { artifacts: deps.stores.artifacts } : {}),
          ...withLlm,
          onProgress: report,
        }),
      );
    if (backbone === 'graphrag')
      return cached(entry, `graphrag|${llm?.identity ?? llm?.label ?? ''}`, async () =>
        buildBackbone('graphrag', {
          corpus,
          graph: (await hippoOf(entry)).graph,
          ...(deps.stores ? { artifacts: deps.stores.artifacts } : {}),
          ...withLlm,
          onProgress: report,
        }),
      );
    await deps.kernelReady;
    return {
      retriever: await embeddings.retriever(backbone, corpus, entry.bm25),
      built: '',
      traceOptions: embeddings.traceOptions(backbone),
    };
  }

  /** One build per loaded dataset and key; a failed build is retried on the next request. */
  function cached(entry: Loaded, key: string, build: () => Promise<BuiltBackbone>): Promise<BuiltBackbone> {
    entry.backbones ??= new Map();
    let built = entry.backbones.get(key);
    if (!built) {
      built = build();
      entry.backbones.set(key, built);
      built.catch(() => entry.backbones?.delete(key));
    }
    return built;
  }

  /** The LLM the backbones use: the one in Settings, or none (the offline thinker is no LLM: stand-ins run). */
  async function backboneLlm(entry: Loaded): Promise<LlmPort | undefined> {
    const llm = await llmFromStoredSettings(deps.stores, entry.dataset.corpus.id, deps.embedding);
    return realLlm(llm);
  }

  async function hippoOf(entry: Loaded): Promise<HippoRag2Retriever> {
    await deps.kernelReady;
    if (!entry.hippo) report({ backbone: 'hipporag2', stage: 'building the phrase graph', done: 0, total: 1 });
    entry.hippo ??= buildQuestionGraphRetriever(entry.dataset.corpus, entry.bm25).catch((err: unknown) => {
      entry.hippo = undefined; // a failed build is retried on the next request, not cached
      throw err;
    });
    return entry.hippo;
  }

  /** GEAR's triple index T (offline-extractor triples): read from IndexedDB when stored and current, else built and stored. */
  function tripleIndexOf(entry: Loaded): Promise<{ index: TripleIndex; how: string }> {
    if (!entry.tripleIndex) report({ backbone: 'naivege', stage: 'building the triple index', done: 0, total: 1 });
    entry.tripleIndex ??= loadOrBuildTripleIndex(
      deps.stores?.artifacts,
      entry.dataset.corpus,
      'offline-extractor',
      () => extractTriplesOffline(entry.dataset.corpus.passages),
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

  /** naivege / syncge over BM25 with the corpus's triple index (after the first run of a session, in memory). */
  async function expansionBackbone(entry: Loaded, name: 'naivege' | 'syncge', llm: LlmPort): Promise<BuiltBackbone> {
    const { index, how } = await tripleIndexOf(entry);
    const read =
      name === 'syncge' ? { read: { prompt: GEAR_READ_PROMPT, llm, passage: (id: string) => entry.byId.get(id) } } : {};
    const b = await buildBackbone(name, {
      corpus: entry.dataset.corpus,
      base: entry.bm25,
      tripleIndex: index,
      ...read,
    });
    return {
      ...b,
      built: '',
      traceOptions: { ...b.traceOptions, tripleIndex: how },
    };
  }

  /** The backbone a strategy runs over: GEAR over NaiveGE on it (core's backboneForStrategy), others over it. */
  async function gearOver(
    entry: Loaded,
    strategy: StrategyName,
    name: RunBackbone,
    built: BuiltBackbone,
  ): Promise<BuiltBackbone> {
    if (!strategyDescriptor(strategy).needs.graphExpansion) return built;
    const { index, how } = await tripleIndexOf(entry);
    const gear = await backboneForStrategy(
      true,
      { name, ...built },
      { corpus: entry.dataset.corpus, tripleIndex: index },
    );
    return { ...gear, traceOptions: { ...gear.traceOptions, tripleIndex: how } };
  }
  /** The backbone a run stands on: naivege / syncge over BM25 (SyncGE's read step uses the run's LLM), else the backbone, GEAR over NaiveGE on it. */
  async function forRun(
    entry: Loaded,
    strategy: StrategyName,
    backbone: RunBackbone,
    llm: LlmPort,
  ): Promise<BuiltBackbone> {
    if (backbone === 'naivege' || backbone === 'syncge') return expansionBackbone(entry, backbone, llm);
    return gearOver(entry, strategy, backbone, await retrieverOf(entry, backbone, realLlm(llm)));
  }

  return { of: retrieverOf, forRun, hippo: hippoOf, llmOf: backboneLlm, watch };
}

/** The LLM the backbones may use: none when the run's LLM is the offline thinker (labelled stand-ins run). */
function realLlm(llm: LlmPort): LlmPort | undefined {
  return llm.label === OFFLINE_THINKER_LABEL ? undefined : llm;
}

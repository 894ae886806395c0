// The engine's model methods: a corpus's embeddings (status, embed, estimate, test, imported vectors),
// in-browser model downloads, DualRAG's reranker test, and Settings' provider calls and Acc† judge.
import { judgeAnswers } from '../core/eval/judge.ts';
import { HopscopeError } from '../core/errors.ts';
import * as judgePrompt from '../prompts/dualrag-judge.ts';
import { storeLocalModel } from '../providers/embed/local-model.ts';
import { detectLocalServers } from '../providers/llm/detect-local.ts';
import { detectStructuredOutputs, testConnection } from '../providers/llm/from-settings.ts';
import { OFFLINE_THINKER_LABEL } from '../providers/llm/offline-thinker.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { EngineApi } from './engine-api.ts';
import { storageOf } from './datasets.ts';
import { llmFromStoredSettings } from './llm.ts';

export function createModelMethods({
  stores,
  embedding: runtime,
  downloads,
  datasets,
  embeddings,
  rerankers,
}: EngineDeps) {
  const corpusOf = async (id: string) => (await datasets.entryOf(id)).dataset.corpus;
  return {
    async embeddingStatus(corpusId) {
      const entry = datasets.peek(corpusId);
      if (entry) return embeddings.status(entry.dataset.corpus);
      // Not loaded: the stored summary is enough (opening a 10k-passage corpus just to list it would be slow).
      const summary = (await storageOf(stores).corpora.listCorpora()).find((c) => c.id === corpusId);
      if (!summary)
        throw new HopscopeError('library', `corpus "${corpusId}" is neither loaded nor stored in this browser`);
      return embeddings.status({ id: corpusId, passageCount: summary.passageCount });
    },
    embedCorpus: async (corpusId, onProgress) => embeddings.embed(await corpusOf(corpusId), (p) => onProgress?.(p)),
    cancelEmbedding: (corpusId) => embeddings.cancel(corpusId),
    estimateEmbedding: async (corpusId) => embeddings.estimate(await corpusOf(corpusId)),
    testEmbedding: () => embeddings.test(),
    importVectors: async (corpusId, files) => embeddings.importVectors(await corpusOf(corpusId), files),

    async downloadModel(spec, onEvent) {
      if (!downloads) throw new HopscopeError('engine', 'this engine cannot download models (browser only)');
      return downloads.download(spec, (e) => onEvent?.(e));
    },
    cancelModelDownload: () => downloads?.cancel(),
    cachedModel: async (spec) => (downloads ? downloads.cached(spec) : null),

    testReranker: () => rerankers.test(),
    ...createProviderCalls(),
    // The Acc† judge runs like a strategy's calls: the same provider, concurrency, retry and reply cache.
    async judge(request, onProgress) {
      const llm = await llmFromStoredSettings(stores, request.corpusId, runtime);
      if (llm.label === OFFLINE_THINKER_LABEL)
        throw new HopscopeError('engine', 'the offline thinker cannot judge answers; choose an LLM in Settings');
      return judgeAnswers(request.items, llm, judgePrompt, {
        concurrency: request.concurrency ?? 2,
        ...(onProgress ? { onProgress } : {}),
      });
    },
  } satisfies Partial<EngineApi>;
}

/**
 * Settings' calls that reach a provider ("Test connection" and its structured-output probe, "Detect" of local
 * servers, a picked model folder copied into Cache Storage), in this worker so the page never loads a provider;
 * a call the page gives an id can be stopped with cancelCall(id).
 */
function createProviderCalls(): Pick<
  EngineApi,
  'testConnection' | 'detectStructured' | 'detectLocalServers' | 'cancelCall' | 'storeLocalModel'
> {
  const calls = new Map<string, AbortController>();

  async function tracked<T>(callId: string | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    if (callId !== undefined) calls.get(callId)?.abort();
    if (callId !== undefined) calls.set(callId, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (callId !== undefined && calls.get(callId) === controller) calls.delete(callId);
    }
  }

  return {
    testConnection: (settings, callId) => tracked(callId, (signal) => testConnection(settings, signal)),
    detectStructured: (settings, callId) => tracked(callId, (signal) => detectStructuredOutputs(settings, signal)),
    detectLocalServers: (servers, callId) =>
      tracked(callId, (signal) => detectLocalServers(servers ?? undefined, signal)),
    cancelCall(callId) {
      calls.get(callId)?.abort();
    },
    async storeLocalModel(files, paths, kind) {
      if (files.length !== paths.length)
        throw new HopscopeError('engine', `${files.length} files but ${paths.length} paths for the model folder`);
      return storeLocalModel(files, paths, kind);
    },
  };
}

// The engine's model methods: a corpus's embeddings (status, embed, estimate, test, imported vectors),
// in-browser model downloads, DualRAG's reranker test, and Settings' provider calls and Acc† judge.
import { HopscopeError } from '../core/errors.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { EngineApi } from './engine-api.ts';
import { storageOf } from './datasets.ts';
import { judgeWithSettings } from './judge.ts';
import { createProviderCalls } from './provider-calls.ts';

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
    judge: (request, onProgress) => judgeWithSettings(stores, runtime, request, onProgress),
  } satisfies Partial<EngineApi>;
}

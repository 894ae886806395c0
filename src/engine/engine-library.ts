// The engine's library methods: datasets loaded from files, the stored corpora (import with its
// backbones and embeddings stages, open, delete, list), rankings and passages, and the settings store.
import { HopscopeError } from '../core/errors.ts';
import { buildBackbone, DEFAULT_BACKBONE } from '../core/backbones/index.ts';
import { loadDataset } from '../core/ingest/index.ts';
import type { EngineApi } from './engine-api.ts';
import type { EngineDeps } from './engine-deps.ts';
import { storageOf, summaryOf } from './datasets.ts';
import { backboneStage, embeddingStage } from './import-stages.ts';
import { deleteStored, documentsKey, importFiles, listLibrary, openStored } from './library.ts';
import { sourceExcerpt } from '../core/documents/read.ts';

export function createLibraryMethods(deps: EngineDeps) {
  const { now, datasets } = deps;
  const storage = () => storageOf(deps.stores);
  return {
    ...createPassageMethods(deps),
    listLibrary: async () => listLibrary(storage()),
    ...createImportMethods(deps),

    async openCorpus(id) {
      const started = now();
      const existing = datasets.peek(id);
      if (existing) return { ...summaryOf(existing, 0), indexSource: 'memory' };
      const { dataset, bm25, hippo, ...how } = await openStored(storage(), id);
      return { ...summaryOf(datasets.register(dataset, bm25, hippo), now() - started), ...how };
    },

    async deleteCorpus(id) {
      await deleteStored(storage(), id);
      datasets.remove(id);
    },

    getSetting: async (key) => storage().settings.getSetting<unknown>(key),
    putSetting: async (key, value) => storage().settings.putSetting(key, value),
    clearLlmCache: async () => storage().llmCache.clear(),
  } satisfies Partial<EngineApi>;
}

/** A dataset loaded from files, its BM25 rankings, its passages and a passage's place in its document. */
function createPassageMethods({ stores, now, datasets }: EngineDeps) {
  return {
    async loadDataset(id, files) {
      const started = now();
      const dataset = loadDataset(id, files);
      const { retriever: bm25 } = await buildBackbone(DEFAULT_BACKBONE, { corpus: dataset.corpus });
      return summaryOf(datasets.register(dataset, bm25), now() - started);
    },

    async retrieve(datasetId, query, k) {
      if (query.trim() === '') throw new HopscopeError('engine', 'the query is empty; type a question or pick one');
      const entry = datasets.get(datasetId);
      const ranked = await entry.bm25.retrieve(query, k);
      return ranked.map((r, i) => {
        const p = datasets.passageOf(entry, r.id);
        return { rank: i + 1, id: r.id, score: r.score, title: p.title, text: p.text };
      });
    },

    async passages(datasetId, ids) {
      const entry = datasets.get(datasetId);
      return ids.map((id) => datasets.passageOf(entry, id));
    },

    async passageSource(datasetId, passageId) {
      const entry = datasets.get(datasetId);
      const { source } = datasets.passageOf(entry, passageId);
      if (!source) throw new HopscopeError('library', `passage "${passageId}" is not from an imported document`);
      const id = entry.dataset.corpus.id;
      const texts = await storageOf(stores).settings.getSetting<Record<string, string>>(documentsKey(id));
      const text = texts?.[source.file];
      if (text === undefined)
        throw new HopscopeError(
          'library',
          `the text of ${source.file} is not stored with corpus "${id}"; import the folder again to open passages in place`,
        );
      return sourceExcerpt(text, source.file, source.start, source.end);
    },
  } satisfies Partial<EngineApi>;
}

/** One import at a time: a new one cancels the running one and waits until it has removed what it streamed in. */
function createImportMethods({ stores, importPool, datasets, embeddings, backbones }: EngineDeps) {
  let importing: AbortController | null = null;
  let importSettled: Promise<void> = Promise.resolve();
  return {
    async importCorpus(files, onProgress, options = {}) {
      const storage = storageOf(stores);
      importing?.abort();
      // the cancelled import removes what it streamed in before this one starts writing
      await importSettled;
      const controller = new AbortController();
      importing = controller;
      let settle = () => {};
      importSettled = new Promise<void>((r) => (settle = r));
      try {
        const done = await importFiles(storage, files, (p) => onProgress?.(p), controller.signal, importPool, options);
        const entry = datasets.register(done.dataset, done.bm25, done.hippo);
        embeddings.forget(done.dataset.corpus.id);
        await backboneStage(backbones, entry, options, onProgress, controller.signal);
        await embeddingStage(embeddings, done.dataset.corpus, onProgress, controller.signal);
        return done.entry;
      } finally {
        if (importing === controller) importing = null;
        settle();
      }
    },

    cancelImport() {
      importing?.abort();
    },
  } satisfies Partial<EngineApi>;
}

// The engine's library methods: datasets loaded from files, the stored corpora (import, open, delete, list),
// rankings and passages, and the settings store. The import's stages after the save: the backbones whose
// builds are kept (made now with the stand-ins, so the first offline run waits for none) and the corpus's
// embeddings (when a model is chosen and the corpus is small enough to embed without asking).
import { HopscopeError } from '../core/errors.ts';
import { buildBackbone, DEFAULT_BACKBONE } from '../core/backbones/index.ts';
import { loadDataset } from '../core/ingest/index.ts';
import { PREBUILD_LIMIT, type EngineApi, type ImportOptions, type ImportProgress } from './engine-api.ts';
import type { EngineDeps } from './engine-deps.ts';
import { formatDuration } from '../core/embed/estimate.ts';
import type { Corpus } from '../core/types.ts';
import type { Backbones } from './backbones.ts';
import type { Embeddings } from './embeddings.ts';
import type { Loaded } from './loaded.ts';
import { storageOf, summaryOf } from './datasets.ts';
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

/** Above this many passages the import does not embed on its own: the Library shows an estimate first. */
const AUTO_EMBED_LIMIT = 2000;

/** "1,200 / 6,119 passages, 41 passages/s, about 2 min left" */
function embedDetail(done: number, total: number, rate: number | null, eta: number | null): string {
  const head = `${done.toLocaleString('en')} / ${total.toLocaleString('en')} passages`;
  if (done === total) return `${head} embedded`;
  return rate === null || eta === null
    ? `${head}, measuring speed…`
    : `${head}, ${rate.toFixed(rate < 10 ? 1 : 0)} passages/s, ${formatDuration(eta)} left`;
}

/** The import's backbones stage: the kept builds made now (backbones.prebuild), or why not. */
async function backboneStage(
  backbones: Backbones,
  entry: Loaded,
  options: ImportOptions,
  onProgress: ((p: ImportProgress) => void) | undefined,
  signal: AbortSignal,
): Promise<void> {
  const stage = (state: ImportProgress['state'], detail: string, fraction: number) =>
    onProgress?.({ stage: 'backbones', state, detail, fraction });
  const size = entry.dataset.corpus.passages.length;
  if (!(options.buildBackbones ?? size <= PREBUILD_LIMIT))
    return stage(
      'skipped',
      options.buildBackbones === false
        ? 'not asked: each backbone is built on its first run'
        : `${size.toLocaleString('en')} passages (over ${PREBUILD_LIMIT.toLocaleString('en')}): each backbone is built on its first run`,
      0,
    );
  const names = await backbones.prebuild(entry, (done, total, what) => {
    if (!signal.aborted) stage('running', what, done / total);
  });
  stage(
    'done',
    `${names.join(', ')} ready (stand-ins; with an LLM in Settings, its summaries and reports are built by "Build now" below or on the first run)`,
    1,
  );
}

/** The import's embeddings stage: runs after the save when a model is chosen; a cancel keeps the stored chunks. */
async function embeddingStage(
  embeddings: Embeddings,
  corpus: Corpus,
  onProgress: ((p: ImportProgress) => void) | undefined,
  signal: AbortSignal,
): Promise<void> {
  const stage = (state: ImportProgress['state'], detail: string, fraction: number) =>
    onProgress?.({ stage: 'embeddings', state, detail, fraction });
  if (!(await embeddings.available()))
    return stage('skipped', 'no embedding model chosen in Settings; dense backbones stay off for this corpus', 0);
  if (corpus.passages.length > AUTO_EMBED_LIMIT) {
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

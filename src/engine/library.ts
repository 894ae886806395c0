// The corpus library inside the engine worker: import files through the importers with per-stage
// progress (parse, BM25, triples, graph; the engine's embeddings stage follows the save; triples and the
// graph's synonym search run in the worker pool when the engine has one), persist corpus + triples + the BM25 snapshot and
// the phrase graph (+ questions) in one store transaction, list and delete, and reopen a stored corpus
// from those artifacts without rebuilding anything (a missing, stale or damaged artifact is rebuilt,
// stored again, and said so in the summary's notice).
import { AbortedError, HopscopeError, throwIfAborted } from '../core/errors.ts';
import { buildPhraseGraph, buildPhraseGraphWith, type PhraseGraph } from '../core/graph/build.ts';
import { extractTriplesPooled, similarPairsPooled } from '../core/pool/import-jobs.ts';
import type { WorkerPool } from '../core/pool/pool.ts';
import { BM25_DEFAULTS, Bm25Index } from '../core/index/bm25.ts';
import { decodeUtf8, loadDataset, parseCorpus, type SourceFile } from '../core/ingest/index.ts';
import {
  formatWarning,
  isDocumentSet,
  isQuestionsFileName,
  parseDocumentQuestions,
  readDocuments,
  type DocumentProgress,
} from '../core/documents/index.ts';
import { bm25RetrieverFromIndex, createBm25Retriever, type Bm25Retriever } from '../core/retrievers/bm25.ts';
import { createHippoRag2Retriever, HIPPORAG2_DEFAULTS, type HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import { loadDecodedOrRebuild, type DecodedOrRebuilt } from '../core/persist/artifacts.ts';
import {
  BM25_ARTIFACT,
  bm25Artifact,
  bm25SnapshotFromArtifact,
  PHRASE_GRAPH_ARTIFACT,
  phraseGraphArtifact,
  phraseGraphFromArtifact,
} from '../core/persist/codecs.ts';
import {
  StorageError,
  type ArtifactInput,
  type CorpusSummary,
  type CorpusWriter,
  type Stores,
  type StoredArtifact,
} from '../core/persist/ports.ts';
import { extractTriplesOffline } from '../core/triples/offline-extractor.ts';
import { TRIPLE_SOURCE_LABELS, type TripleSet, type TripleSource } from '../core/triples/types.ts';
import type { Corpus, Dataset, Question } from '../core/types.ts';
import type { ImportOptions, ImportProgress, ImportStage, LibraryEntry } from './engine-api.ts';

const questionsKey = (corpusId: string) => `questions:${corpusId}`;
/** A document corpus's texts as read (file -> text), for opening a passage in its place. */
export const documentsKey = (corpusId: string) => `documents:${corpusId}`;

/** The graph options of every library graph (those createHippoRag2Retriever would use); stored with the graph. */
const GRAPH_OPTIONS = HIPPORAG2_DEFAULTS.graph;
const bm25Ref = (corpusId: string) => ({ corpusId, kind: 'bm25', key: 'default' }) as const;
const graphRef = (corpusId: string, source: TripleSource) => ({ corpusId, kind: 'graph', key: source }) as const;

export interface Imported {
  dataset: Dataset;
  bm25: Bm25Retriever;
  hippo: HippoRag2Retriever;
  entry: LibraryEntry;
}

/** A stored corpus as the Library lists it (embeddings are read per corpus by embeddingStatus). */
const libraryEntry = (c: CorpusSummary, questionCount: number, source: TripleSource | undefined): LibraryEntry => ({
  ...c,
  questionCount,
  tripleSource: source ? TRIPLE_SOURCE_LABELS[source] : null,
  embeddingModel: null,
  builtIn: false,
});

/** Corpus id from the file name: "hotpotqa_corpus.json" -> "hotpotqa". */
function corpusIdFor(files: readonly SourceFile[]): string {
  const corpusFile = files.find((f) => /corpus/i.test(f.name)) ?? files[0];
  if (!corpusFile) throw new HopscopeError('library', 'no files to import');
  const base = corpusFile.name.slice(corpusFile.name.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  return base.replace(/[_-]?corpus$/i, '').replace(/[^\w.-]+/g, '-') || 'corpus';
}

/** "harbour-report.pdf: page 14 / 500 (file 2 of 5)" and the fraction of the folder read. */
function documentProgress(p: DocumentProgress): { detail: string; fraction: number } {
  const page = p.page !== undefined && p.pages !== undefined ? `: page ${p.page} / ${p.pages}` : '';
  const within = p.page !== undefined && p.pages ? p.page / p.pages : 0;
  return {
    detail: `${p.file}${page} (file ${p.fileIndex + 1} of ${p.files})`,
    fraction: (p.fileIndex + within) / p.files,
  };
}

/** A set of documents (PDF, Word, HTML, Markdown, text) and, optionally, a questions file beside them. */
async function readDocumentSet(
  id: string,
  files: SourceFile[],
  options: ImportOptions,
  signal: AbortSignal,
  onProgress: (p: DocumentProgress) => void,
): Promise<{ dataset: Dataset; warnings: string[]; texts: Record<string, string> }> {
  const questionFiles = files.filter((f) => isQuestionsFileName(f.name));
  if (questionFiles.length > 1)
    throw new HopscopeError(
      'library',
      `${questionFiles.length} questions files (${questionFiles.map((f) => f.name).join(', ')}); import one at a time`,
    );
  const documents = files
    .filter((f) => !isQuestionsFileName(f.name))
    .map((f) => ({ name: f.name, bytes: f.bytes ?? new TextEncoder().encode(f.text) }));
  const read = await readDocuments(documents, {
    signal,
    onProgress,
    ...(options.chunkWords !== undefined ? { chunkWords: options.chunkWords } : {}),
  });
  const q = questionFiles[0];
  const questions = q
    ? parseDocumentQuestions({ name: q.name, text: q.bytes ? decodeUtf8(q.name, q.bytes) : q.text }, read.passages)
    : [];
  return {
    dataset: { name: id, corpus: { id, name: id, passages: read.passages }, questions },
    warnings: read.warnings.map(formatWarning),
    texts: read.texts,
  };
}

export async function importFiles(
  stores: Stores,
  files: SourceFile[],
  onProgress: (p: ImportProgress) => void,
  signal: AbortSignal,
  pool?: WorkerPool,
  options: ImportOptions = {},
): Promise<Imported> {
  const stage = (s: ImportStage, state: ImportProgress['state'], detail = '', fraction = state === 'done' ? 1 : 0) =>
    onProgress({ stage: s, state, detail, fraction });
  const id = options.name ? options.name.replace(/[^\w.-]+/g, '-') || 'corpus' : corpusIdFor(files);
  const isJson = (n: string) => /\.jsonl?$/i.test(n);
  const hasQuestions = files.filter((f) => isJson(f.name)).length > 1;

  stage('parse', 'running', `${files.length} file(s)`);
  let warnings: string[] = [];
  let texts: Record<string, string> | undefined;
  let dataset: Dataset;
  if (isDocumentSet(files.map((f) => f.name))) {
    ({ dataset, warnings, texts } = await readDocumentSet(id, files, options, signal, (p) => {
      const { detail, fraction } = documentProgress(p);
      stage('parse', 'running', detail, fraction);
    }));
  } else
    dataset = hasQuestions
      ? loadDataset(id, files)
      : { name: id, corpus: { id, name: id, passages: parseCorpus(files) }, questions: [] };
  const skipped = warnings.length ? `; ${warnings.length} file warning${warnings.length === 1 ? '' : 's'}` : '';
  stage('parse', 'done', `${dataset.corpus.passages.length} passages, ${dataset.questions.length} questions${skipped}`);
  throwIfAborted(signal, 'library');
  const source = files.map((f) => f.name).join(', ');
  // Streaming save: the passages are written while BM25, triples and the graph are built; only the final
  // commit marks the corpus ready, and any failure or cancel removes what was written.
  const writer = stores.corpora.beginCorpus ? await stores.corpora.beginCorpus(dataset.corpus, source) : undefined;
  try {
    const imported = await buildAndSave(stores, dataset, source, writer, stage, onProgress, signal, pool);
    await stores.settings.putSetting(documentsKey(id), texts);
    return warnings.length ? { ...imported, entry: { ...imported.entry, warnings } } : imported;
  } catch (err) {
    await writer?.abort();
    throw err;
  }
}

async function buildAndSave(
  stores: Stores,
  dataset: Dataset,
  source: string,
  writer: CorpusWriter | undefined,
  stage: (s: ImportStage, state: ImportProgress['state'], detail?: string) => void,
  onProgress: (p: ImportProgress) => void,
  signal: AbortSignal,
  pool: WorkerPool | undefined,
): Promise<Imported> {
  const id = dataset.corpus.id;
  const workers = pool ? `, ${pool.size} worker${pool.size === 1 ? '' : 's'}` : '';
  const onTriples = (done: number, total: number) =>
    onProgress({
      stage: 'triples',
      state: 'running',
      detail: `${done} / ${total} passages${workers}`,
      fraction: total ? done / total : 1,
    });
  // With a pool, its workers extract triples while this thread builds BM25 (the pool merges its chunks in
  // passage order: the same TripleSet as the in-thread extractor). A BM25 failure stops the pool's job.
  const pooling = new AbortController();
  const stopPool = () => pooling.abort();
  signal.addEventListener('abort', stopPool, { once: true });
  let pooled: Promise<TripleSet> | undefined;
  if (pool) {
    stage('triples', 'running', TRIPLE_SOURCE_LABELS['offline-extractor'] + workers);
    pooled = extractTriplesPooled(pool, dataset.corpus.passages, pooling.signal, onTriples);
    pooled.catch(() => undefined); // awaited below; a failure meanwhile is not unhandled
  }
  let bm25: Bm25Retriever;
  let triples: TripleSet;
  try {
    stage('bm25', 'running');
    bm25 = createBm25Retriever(dataset.corpus.passages, { signal });
    stage('bm25', 'done', `k1 = ${BM25_DEFAULTS.k1}, b = ${BM25_DEFAULTS.b}`);
    await Promise.resolve(); // let a cancel message in between stages
    if (!pooled) stage('triples', 'running', TRIPLE_SOURCE_LABELS['offline-extractor']);
    triples = pooled ? await pooled : extractTriplesOffline(dataset.corpus.passages, signal, onTriples);
  } catch (err) {
    stopPool();
    throw signal.aborted ? new AbortedError('library') : err;
  } finally {
    signal.removeEventListener('abort', stopPool);
  }
  stage('triples', 'done', `${triples.passages.reduce((n, p) => n + p.triples.length, 0)} triples${workers}`);
  await Promise.resolve();
  throwIfAborted(signal, 'library');

  stage('graph', 'running', pool ? `synonym search${workers}` : '');
  const graph = pool
    ? await buildPhraseGraphWith(dataset.corpus, triples, GRAPH_OPTIONS, (phrases, threshold) =>
        similarPairsPooled(pool, phrases, threshold, signal),
      )
    : buildPhraseGraph(dataset.corpus, triples, GRAPH_OPTIONS);
  const hippo = createHippoRag2Retriever(dataset.corpus, { base: bm25, graph });
  stage('graph', 'done', `${hippo.graph.stats.phrases} phrases, ${hippo.graph.stats.relationEdges} relation edges`);
  throwIfAborted(signal, 'library');

  stage(
    'save',
    'running',
    writer
      ? 'triples, BM25 index, graph (passages were written during the build)'
      : 'passages, triples, BM25 index, graph',
  );
  const artifacts: Omit<ArtifactInput, 'corpusId'>[] = [
    { ...bm25Ref(id), ...bm25Artifact(bm25.index.toSnapshot()) },
    { ...graphRef(id, triples.source), ...phraseGraphArtifact(hippo.graph, GRAPH_OPTIONS) },
  ];
  const summary = writer
    ? await writer.commit({ triples: [triples], artifacts })
    : await stores.corpora.saveCorpus({ corpus: dataset.corpus, source, triples: [triples], artifacts });
  if (dataset.questions.length > 0) await stores.settings.putSetting(questionsKey(id), dataset.questions);
  stage('save', 'done');
  return { dataset, bm25, hippo, entry: libraryEntry(summary, dataset.questions.length, triples.source) };
}

/** Triple source of the corpus graph: the stored graph's key (cheap), else the first stored triple set. */
async function graphSource(
  stores: Stores,
  id: string,
  triples: () => Promise<TripleSet[]>,
): Promise<TripleSource | undefined> {
  const keys = (await stores.artifacts.listArtifacts(id)).filter((r) => r.kind === 'graph').map((r) => r.key);
  const stored = keys.filter((k): k is TripleSource => k in TRIPLE_SOURCE_LABELS).sort()[0];
  return stored ?? (await triples())[0]?.source;
}

export async function listLibrary(stores: Stores): Promise<LibraryEntry[]> {
  const corpora = await stores.corpora.listCorpora();
  return Promise.all(
    corpora.map(async (c) => {
      const [source, questions] = await Promise.all([
        graphSource(stores, c.id, () => stores.corpora.getTriples(c.id)),
        stores.settings.getSetting<Question[]>(questionsKey(c.id)),
      ]);
      return libraryEntry(c, questions?.length ?? 0, source);
    }),
  );
}

/** A stored index is for this corpus only when it names the same passages in the same order. */
function checkPassages(corpus: Corpus, count: number, idAt: (i: number) => string, what: string): void {
  const n = corpus.passages.length;
  if (count !== n) throw new StorageError(`the stored ${what} covers ${count} passages, the corpus has ${n}`);
  for (let i = 0; i < n; i++) {
    if (idAt(i) !== corpus.passages[i]!.id)
      throw new StorageError(
        `the stored ${what} names passage "${idAt(i)}" at position ${i}, the corpus has "${corpus.passages[i]!.id}"`,
      );
  }
}

function bm25FromStored(a: StoredArtifact, corpus: Corpus): Bm25Retriever {
  const index = Bm25Index.fromSnapshot(bm25SnapshotFromArtifact(a));
  const { k1, b } = index.params;
  if (k1 !== BM25_DEFAULTS.k1 || b !== BM25_DEFAULTS.b)
    throw new StorageError(
      `stored with k1 = ${k1}, b = ${b}; this build uses k1 = ${BM25_DEFAULTS.k1}, b = ${BM25_DEFAULTS.b}`,
    );
  checkPassages(corpus, index.documentCount, (i) => index.idAt(i), 'BM25 index');
  return bm25RetrieverFromIndex(index);
}

function graphFromStored(a: StoredArtifact, corpus: Corpus): PhraseGraph {
  const { graph, options } = phraseGraphFromArtifact(a);
  const keys = Object.keys(GRAPH_OPTIONS) as (keyof typeof GRAPH_OPTIONS)[];
  if (keys.some((k) => options[k] !== GRAPH_OPTIONS[k]))
    throw new StorageError(`built with ${JSON.stringify(options)}; this build uses ${JSON.stringify(GRAPH_OPTIONS)}`);
  checkPassages(corpus, graph.passageCount, (i) => graph.passageIds[i]!, 'graph');
  return graph;
}

export interface Opened {
  dataset: Dataset;
  bm25: Bm25Retriever;
  hippo: HippoRag2Retriever | undefined;
  indexSource: 'storage';
  /** What had to be rebuilt and why (a missing, stale or damaged stored index); undefined when all was read from storage. */
  notice?: string;
}

/** A stored corpus with its stored BM25 index and graph; nothing is rebuilt unless an artifact is missing or unusable. */
export async function openStored(stores: Stores, id: string): Promise<Opened> {
  const corpus = await stores.corpora.getCorpus(id);
  if (!corpus)
    throw new HopscopeError(
      'library',
      `corpus "${id}" is not in this browser's storage (deleted, or stored in another browser); import it again`,
    );
  let triples: Promise<TripleSet[]> | undefined;
  const triplesOf = () => (triples ??= stores.corpora.getTriples(id));
  const notices: string[] = [];
  const note = <T>(r: DecodedOrRebuilt<T>, what: string): T => {
    if (!r.fromStore)
      notices.push(r.message ?? `the ${what} was not stored (imported by an earlier version); built it and stored it`);
    return r.value;
  };
  const [questions, source] = await Promise.all([
    stores.settings.getSetting<Question[]>(questionsKey(id)),
    graphSource(stores, id, triplesOf),
  ]);

  const bm25 = note(
    await loadDecodedOrRebuild(
      stores.artifacts,
      bm25Ref(id),
      BM25_ARTIFACT,
      (a) => bm25FromStored(a, corpus),
      async () => {
        const built = createBm25Retriever(corpus.passages);
        return { value: built, artifact: bm25Artifact(built.index.toSnapshot()) };
      },
    ),
    'BM25 index',
  );

  let hippo: HippoRag2Retriever | undefined;
  if (source) {
    try {
      const graph = note(
        await loadDecodedOrRebuild(
          stores.artifacts,
          graphRef(id, source),
          PHRASE_GRAPH_ARTIFACT,
          (a) => graphFromStored(a, corpus),
          async () => {
            const set = (await triplesOf()).find((t) => t.source === source);
            if (!set)
              throw new StorageError(`no stored triples (${TRIPLE_SOURCE_LABELS[source]}) to rebuild the graph from`);
            const built = buildPhraseGraph(corpus, set, GRAPH_OPTIONS);
            return { value: built, artifact: phraseGraphArtifact(built, GRAPH_OPTIONS) };
          },
        ),
        'graph',
      );
      hippo = createHippoRag2Retriever(corpus, { base: bm25, graph });
    } catch (err) {
      if (!(err instanceof StorageError)) throw err;
      // The graph is then built from offline-extractor triples when first needed.
      notices.push(`the stored graph could not be used or rebuilt (${err.message})`);
    }
  }
  return {
    dataset: { name: corpus.name, corpus, questions: questions ?? [] },
    bm25,
    hippo,
    indexSource: 'storage',
    ...(notices.length ? { notice: notices.join('; ') } : {}),
  };
}

export async function deleteStored(stores: Stores, id: string): Promise<void> {
  await stores.corpora.deleteCorpus(id);
  await stores.settings.putSetting(questionsKey(id), undefined);
  await stores.settings.putSetting(documentsKey(id), undefined);
}

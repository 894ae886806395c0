// The corpus library inside the engine worker: import files through the importers with per-stage
// progress (parse, BM25, triples, graph, embeddings), persist corpus + triples (+ questions) in one
// store, list and delete, and reopen a stored corpus without re-extracting its triples.
import { HopscopeError, throwIfAborted } from '../src/core/errors.ts';
import { buildPhraseGraph } from '../src/core/graph/build.ts';
import { loadDataset, parseCorpus, type SourceFile } from '../src/core/ingest/index.ts';
import { createBm25Retriever } from '../src/core/retrievers/bm25.ts';
import { createHippoRag2Retriever, type HippoRag2Retriever } from '../src/core/retrievers/hipporag2.ts';
import type { Stores } from '../src/core/store/ports.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import { TRIPLE_SOURCE_LABELS, type TripleSet } from '../src/core/triples/types.ts';
import type { Corpus, Dataset, Question, Retriever } from '../src/core/types.ts';
import type { ImportProgress, ImportStage, LibraryEntry } from './engine-api.ts';

const questionsKey = (corpusId: string) => `questions:${corpusId}`;

export interface Imported {
  dataset: Dataset;
  bm25: Retriever;
  hippo: HippoRag2Retriever;
  entry: LibraryEntry;
}

/** Corpus id from the file name: "hotpotqa_corpus.json" -> "hotpotqa". */
export function corpusIdFor(files: readonly SourceFile[]): string {
  const corpusFile = files.find((f) => /corpus/i.test(f.name)) ?? files[0];
  if (!corpusFile) throw new HopscopeError('library', 'no files to import');
  const base = corpusFile.name.slice(corpusFile.name.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  return base.replace(/[_-]?corpus$/i, '').replace(/[^\w.-]+/g, '-') || 'corpus';
}

export async function importFiles(
  stores: Stores,
  files: SourceFile[],
  onProgress: (p: ImportProgress) => void,
  signal: AbortSignal,
): Promise<Imported> {
  const stage = (s: ImportStage, state: ImportProgress['state'], detail = '', fraction = state === 'done' ? 1 : 0) => onProgress({ stage: s, state, detail, fraction });
  const id = corpusIdFor(files);
  const isJson = (n: string) => /\.jsonl?$/i.test(n);
  const hasQuestions = files.filter((f) => isJson(f.name)).length > 1;

  stage('parse', 'running', `${files.length} file(s)`);
  const dataset: Dataset = hasQuestions ? loadDataset(id, files) : { name: id, corpus: { id, name: id, passages: parseCorpus(files) }, questions: [] };
  stage('parse', 'done', `${dataset.corpus.passages.length} passages, ${dataset.questions.length} questions`);
  throwIfAborted(signal, 'library');

  stage('bm25', 'running');
  const bm25 = createBm25Retriever(dataset.corpus.passages, { signal });
  stage('bm25', 'done', 'k1 = 1.2, b = 0.4');
  await Promise.resolve(); // let a cancel message in between stages

  stage('triples', 'running', TRIPLE_SOURCE_LABELS['offline-extractor']);
  const triples = extractTriplesOffline(dataset.corpus.passages, {}, signal, (done, total) =>
    onProgress({ stage: 'triples', state: 'running', detail: `${done} / ${total} passages`, fraction: total ? done / total : 1 }),
  );
  stage('triples', 'done', `${triples.passages.reduce((n, p) => n + p.triples.length, 0)} triples`);
  await Promise.resolve();
  throwIfAborted(signal, 'library');

  stage('graph', 'running');
  const hippo = hippoFrom(dataset.corpus, bm25, triples);
  stage('graph', 'done', `${hippo.graph.stats.phrases} phrases, ${hippo.graph.stats.relationEdges} relation edges`);
  stage('embeddings', 'skipped', 'no embedding model configured; dense backbones stay off for this corpus');
  throwIfAborted(signal, 'library');

  stage('save', 'running');
  const summary = await stores.corpora.saveCorpus({ corpus: dataset.corpus, source: files.map((f) => f.name).join(', '), triples: [triples] });
  if (dataset.questions.length > 0) await stores.settings.putSetting(questionsKey(id), dataset.questions);
  stage('save', 'done');
  return { dataset, bm25, hippo, entry: { ...summary, questionCount: dataset.questions.length, tripleSource: TRIPLE_SOURCE_LABELS[triples.source], embeddingModel: null, builtIn: false } };
}

function hippoFrom(corpus: Corpus, bm25: Retriever, triples: TripleSet): HippoRag2Retriever {
  return createHippoRag2Retriever(corpus, { base: bm25, triples, graph: buildPhraseGraph(corpus, triples) });
}

export async function listLibrary(stores: Stores): Promise<LibraryEntry[]> {
  const corpora = await stores.corpora.listCorpora();
  return Promise.all(
    corpora.map(async (c) => {
      const [triples, questions] = await Promise.all([stores.corpora.getTriples(c.id), stores.settings.getSetting<Question[]>(questionsKey(c.id))]);
      return { ...c, questionCount: questions?.length ?? 0, tripleSource: triples[0] ? TRIPLE_SOURCE_LABELS[triples[0].source] : null, embeddingModel: null, builtIn: false };
    }),
  );
}

export async function openStored(stores: Stores, id: string): Promise<{ dataset: Dataset; bm25: Retriever; hippo: HippoRag2Retriever | undefined }> {
  const corpus = await stores.corpora.getCorpus(id);
  if (!corpus) throw new HopscopeError('library', `corpus "${id}" is not in this browser's storage (deleted, or stored in another browser); import it again`);
  const [triples, questions] = await Promise.all([stores.corpora.getTriples(id), stores.settings.getSetting<Question[]>(questionsKey(id))]);
  const bm25 = createBm25Retriever(corpus.passages);
  const hippo = triples[0] ? hippoFrom(corpus, bm25, triples[0]) : undefined;
  return { dataset: { name: corpus.name, corpus, questions: questions ?? [] }, bm25, hippo };
}

export async function deleteStored(stores: Stores, id: string): Promise<void> {
  await stores.corpora.deleteCorpus(id);
  await stores.settings.putSetting(questionsKey(id), undefined);
}

// Store ports (pure interfaces). Implemented by src/storage (Dexie/IndexedDB, browser). Everything
// derived from a corpus is keyed by its id, so deleting a corpus deletes its passages, triples, graphs,
// indexes, vectors, runs and LLM cache entries.
import { HopscopeError } from '../errors.ts';
import type { LlmCacheStore } from '../llm/port.ts';
import type { Trace } from '../trace/schema.ts';
import type { TripleSet } from '../triples/types.ts';
import type { Corpus } from '../types.ts';

/** triples: GEAR's triple index T (src/core/triples/triple-index.ts), keyed by triple source. backbone: RAPTOR's tree, GraphRAG's communities. */
export type ArtifactKind = 'graph' | 'bm25' | 'vectors' | 'triples' | 'backbone';

/** Backbone artifacts (RAPTOR tree, GraphRAG communities) share the BM25 snapshots' table; their keys say which is which. */
export const BACKBONE_KEY_PREFIX = 'backbone:';

/** Binary index data with its format, version and a checksum over meta + buffers. */
export interface ArtifactInput {
  corpusId: string;
  kind: ArtifactKind;
  /** Distinguishes variants: the triple source of a graph, the model of vectors; "default" otherwise. */
  key: string;
  /** e.g. "hopscope.csr", "hopscope.bm25", "hopscope.vectors". */
  format: string;
  formatVersion: number;
  /** Small JSON-able description (counts, parameters, ids). */
  meta: unknown;
  buffers: Record<string, ArrayBuffer>;
}

export interface StoredArtifact extends ArtifactInput {
  checksum: string;
  createdAt: string;
}

export interface ArtifactRef {
  corpusId: string;
  kind: ArtifactKind;
  key: string;
}

/** What a reader expects; anything else is "stale" (rebuild) rather than mis-read. */
export interface ArtifactExpectation {
  format: string;
  formatVersion: number;
}

export type ArtifactLoad =
  | { status: 'ok'; artifact: StoredArtifact }
  | { status: 'missing' }
  | { status: 'stale'; reason: string }
  | { status: 'corrupt'; reason: string };

export interface ArtifactStore {
  putArtifact(artifact: ArtifactInput): Promise<StoredArtifact>;
  /** Verifies format, version and checksum; never returns unverified data as ok. */
  getArtifact(ref: ArtifactRef, expect: ArtifactExpectation): Promise<ArtifactLoad>;
  listArtifacts(corpusId: string): Promise<ArtifactRef[]>;
  deleteArtifact(ref: ArtifactRef): Promise<void>;
}

export interface CorpusSummary {
  id: string;
  name: string;
  passageCount: number;
  createdAt: string;
  /** Where it came from, e.g. the imported file name. */
  source?: string;
}

/** Artifacts derived at import time, saved with the passages in ONE transaction. */
export interface CorpusBundle {
  corpus: Corpus;
  source?: string;
  triples?: TripleSet[];
  artifacts?: Omit<ArtifactInput, 'corpusId'>[];
}

/** A corpus being streamed in (CorpusStore.beginCorpus): not listed, not openable, until commit. */
export interface CorpusWriter {
  /** Waits for the passage batches, then saves triples, artifacts and the corpus row in one transaction: only now is it ready. */
  commit(rest: Pick<CorpusBundle, 'triples' | 'artifacts'>): Promise<CorpusSummary>;
  /** Removes whatever was written; nothing of the corpus is left. */
  abort(): Promise<void>;
}

export interface CorpusStore {
  /** Corpus, passages, triples and artifacts atomically: a failure leaves nothing behind. Replaces a corpus with the same id. */
  saveCorpus(bundle: CorpusBundle): Promise<CorpusSummary>;
  /**
   * Optional streaming save for imports: drops a stored corpus with this id, then writes the passages in
   * batches while the caller goes on (extraction, indexing); the corpus is marked ready only by commit.
   */
  beginCorpus?(corpus: Corpus, source?: string): Promise<CorpusWriter>;
  listCorpora(): Promise<CorpusSummary[]>;
  getCorpus(id: string): Promise<Corpus | undefined>;
  getTriples(corpusId: string): Promise<TripleSet[]>;
  /** The corpus and everything derived from it. */
  deleteCorpus(id: string): Promise<void>;
}

export interface RunSummary {
  id: string;
  corpusId: string;
  strategy: string;
  retriever: string;
  status: Trace['status'];
  createdAt: string;
}

export interface RunStore {
  putRun(trace: Trace): Promise<void>;
  getRun(id: string): Promise<Trace | undefined>;
  listRuns(corpusId?: string): Promise<RunSummary[]>;
  deleteRun(id: string): Promise<void>;
}

export interface SettingsStore {
  getSetting<T>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;
}

/** One storage backend: everything above plus the LLM reply cache. */
export interface Stores {
  corpora: CorpusStore;
  artifacts: ArtifactStore;
  runs: RunStore;
  settings: SettingsStore;
  llmCache: LlmCacheStore;
}

export class StorageError extends HopscopeError {
  override readonly name: string = 'StorageError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('storage', message, options);
  }
}

/** The browser (or disk) refused to store more: says so in words a person can act on. */
export class StorageQuotaError extends StorageError {
  override readonly name: string = 'StorageQuotaError';
  constructor(what: string, options?: { cause?: unknown }) {
    super(
      `not enough storage space to ${what}. The browser limits how much this site may keep; ` +
        'delete a corpus or old runs you no longer need (or free disk space), then try again. Nothing was saved.',
      options,
    );
  }
}

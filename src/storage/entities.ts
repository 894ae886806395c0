// Row types of the IndexedDB tables (one file, as in Dexie's samples). Binary index data is stored as
// ArrayBuffers inside artifact rows; everything derived from a corpus carries its corpusId.
import type { CachedReply } from '../core/llm/port.ts';
import type { CorpusSummary, StoredArtifact } from '../core/persist/ports.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { TripleSet } from '../core/triples/types.ts';
import type { PassageSource } from '../core/types.ts';
import type { StoredTripleSet } from './triple-rows.ts';

/** The corpus summary itself (passageCount added in schema version 2, filled by its upgrade for version 1's rows). */
export type CorpusRow = CorpusSummary;

export interface PassageRow {
  corpusId: string;
  /** Position in the corpus: passages come back in import order. */
  ord: number;
  id: string;
  title: string;
  text: string;
  /** A document passage's file, section, pages and offsets (not indexed; absent for benchmark corpora). */
  source?: PassageSource;
}

export interface TripleRow {
  corpusId: string;
  source: TripleSet['source'];
  set: StoredTripleSet;
}

/** graphs, indexes (BM25 snapshots) and vectors tables all hold sealed artifacts. */
export type ArtifactRow = StoredArtifact;

export interface RunRow {
  id: string;
  corpusId: string;
  createdAt: string;
  trace: Trace;
}

export interface LlmCacheRow {
  key: string;
  /** '' for entries not tied to a corpus (IndexedDB cannot index undefined for the where clause). */
  corpusId: string;
  reply: CachedReply;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

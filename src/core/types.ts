// Core contracts shared by every host (browser page, workers, Node CLI). See docs/ARCHITECTURE.md.
import type { LlmRequest, LlmResponse } from './llm/port.ts';
import type { RetrievedItem, TraceEventOf, TraceQuestion } from './trace/schema.ts';

export type { RetrievedItem } from './trace/schema.ts';

export interface Passage {
  /** Stable id within its corpus. */
  id: string;
  title: string;
  text: string;
  /** Where the passage comes from in a document import (PDF, HTML, Markdown, Word, text); absent for benchmark corpora. */
  source?: PassageSource;
}

/** A passage's place in its document: file, heading path, pages (PDF) and character offsets. */
export interface PassageSource {
  /** File name as imported, e.g. "report.pdf". */
  file: string;
  /** Heading path below the document title, outermost first ("3 Tides", "3.2 Spring tides"); empty before the first heading. */
  section: string[];
  /** First and last page, 1-based (PDF only). */
  pages?: [number, number];
  /** Character offsets [start, end) in the document's text as read (src/core/documents). */
  start: number;
  end: number;
}

export interface Corpus {
  id: string;
  name: string;
  passages: Passage[];
}

/** A question with its gold evidence mapped to passage ids of one corpus (the trace's question, src/core/trace/schema.ts). */
export type Question = TraceQuestion;
export type QuestionEvidence = NonNullable<TraceQuestion['evidence']>;

export interface Dataset {
  name: string;
  corpus: Corpus;
  questions: Question[];
}

/** One scored passage in a ranking. Scores are comparable within one retriever only. */
export interface Ranked {
  id: string;
  score: number;
}

export interface Retriever {
  /** Short stable name, e.g. "bm25", "dense", "hybrid", "hipporag2". */
  readonly name: string;
  /** Top-k passages for a query, best first, ties broken by passage order in the corpus. */
  retrieve(query: string, k: number, signal?: AbortSignal): Promise<Ranked[]>;
  /**
   * Optional: the same passage ranking plus what the retriever ranked on the way (triples, tree nodes,
   * communities, entities), each with provenance to passages. Strategies record the items in the
   * trace's `retrieve` event when a retriever offers this.
   */
  retrieveItems?(query: string, k: number, signal?: AbortSignal, hooks?: RetrieveHooks): Promise<RetrievedWithItems>;
  /** True when retrieveItems calls the run's LLM through hooks (SyncGE's read step): its answers are then not memoised. */
  readonly readsWithRunLlm?: boolean;
  /** What a score means across queries (absent: 'per-query'); see ScoreScale. */
  readonly scores?: ScoreScale;
}

/**
 * 'comparable': one scale for every query (PPR mass, a probability; cosine; RRF's 1/(k + rank)), so scores
 * of different queries can be compared raw, as BDTR's Eq. 4 max-update does. 'per-query': a scale of the
 * query's own (BM25 grows with the query's terms and their rarity), so each retrieval is min-max normalised
 * before scores of different queries meet.
 */
export type ScoreScale = 'comparable' | 'per-query';

/** What retrieveItems returns: the passage ranking, the items behind it and, for graph expansion, its beams. */
export interface RetrievedWithItems {
  results: Ranked[];
  items: RetrievedItem[];
  /** GEAR Alg. 1 beams, one per search step (recorded as trace `beam` events after the `retrieve` event). */
  beams?: BeamRecord[];
}

/** A trace `beam` event without its time and round. */
export type BeamRecord = Omit<TraceEventOf<'beam'>, 'type' | 't' | 'round'>;

/** Lets a retriever that calls an LLM (SyncGE's read step) do it through the run: recorded, with what it was shown. */
export interface RetrieveHooks {
  ask?(request: LlmRequest, shown: readonly string[]): Promise<LlmResponse>;
}

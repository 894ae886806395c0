// Core contracts shared by every host (browser page, workers, Node CLI). See docs/ARCHITECTURE.md.
import type { LlmRequest, LlmResponse } from './llm/port.ts';

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

/** A question with its gold evidence mapped to passage ids of one corpus. */
export interface Question {
  id: string;
  question: string;
  /** Gold answer and its aliases; empty when unknown. */
  answers: string[];
  /** Gold passage ids in the corpus (supporting evidence). */
  gold: string[];
  /**
   * Gold as items, each the passages one item names (a document questions file's `gold`: a file, or a file
   * and heading path): Recall@k then counts items with any passage in the top k. `gold` is their union.
   */
  goldItems?: string[][];
  /** Dataset question type, e.g. bridge, comparison, compositional. */
  type?: string;
  /** Number of hops, where the dataset says so. */
  hops?: number;
  /** Structured gold (MuSiQue decomposition, 2Wiki evidences, HotpotQA supporting facts); read only to score a finished run. */
  evidence?: QuestionEvidence;
}

/** What a dataset says about each hop of a question, and the bridge passages defined from it (src/core/eval/bridge.ts). */
export interface QuestionEvidence {
  hops: { passages: string[]; question?: string; answer?: string; sentences?: number[] }[];
  /** Gold passage ids that are bridges (a subset of `gold`). */
  bridge: string[];
  /** The rule that chose them, in words (shown beside every bridge marking). */
  bridgeRule: string;
}

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

/** A trace `beam` event without its time and round (src/core/trace/schema.ts). */
export interface BeamRecord {
  step: number;
  kept: { triples: string[]; score: number; weight: number }[];
  pruned: { triples: string[]; score: number; weight: number }[];
  triples: { id: string; subject: string; predicate: string; object: string; passage: string | null }[];
}

/** Lets a retriever that calls an LLM (SyncGE's read step) do it through the run: recorded, with what it was shown. */
export interface RetrieveHooks {
  ask?(request: LlmRequest, shown: readonly string[]): Promise<LlmResponse>;
}

/** A non-passage item a retriever ranked, mapped back to passages (trace v2 `retrieve.items`). */
export interface RetrievedItem {
  kind: 'passage' | 'triple' | 'summary' | 'community' | 'entity';
  id: string;
  score: number;
  /** Display text: "subject | predicate | object", a summary, a community report title, an entity name. */
  text: string;
  /** Provenance: the passages this item comes from. */
  passages: string[];
  /** Tree level (RAPTOR: 0 = leaves) or community level (GraphRAG). */
  level?: number;
}

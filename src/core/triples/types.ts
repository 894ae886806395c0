// Triples extracted from passages, with where they came from. Every graph records its triple source so
// the UI and the eval tables can say whether a result rests on real LLM triples or the offline extractor.

export type TripleSource = 'openie-file' | 'llm' | 'offline-extractor';

/** How each source is shown to the user. */
export const TRIPLE_SOURCE_LABELS: Readonly<Record<TripleSource, string>> = Object.freeze({
  'openie-file': 'OpenIE file (LLM-extracted triples, HippoRAG format)',
  llm: 'LLM extraction (HippoRAG NER + triple prompts)',
  'offline-extractor': 'offline extractor (no LLM: wink-nlp proper-noun/date chunks, sentence co-occurrence)',
});

export interface Triple {
  subject: string;
  predicate: string;
  object: string;
}

export interface PassageTriples {
  passageId: string;
  /** Named entities of the passage (NER output); the graph itself uses triple subjects/objects, as HippoRAG 2 does. */
  entities: string[];
  triples: Triple[];
}

/** A triple that was not used, kept so the count in the warning can be checked. */
export interface RejectedTriple {
  passageId: string;
  value: unknown;
  reason: string;
}

export interface TripleSet {
  source: TripleSource;
  /** Where the triples came from in words, e.g. the file name or the model. */
  origin: string;
  passages: PassageTriples[];
  /** Malformed triples dropped while loading, e.g. not exactly 3 elements long. */
  rejected: RejectedTriple[];
  /** Human-readable warnings with counts (shown by the CLI and the UI). */
  warnings: string[];
}

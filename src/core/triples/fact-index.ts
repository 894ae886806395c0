// The facts of a triple set, deduplicated and searchable: HippoRAG 2's fact store (OSU-NLP-Group/HippoRAG,
// HippoRAG.py: each triple is text_processing'd, facts are keyed by content so one fact found in several
// passages is one row) plus a lexical index over "subject predicate object" strings. HippoRAG 2 scores
// facts by embedding dot product (get_fact_scores); `bm25` is the scorer used when there is no embedder
// (labelled wherever it shows), `embedded` the published one. Shared by HippoRAG 2's fact seeding and by
// anything else that ranks triples (e.g. GEAR's triple beam).
import { throwIfAborted } from '../errors.ts';
import type { Embedder } from '../embed/port.ts';
import { Bm25Index, type Bm25Params } from '../index/bm25.ts';
import { normalizePhrase } from './normalize.ts';
import { tripleText } from './triple-index.ts';
import type { TripleSet } from './types.ts';

export interface IndexedFact {
  subject: string;
  predicate: string;
  object: string;
  /** Corpus ids of the passages whose triples hold this fact, in corpus order of first appearance. */
  passages: string[];
}

export type FactScorerKind = 'bm25-triple-strings' | 'embedding';

export const FACT_SCORER_LABELS: Readonly<Record<FactScorerKind, string>> = Object.freeze({
  'bm25-triple-strings': 'BM25 over triple strings (no embedder: lexical stand-in for HippoRAG 2 fact embeddings)',
  embedding: 'embedding dot product (HippoRAG 2)',
});

export interface ScoredFact {
  fact: number;
  /** Min–max normalised over all facts, as HippoRAG 2's get_fact_scores does: the best fact scores 1. */
  score: number;
}

export interface FactIndex {
  readonly facts: readonly IndexedFact[];
  readonly scorer: FactScorerKind;
  /** The k best facts for a query, best first, ties to the earlier fact. Empty when nothing matches. */
  search(query: string, k: number, signal?: AbortSignal): Promise<ScoredFact[]>;
}

/** Unique normalised facts of a triple set, with the passages each one came from. Empty parts are dropped. */
export function collectFacts(triples: TripleSet): IndexedFact[] {
  const byKey = new Map<string, IndexedFact>();
  for (const entry of triples.passages) {
    for (const t of entry.triples) {
      const subject = normalizePhrase(t.subject);
      const predicate = normalizePhrase(t.predicate);
      const object = normalizePhrase(t.object);
      if (subject === '' || object === '') continue;
      const key = `${subject}\u0000${predicate}\u0000${object}`;
      const fact = byKey.get(key);
      if (!fact) byKey.set(key, { subject, predicate, object, passages: [entry.passageId] });
      else if (!fact.passages.includes(entry.passageId)) fact.passages.push(entry.passageId);
    }
  }
  return [...byKey.values()];
}

/** Min–max normalise (HippoRAG's min_max_normalize); facts the query does not touch score 0 before it. */
function normalised(hits: { fact: number; raw: number }[], total: number): ScoredFact[] {
  if (hits.length === 0) return [];
  let max = -Infinity;
  let min = hits.length < total ? 0 : Infinity;
  for (const h of hits) {
    max = Math.max(max, h.raw);
    min = Math.min(min, h.raw);
  }
  return hits.map((h) => ({ fact: h.fact, score: max > min ? (h.raw - min) / (max - min) : 1 }));
}

/**
 * BM25 parameters for triple strings: full length normalisation (b = 1). Facts are 3-10 words, and a
 * fact that is mostly query words ("lothair ii | mother | ermengarde") should beat a long one that
 * merely contains one. Swept (scripts/sweep-fact-b.ts; HippoRAG 2 fact-seeded Recall@5) on sets that share no
 * question with a second half: the MuSiQue-train OpenIE set without its 70 questions that are also in
 * MuSiQue's second half (30 questions, GPT-3.5 triples) and MuSiQue's first half (178, offline-extractor
 * triples): b = 0 .528 / .544, 0.4 (passage default) .594 / .537, 0.75 .583 / .540, 1 .633 / .544. k1 = 1.2 is
 * the BM25 default (an earlier sweep of k1 ran on questions that overlap MuSiQue's second half and is not
 * relied on). src/core/fitted.ts lists it with the other measured defaults.
 */
export const FACT_BM25_DEFAULTS: Readonly<Bm25Params> = Object.freeze({ k1: 1.2, b: 1 });

/** Facts ranked by BM25 over their "subject predicate object" strings. */
export function createBm25FactIndex(facts: readonly IndexedFact[], params: Partial<Bm25Params> = {}): FactIndex {
  return bm25FactIndex(facts, buildFactBm25(facts, params));
}

/** The BM25 index over the facts' strings (document id = the fact's position). */
export function buildFactBm25(facts: readonly IndexedFact[], params: Partial<Bm25Params> = {}): Bm25Index {
  const docs = facts.map((f, i) => ({ id: String(i), text: tripleText(f) }));
  return Bm25Index.build(docs, { ...FACT_BM25_DEFAULTS, ...params });
}

/** Facts searched through `index`, built by buildFactBm25 over these facts (or read back from its snapshot). */
export function bm25FactIndex(facts: readonly IndexedFact[], index: Bm25Index): FactIndex {
  return {
    facts,
    scorer: 'bm25-triple-strings',
    async search(query, k, signal) {
      throwIfAborted(signal, 'triples.index');
      // Score every fact the query touches, so the normalisation sees the true maximum and minimum.
      const { docs, scores } = index.topDocs(query, facts.length);
      const hits = Array.from(docs, (fact, i) => ({ fact, raw: scores[i]! }));
      return normalised(hits, facts.length).slice(0, Math.max(0, k));
    },
  };
}

/** The texts a fact index embeds ("subject predicate object"), one per fact (stored vectors are keyed by them). */
export const factTexts = (facts: readonly IndexedFact[]): string[] => facts.map(tripleText);

/** Facts ranked by the embedder (HippoRAG 2): fact vectors are embedded once here. */
export async function createEmbeddedFactIndex(
  facts: readonly IndexedFact[],
  embedder: Embedder,
  signal?: AbortSignal,
  /** The facts' vectors already embedded (e.g. stored) by the same embedder; embedded now when absent. */
  given?: { data: Float32Array; dim: number },
): Promise<FactIndex> {
  const vectors = given ?? (await embedder.embed(facts.map(tripleText), signal));
  return {
    facts,
    scorer: 'embedding',
    async search(query, k, s) {
      const q = await embedder.embed([query], s);
      const dim = vectors.dim;
      const hits = facts.map((_, fact) => {
        let dot = 0;
        for (let j = 0; j < dim; j++) dot += vectors.data[fact * dim + j]! * q.data[j]!;
        return { fact, raw: dot };
      });
      // Every fact has a cosine, so min–max runs over all of them (total = hits).
      const ranked = normalised(hits, hits.length);
      ranked.sort((a, b) => b.score - a.score || a.fact - b.fact);
      return ranked.slice(0, Math.max(0, k));
    },
  };
}

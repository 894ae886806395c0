// GEAR's triple index T (GEAR §3): every triple belongs to exactly one passage, a passage may own many.
// Built from any TripleSet (OpenIE file, LLM J.1 extraction, or the offline extractor; the source label
// travels with it). Three access paths:
//   - h(q, T): BM25 over each triple's "subject predicate object" string (search), the retrieval GEAR
//     uses for tripleLink (Eq. 2) and for passageLink's triple half (Eq. 10);
//   - the neighbour index: triples sharing a head or tail entity (Alg. 1 get_neighbours), as CSR arrays
//     over normalised entity keys (normalizePhrase), so "Ed Wood" and "ed wood" meet;
//   - triples of a passage (NaiveGE's initial triples, GEAR §6.2).
// A triple that occurs in two passages is kept twice (once per passage): alignment stays one-to-one.
import { errorClass } from '../errors.ts';
import { Bm25Index } from '../index/bm25.ts';
import { packStrings, unpackStrings, type Bm25Snapshot, type PackedStrings } from '../index/bm25-snapshot.ts';
import { tokenize, TOKENIZER_VERSION } from '../text/tokenize.ts';
import { normalizePhrase } from './normalize.ts';
import type { TripleSet, TripleSource } from './types.ts';

const TripleIndexError = errorClass('TripleIndexError', 'triples.index');

export interface IndexedTriple {
  /** Position in the index; also its id ("t<index>") in traces. */
  index: number;
  subject: string;
  predicate: string;
  object: string;
  /** The one passage it belongs to. */
  passage: string;
}

export interface TripleHit {
  triple: number;
  score: number;
}

/** "subject predicate object", the text BM25 and the scorers read. */
export function tripleText(t: { subject: string; predicate: string; object: string }): string {
  return `${t.subject} ${t.predicate} ${t.object}`;
}

export const tripleId = (index: number): string => `t${index}`;

export const TRIPLE_INDEX_FORMAT = 'hopscope.triple-index';
/** Bump whenever the snapshot's shape or meaning changes: older stored snapshots are then rebuilt. */
export const TRIPLE_INDEX_VERSION = 1;

/** A TripleIndex as plain numbers, strings and typed arrays (structured-clonable; stored as an artifact). */
export interface TripleIndexSnapshot {
  source: TripleSource;
  origin: string;
  /** TOKENIZER_VERSION of the build that made it (the term ids depend on it). */
  tokenizer: string;
  count: number;
  termCount: number;
  subjects: PackedStrings;
  predicates: PackedStrings;
  objects: PackedStrings;
  passages: PackedStrings;
  terms: PackedStrings;
  termDf: Uint32Array;
  /** CSR of each triple's distinct term ids. */
  tokenOffsets: Uint32Array;
  tokenFlat: Uint32Array;
  termOffsets: Uint32Array;
  termTriples: Uint32Array;
  heads: Uint32Array;
  tails: Uint32Array;
  entityOffsets: Uint32Array;
  entityTriples: Uint32Array;
  bm25: Bm25Snapshot;
}

/** The arrays a snapshot stores as they are, plus the BM25 index and the term list. */
export const TRIPLE_INDEX_ARRAYS = [
  'termDf',
  'tokenOffsets',
  'tokenFlat',
  'termOffsets',
  'termTriples',
  'heads',
  'tails',
  'entityOffsets',
  'entityTriples',
] as const;
type Parts = Pick<TripleIndexSnapshot, (typeof TRIPLE_INDEX_ARRAYS)[number]> & { bm25: Bm25Index; terms: string[] };

export class TripleIndex {
  readonly source: TripleSource;
  readonly origin: string;
  /** Token ids of each triple's text (for the lexical scorers), term ids from `terms`. */
  readonly tokenIds: readonly Uint32Array[];
  /** Documents (triples) containing each term, for idf. */
  readonly termDf: Uint32Array;
  private readonly termIds: Map<string, number>;
  private readonly byPassage = new Map<string, number[]>();
  /** Dedup stamps for neighbours(): stamp[j] === call means j is already in the output. */
  private readonly stamp: Uint32Array;
  private call = 0;

  /**
   * `parts` (built by buildParts, or as stored): the BM25 over triple strings; CSR lists of each triple's
   * distinct term ids (tokenOffsets/tokenFlat), of the triples containing each term (termOffsets/termTriples,
   * for per-query relevance without scanning T) and of the triples by entity key, under their head and
   * their tail (entityOffsets/entityTriples); the head and tail entity key of each triple.
   */
  private constructor(
    set: Pick<TripleSet, 'source' | 'origin'>,
    readonly triples: readonly IndexedTriple[],
    private readonly p: Parts,
  ) {
    this.source = set.source;
    this.origin = set.origin;
    this.termDf = p.termDf;
    this.termIds = new Map(p.terms.map((term, id) => [term, id]));
    this.tokenIds = triples.map((_, i) => p.tokenFlat.subarray(p.tokenOffsets[i]!, p.tokenOffsets[i + 1]!));
    this.stamp = new Uint32Array(triples.length);
    triples.forEach((t, i) => {
      const list = this.byPassage.get(t.passage);
      if (list) list.push(i);
      else this.byPassage.set(t.passage, [i]);
    });
  }

  /** One entry per (passage, triple); triples with an empty part are skipped. */
  static fromTripleSet(set: TripleSet, signal?: AbortSignal): TripleIndex {
    const triples: IndexedTriple[] = [];
    for (const p of set.passages) {
      for (const t of p.triples) {
        if (!t.subject.trim() || !t.object.trim()) continue;
        triples.push({
          index: triples.length,
          subject: t.subject,
          predicate: t.predicate,
          object: t.object,
          passage: p.passageId,
        });
      }
    }
    if (triples.length === 0) throw new TripleIndexError(`the triple set from ${set.origin} holds no triples`);
    return new TripleIndex(set, triples, buildParts(triples, signal));
  }

  /** Everything needed to restore this index without re-tokenising (fromSnapshot). */
  toSnapshot(): TripleIndexSnapshot {
    const { bm25, terms, ...arrays } = this.p;
    return {
      source: this.source,
      origin: this.origin,
      tokenizer: TOKENIZER_VERSION,
      count: this.triples.length,
      termCount: terms.length,
      subjects: packStrings(this.triples.map((t) => t.subject)),
      predicates: packStrings(this.triples.map((t) => t.predicate)),
      objects: packStrings(this.triples.map((t) => t.object)),
      passages: packStrings(this.triples.map((t) => t.passage)),
      terms: packStrings(terms),
      ...arrays,
      bm25: bm25.toSnapshot(),
    };
  }

  /** Restores toSnapshot's output; a snapshot of another tokenizer or with inconsistent sizes is refused (TripleIndexError). */
  static fromSnapshot(snap: TripleIndexSnapshot): TripleIndex {
    if (snap.tokenizer !== TOKENIZER_VERSION)
      throw new TripleIndexError(
        `the stored triple index was tokenised by ${snap.tokenizer}; this build uses ${TOKENIZER_VERSION}`,
      );
    const n = snap.count;
    const bad = (what: string) => new TripleIndexError(`the stored triple index is inconsistent: ${what}`);
    if (snap.tokenOffsets.length !== n + 1 || snap.heads.length !== n || snap.tails.length !== n)
      throw bad(`per-triple arrays do not hold ${n} entries`);
    if (snap.termDf.length !== snap.termCount || snap.termOffsets.length !== snap.termCount + 1)
      throw bad(`per-term arrays do not hold ${snap.termCount} entries`);
    if (snap.tokenOffsets[n] !== snap.tokenFlat.length || snap.termOffsets[snap.termCount] !== snap.termTriples.length)
      throw bad('CSR offsets do not match their lists');
    if (snap.entityOffsets[snap.entityOffsets.length - 1] !== snap.entityTriples.length)
      throw bad('entity offsets do not match the entity lists');
    let subjects: string[], predicates: string[], objects: string[], passages: string[], terms: string[];
    try {
      subjects = unpackStrings(snap.subjects, n, 'subjects');
      predicates = unpackStrings(snap.predicates, n, 'predicates');
      objects = unpackStrings(snap.objects, n, 'objects');
      passages = unpackStrings(snap.passages, n, 'passages');
      terms = unpackStrings(snap.terms, snap.termCount, 'terms');
    } catch (err) {
      throw bad(err instanceof Error ? err.message : String(err));
    }
    const bm25 = Bm25Index.fromSnapshot(snap.bm25);
    if (bm25.documentCount !== n) throw bad(`its BM25 over triples covers ${bm25.documentCount} triples, not ${n}`);
    const triples = subjects.map((subject, i) => ({
      index: i,
      subject,
      predicate: predicates[i]!,
      object: objects[i]!,
      passage: passages[i]!,
    }));
    const arrays = Object.fromEntries(TRIPLE_INDEX_ARRAYS.map((k) => [k, snap[k]]));
    return new TripleIndex(snap, triples, {
      ...(arrays as Pick<Parts, (typeof TRIPLE_INDEX_ARRAYS)[number]>),
      bm25,
      terms,
    });
  }

  get size(): number {
    return this.triples.length;
  }

  triple(i: number): IndexedTriple {
    const t = this.triples[i];
    if (!t) throw new TripleIndexError(`triple ${i} is outside 0..${this.triples.length - 1}`);
    return t;
  }

  termId(token: string): number | undefined {
    return this.termIds.get(token);
  }

  /** h(q, T): the k best triples for a text by BM25 over "subject predicate object". */
  search(query: string, k: number): TripleHit[] {
    const { docs, scores } = this.p.bm25.topDocs(query, k);
    return Array.from(docs, (d, i) => ({ triple: d, score: scores[i]! }));
  }

  /** Triples sharing the head or tail entity of triple `i` (itself excluded): the head's in index order, then the tail's not seen yet. */
  neighbours(i: number): number[] {
    const out: number[] = [];
    const mark = ++this.call === 0xffffffff ? this.resetStamps() : this.call;
    this.stamp[i] = mark;
    for (const e of [this.p.heads[i]!, this.p.tails[i]!]) {
      const end = this.p.entityOffsets[e + 1]!;
      for (let p = this.p.entityOffsets[e]!; p < end; p++) {
        const j = this.p.entityTriples[p]!;
        if (this.stamp[j] !== mark) {
          this.stamp[j] = mark;
          out.push(j);
        }
      }
    }
    return out;
  }

  private resetStamps(): number {
    this.stamp.fill(0);
    this.call = 1;
    return 1;
  }

  /** Head and tail entity keys of triple `i` (equal for a self-loop). */
  entitiesOf(i: number): [head: number, tail: number] {
    return [this.p.heads[i]!, this.p.tails[i]!];
  }

  /** Triples whose head or tail is entity key `e`, ascending. */
  triplesOfEntity(e: number): Uint32Array {
    return this.p.entityTriples.subarray(this.p.entityOffsets[e]!, this.p.entityOffsets[e + 1]!);
  }

  /** Triples containing a term (by term id), ascending. */
  triplesWithTerm(term: number): Uint32Array {
    return this.p.termTriples.subarray(this.p.termOffsets[term]!, this.p.termOffsets[term + 1]!);
  }

  /** The same neighbours found by scanning every triple (no neighbour index): the benchmark's reference. */
  neighboursByScan(i: number): number[] {
    const h = this.p.heads[i]!;
    const t = this.p.tails[i]!;
    // the same order as neighbours(): the head's triples ascending, then the tail's not seen yet
    const ofHead: number[] = [];
    const ofTail: number[] = [];
    for (let j = 0; j < this.p.heads.length; j++) {
      if (j === i) continue;
      const a = this.p.heads[j]!;
      const b = this.p.tails[j]!;
      if (a === h || b === h) ofHead.push(j);
      else if (a === t || b === t) ofTail.push(j);
    }
    return [...ofHead, ...ofTail];
  }

  /** The triples of a passage, in extraction order (empty when it has none). */
  ofPassage(passageId: string): readonly number[] {
    return this.byPassage.get(passageId) ?? [];
  }
}

/** The parts of a new index: BM25 over the triple strings, the term lists and the entity lists. */
function buildParts(triples: readonly IndexedTriple[], signal?: AbortSignal): Parts {
  const docs = triples.map((t) => ({ id: tripleId(t.index), text: tripleText(t) }));
  const bm25 = Bm25Index.build(docs, { signal });
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const df: number[] = [];
  const tokenOffsets = new Uint32Array(triples.length + 1);
  const flat: number[] = [];
  triples.forEach((t, i) => {
    const ids = new Set<number>();
    for (const tok of tokenize(tripleText(t))) {
      let id = termIds.get(tok);
      if (id === undefined) {
        id = terms.length;
        termIds.set(tok, id);
        terms.push(tok);
        df.push(0);
      }
      ids.add(id);
    }
    for (const id of ids) {
      df[id]! += 1;
      flat.push(id);
    }
    tokenOffsets[i + 1] = flat.length;
  });
  const termDf = Uint32Array.from(df);
  const tokenFlat = Uint32Array.from(flat);
  const termOffsets = new Uint32Array(terms.length + 1);
  for (let t = 0; t < terms.length; t++) termOffsets[t + 1] = termOffsets[t]! + termDf[t]!;
  const termTriples = new Uint32Array(termOffsets[terms.length]!);
  const tCur = termOffsets.slice(0, terms.length);
  for (let i = 0; i < triples.length; i++)
    for (let p = tokenOffsets[i]!; p < tokenOffsets[i + 1]!; p++) termTriples[tCur[tokenFlat[p]!]!++] = i;
  const keys = new Map<string, number>();
  let entityCount = 0;
  // An entity that normalises to nothing ("北京", "—") gets its own key: it must not link unrelated triples.
  const key = (s: string) => {
    const k = normalizePhrase(s);
    if (k === '') return entityCount++;
    let id = keys.get(k);
    if (id === undefined) keys.set(k, (id = entityCount++));
    return id;
  };
  const heads = Uint32Array.from(triples, (t) => key(t.subject));
  const tails = Uint32Array.from(triples, (t) => key(t.object));
  const entityOffsets = new Uint32Array(entityCount + 1);
  triples.forEach((_, i) => {
    entityOffsets[heads[i]! + 1]! += 1;
    if (tails[i] !== heads[i]) entityOffsets[tails[i]! + 1]! += 1;
  });
  for (let e = 0; e < entityCount; e++) entityOffsets[e + 1]! += entityOffsets[e]!;
  const entityTriples = new Uint32Array(entityOffsets[entityCount]!);
  const cursor = entityOffsets.slice(0, entityCount);
  triples.forEach((_, i) => {
    entityTriples[cursor[heads[i]!]!++] = i;
    if (tails[i] !== heads[i]) entityTriples[cursor[tails[i]!]!++] = i;
  });
  return {
    ...{ termDf, tokenOffsets, tokenFlat, termOffsets, termTriples, heads, tails, entityOffsets, entityTriples },
    bm25,
    terms,
  };
}

// GEAR's triple index T (GEAR §3): every triple belongs to exactly one passage, a passage may own many.
// Built from any TripleSet (OpenIE file, LLM J.1 extraction, or the offline extractor; the source label
// travels with it). Three access paths:
//   - h(q, T): BM25 over each triple's "subject predicate object" string (search), the retrieval GEAR
//     uses for tripleLink (Eq. 2) and for passageLink's triple half (Eq. 10);
//   - the neighbour index: triples sharing a head or tail entity (Alg. 1 get_neighbours), as CSR arrays
//     over normalised entity keys (normalizePhrase), so "Ed Wood" and "ed wood" meet;
//   - triples of a passage (NaiveGE's initial triples, GEAR §6.2).
// A triple that occurs in two passages is kept twice (once per passage): alignment stays one-to-one.
import { HopscopeError } from '../errors.ts';
import { Bm25Index } from '../index/bm25.ts';
import { packStrings, unpackStrings, type PackedStrings } from '../index/bm25-strings.ts';
import type { Bm25Snapshot } from '../index/bm25-snapshot.ts';
import { TOKENIZER_VERSION } from '../text/tokenize.ts';
import { tokenize } from '../text/tokenize.ts';
import { normalizePhrase } from './normalize.ts';
import type { TripleSet, TripleSource } from './types.ts';

export class TripleIndexError extends HopscopeError {
  override readonly name = 'TripleIndexError';
  constructor(message: string) {
    super('triples.index', message);
  }
}

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

interface StoredParts {
  bm25: Bm25Index;
  terms: string[];
  termDf: Uint32Array;
  tokenOffsets: Uint32Array;
  tokenFlat: Uint32Array;
  termOffsets: Uint32Array;
  termTriples: Uint32Array;
  heads: Uint32Array;
  tails: Uint32Array;
  entityOffsets: Uint32Array;
  entityTriples: Uint32Array;
}

export class TripleIndex {
  readonly source: TripleSource;
  readonly origin: string;
  readonly triples: readonly IndexedTriple[];
  /** Token ids of each triple's text (for the lexical scorers), term ids from `terms`. */
  readonly tokenIds: readonly Uint32Array[];
  private readonly termIds = new Map<string, number>();
  /** Documents (triples) containing each term, for idf. */
  readonly termDf: number[] = [];
  private readonly bm25: Bm25Index;
  /** CSR: triples by entity key; a triple appears under its head and its tail. */
  private readonly entityOffsets: Uint32Array;
  private readonly entityTriples: Uint32Array;
  /** Head and tail entity key per triple. */
  private readonly heads: Uint32Array;
  private readonly tails: Uint32Array;
  private readonly byPassage = new Map<string, number[]>();
  /** CSR: triples containing each term (for per-query relevance without scanning T). */
  private readonly termOffsets: Uint32Array;
  private readonly termTriples: Uint32Array;
  /** Dedup stamps for neighbours(): stamp[j] === call means j is already in the output. */
  private readonly stamp: Uint32Array;
  private call = 0;

  private constructor(
    set: Pick<TripleSet, 'source' | 'origin'>,
    triples: IndexedTriple[],
    signal?: AbortSignal,
    stored?: StoredParts,
  ) {
    this.source = set.source;
    this.origin = set.origin;
    this.triples = triples;
    if (stored) {
      // from a snapshot (toSnapshot): every structure as stored, nothing re-tokenised or re-counted
      this.bm25 = stored.bm25;
      stored.terms.forEach((term, id) => this.termIds.set(term, id));
      this.termDf = Array.from(stored.termDf);
      this.tokenIds = triples.map((_, i) =>
        stored.tokenFlat.subarray(stored.tokenOffsets[i]!, stored.tokenOffsets[i + 1]!),
      );
      this.termOffsets = stored.termOffsets;
      this.termTriples = stored.termTriples;
      this.heads = stored.heads;
      this.tails = stored.tails;
      this.entityOffsets = stored.entityOffsets;
      this.entityTriples = stored.entityTriples;
      this.stamp = new Uint32Array(triples.length);
      triples.forEach((t, i) => {
        const list = this.byPassage.get(t.passage);
        if (list) list.push(i);
        else this.byPassage.set(t.passage, [i]);
      });
      return;
    }
    this.bm25 = Bm25Index.build(
      triples.map((t) => ({ id: tripleId(t.index), text: tripleText(t) })),
      { signal },
    );
    this.tokenIds = triples.map((t) => {
      const ids = new Set<number>();
      for (const tok of tokenize(tripleText(t))) {
        let id = this.termIds.get(tok);
        if (id === undefined) {
          id = this.termDf.length;
          this.termIds.set(tok, id);
          this.termDf.push(0);
        }
        ids.add(id);
      }
      for (const id of ids) this.termDf[id]! += 1;
      return Uint32Array.from(ids);
    });
    const tOff = new Uint32Array(this.termDf.length + 1);
    for (let t = 0; t < this.termDf.length; t++) tOff[t + 1] = tOff[t]! + this.termDf[t]!;
    this.termOffsets = tOff;
    this.termTriples = new Uint32Array(tOff[this.termDf.length]!);
    const tCur = tOff.slice(0, this.termDf.length);
    this.tokenIds.forEach((ids, i) => {
      for (const id of ids) this.termTriples[tCur[id]!++] = i;
    });
    this.stamp = new Uint32Array(triples.length);
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
    this.heads = Uint32Array.from(triples, (t) => key(t.subject));
    this.tails = Uint32Array.from(triples, (t) => key(t.object));
    const counts = new Uint32Array(entityCount + 1);
    triples.forEach((_, i) => {
      counts[this.heads[i]! + 1]! += 1;
      if (this.tails[i] !== this.heads[i]) counts[this.tails[i]! + 1]! += 1;
    });
    for (let e = 0; e < entityCount; e++) counts[e + 1]! += counts[e]!;
    this.entityOffsets = counts;
    this.entityTriples = new Uint32Array(counts[entityCount]!);
    const cursor = counts.slice(0, entityCount);
    triples.forEach((t, i) => {
      this.entityTriples[cursor[this.heads[i]!]!++] = i;
      if (this.tails[i] !== this.heads[i]) this.entityTriples[cursor[this.tails[i]!]!++] = i;
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
    return new TripleIndex(set, triples, signal);
  }

  /** Everything needed to restore this index without re-tokenising (fromSnapshot). */
  toSnapshot(): TripleIndexSnapshot {
    const n = this.triples.length;
    const tokenOffsets = new Uint32Array(n + 1);
    this.tokenIds.forEach((ids, i) => (tokenOffsets[i + 1] = tokenOffsets[i]! + ids.length));
    const tokenFlat = new Uint32Array(tokenOffsets[n]!);
    this.tokenIds.forEach((ids, i) => tokenFlat.set(ids, tokenOffsets[i]!));
    const terms = new Array<string>(this.termDf.length);
    for (const [term, id] of this.termIds) terms[id] = term;
    return {
      source: this.source,
      origin: this.origin,
      tokenizer: TOKENIZER_VERSION,
      count: n,
      termCount: terms.length,
      subjects: packStrings(this.triples.map((t) => t.subject)),
      predicates: packStrings(this.triples.map((t) => t.predicate)),
      objects: packStrings(this.triples.map((t) => t.object)),
      passages: packStrings(this.triples.map((t) => t.passage)),
      terms: packStrings(terms),
      termDf: Uint32Array.from(this.termDf),
      tokenOffsets,
      tokenFlat,
      termOffsets: this.termOffsets,
      termTriples: this.termTriples,
      heads: this.heads,
      tails: this.tails,
      entityOffsets: this.entityOffsets,
      entityTriples: this.entityTriples,
      bm25: this.bm25.toSnapshot(),
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
    return new TripleIndex({ source: snap.source, origin: snap.origin }, triples, undefined, { ...snap, bm25, terms });
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
    const { docs, scores } = this.bm25.topDocs(query, k);
    return Array.from(docs, (d, i) => ({ triple: d, score: scores[i]! }));
  }

  /** Triples sharing the head or tail entity of triple `i` (itself excluded): the head's in index order, then the tail's not seen yet. */
  neighbours(i: number): number[] {
    const out: number[] = [];
    const mark = ++this.call === 0xffffffff ? this.resetStamps() : this.call;
    this.stamp[i] = mark;
    for (const e of [this.heads[i]!, this.tails[i]!]) {
      const end = this.entityOffsets[e + 1]!;
      for (let p = this.entityOffsets[e]!; p < end; p++) {
        const j = this.entityTriples[p]!;
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
    return [this.heads[i]!, this.tails[i]!];
  }

  /** Triples whose head or tail is entity key `e`, ascending. */
  triplesOfEntity(e: number): Uint32Array {
    return this.entityTriples.subarray(this.entityOffsets[e]!, this.entityOffsets[e + 1]!);
  }

  /** Triples containing a term (by term id), ascending. */
  triplesWithTerm(term: number): Uint32Array {
    return this.termTriples.subarray(this.termOffsets[term]!, this.termOffsets[term + 1]!);
  }

  /** The same neighbours found by scanning every triple (no neighbour index): the benchmark's reference. */
  neighboursByScan(i: number): number[] {
    const h = this.heads[i]!;
    const t = this.tails[i]!;
    // the same order as neighbours(): the head's triples ascending, then the tail's not seen yet
    const ofHead: number[] = [];
    const ofTail: number[] = [];
    for (let j = 0; j < this.heads.length; j++) {
      if (j === i) continue;
      const a = this.heads[j]!;
      const b = this.tails[j]!;
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

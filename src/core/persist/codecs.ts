// Typed views <-> artifact buffers for the structures the stores hold (graph CSR, HippoRAG 2 phrase
// graph, BM25 snapshot, passage vectors, GEAR's triple index).
// Buffers are copied out of larger backing buffers so each artifact owns exactly its bytes.
import { edgeFactsOf, type Fact, type GraphOptions, type PhraseGraph } from '../graph/build.ts';
import type { Csr } from '../graph/csr.ts';
import { packStrings, unpackStrings, type PackedStrings } from '../index/bm25-snapshot.ts';
import {
  TRIPLE_INDEX_ARRAYS,
  TRIPLE_INDEX_FORMAT,
  TRIPLE_INDEX_VERSION,
  type TripleIndexSnapshot,
} from '../triples/triple-index.ts';
import type { TripleSource } from '../triples/types.ts';
import { fnv1a, fnvLabel } from './checksum.ts';
import { BM25_SNAPSHOT_FORMAT, BM25_SNAPSHOT_VERSION, type Bm25Snapshot } from '../index/bm25-snapshot.ts';
import { VectorIndex } from '../index/vectors.ts';
import { StorageError, type ArtifactBody, type StoredArtifact } from './ports.ts';

export const VECTORS_ARTIFACT = { format: 'hopscope.vectors', formatVersion: 1 } as const;

/** A packed string table as the buffers "<name>Bytes" and "<name>Ends". */
export const packedBuffers = (n: string, p: PackedStrings) => ({ [`${n}Bytes`]: p.bytes, [`${n}Ends`]: p.ends });

/** The bytes of a typed array as a buffer of their own. */
export const own = (v: ArrayBufferView): ArrayBuffer =>
  (v.buffer as ArrayBuffer).slice(v.byteOffset, v.byteOffset + v.byteLength);

export function vectorsArtifact(index: VectorIndex, model: string, passageCount: number): ArtifactBody {
  return {
    ...VECTORS_ARTIFACT,
    meta: { model, dim: index.dim, count: passageCount },
    buffers: { data: own(index.data) },
  };
}

export function vectorIndexFromArtifact(a: StoredArtifact): VectorIndex {
  const meta = a.meta as { dim?: unknown; count?: unknown };
  const data = a.buffers.data;
  if (!data || typeof meta.dim !== 'number' || typeof meta.count !== 'number')
    throw new StorageError(`vectors "${a.key}" of corpus "${a.corpusId}" lack data or dim`);
  const index = new VectorIndex(new Float32Array(data), meta.dim);
  if (index.count !== meta.count)
    throw new StorageError(
      `vectors "${a.key}" of corpus "${a.corpusId}": ${index.count} vectors, metadata says ${meta.count}`,
    );
  return index;
}

export const BM25_ARTIFACT = { format: BM25_SNAPSHOT_FORMAT, formatVersion: BM25_SNAPSHOT_VERSION } as const;

/** BM25 snapshots (src/core/index/bm25-snapshot.ts): numbers in meta, the eight buffers as artifact buffers. */
export function bm25Artifact(snap: Bm25Snapshot): ArtifactBody {
  const { ids, terms, postingOffsets, docIds, tfs, docLengths, ...meta } = snap;
  return {
    ...BM25_ARTIFACT,
    meta,
    buffers: {
      ...packedBuffers('ids', ids),
      ...packedBuffers('terms', terms),
      postingOffsets,
      docIds,
      tfs,
      docLengths,
    },
  };
}

/** The named buffer of `a`; a StorageError naming `what` when it lacks it. */
const needBuffer =
  (a: StoredArtifact, what: string) =>
  (name: string): ArrayBuffer => {
    const buf = a.buffers[name];
    if (!buf) throw new StorageError(`${what} "${a.key}" of corpus "${a.corpusId}" lacks buffer "${name}"`);
    return buf;
  };

/** The snapshot back; Bm25Index.fromSnapshot then checks tokenizer and shapes. */
export function bm25SnapshotFromArtifact(a: StoredArtifact): Bm25Snapshot {
  const need = needBuffer(a, 'bm25');
  return {
    ...(a.meta as Omit<Bm25Snapshot, 'ids' | 'terms' | 'postingOffsets' | 'docIds' | 'tfs' | 'docLengths'>),
    ids: { bytes: need('idsBytes'), ends: need('idsEnds') },
    terms: { bytes: need('termsBytes'), ends: need('termsEnds') },
    postingOffsets: need('postingOffsets'),
    docIds: need('docIds'),
    tfs: need('tfs'),
    docLengths: need('docLengths'),
  };
}

/**
 * The HippoRAG 2 phrase graph (src/core/graph/build.ts) as one artifact, so a reopened corpus needs
 * neither its triples nor a rebuild. Strings are packed (UTF-8 bytes + end offsets), everything else is
 * typed arrays:
 *   passageIds*, phrases*          packed node tables (passage nodes 0..P-1, phrase k is node P + k)
 *   mentionOffsets, mentionPassages phrasePassages as CSR (phrases + 1 offsets)
 *   factPassage/Subject/Object      Uint32 per fact (node ids)
 *   strings*, factPredicate         the raw triple strings, deduplicated; a predicate id per fact
 *   phraseRaw, rawExceptions        a fact's raw subject/object is its phrase's first raw form, except the
 *                                   listed (fact * 2 + side, string id) pairs: ~1% of sides on HotpotQA
 *   synonymA/B (Uint32), synonymScore (Float64, exact)
 *   offsets, targets, weights       the CSR
 * phraseNode and edgeFacts are derived on load (edgeFactsOf, the function the build uses).
 * Bump formatVersion whenever this layout, phrase normalisation or the graph build changes meaning.
 */
export const PHRASE_GRAPH_ARTIFACT = { format: 'hopscope.phrase-graph', formatVersion: 1 } as const;

const NONE = 0xffffffff;

type PhraseGraphMeta = Pick<PhraseGraph, 'source' | 'origin' | 'synonymMode' | 'passageCount' | 'stats'> &
  Record<'nodeCount' | 'phraseCount' | 'factCount' | 'stringCount', number> & {
    /** The build options, so a graph built with other thresholds is not taken for this build's. */
    options: GraphOptions;
  };

export function phraseGraphArtifact(graph: PhraseGraph, options: GraphOptions): ArtifactBody {
  const P = graph.passageCount;
  const F = graph.facts.length;
  const ids = new Map<string, number>();
  const strings: string[] = [];
  const sid = (s: string) => {
    let i = ids.get(s);
    if (i === undefined) {
      i = strings.length;
      ids.set(s, i);
      strings.push(s);
    }
    return i;
  };
  const factPassage = new Uint32Array(F);
  const factSubject = new Uint32Array(F);
  const factObject = new Uint32Array(F);
  const factPredicate = new Uint32Array(F);
  const phraseRaw = new Uint32Array(graph.phrases.length).fill(NONE);
  const exceptions: number[] = [];
  graph.facts.forEach((f, i) => {
    factPassage[i] = f.passage;
    factSubject[i] = f.subject;
    factObject[i] = f.object;
    factPredicate[i] = sid(f.triple.predicate);
    const raw = (side: 0 | 1, node: number, text: string) => {
      const id = sid(text);
      const k = node - P;
      if (phraseRaw[k] === NONE) phraseRaw[k] = id;
      else if (phraseRaw[k] !== id) exceptions.push(i * 2 + side, id);
    };
    raw(0, f.subject, f.triple.subject);
    raw(1, f.object, f.triple.object);
  });
  const mentionOffsets = new Uint32Array(graph.phrases.length + 1);
  graph.phrasePassages.forEach((ps, k) => (mentionOffsets[k + 1] = (mentionOffsets[k] as number) + ps.length));
  const mentionPassages = new Uint32Array(graph.phrasePassages.flat());
  const meta: PhraseGraphMeta = {
    source: graph.source,
    origin: graph.origin,
    synonymMode: graph.synonymMode,
    passageCount: P,
    stats: graph.stats,
    options: { ...options },
    nodeCount: graph.csr.nodeCount,
    phraseCount: graph.phrases.length,
    factCount: F,
    stringCount: strings.length,
  };
  return {
    ...PHRASE_GRAPH_ARTIFACT,
    meta,
    buffers: {
      ...packedBuffers('passageIds', packStrings(graph.passageIds)),
      ...packedBuffers('phrases', packStrings(graph.phrases)),
      ...packedBuffers('strings', packStrings(strings)),
      mentionOffsets: mentionOffsets.buffer,
      mentionPassages: mentionPassages.buffer,
      factPassage: factPassage.buffer,
      factSubject: factSubject.buffer,
      factObject: factObject.buffer,
      factPredicate: factPredicate.buffer,
      phraseRaw: phraseRaw.buffer,
      rawExceptions: Uint32Array.from(exceptions).buffer,
      synonymA: Uint32Array.from(graph.synonyms, (x) => x.a).buffer,
      synonymB: Uint32Array.from(graph.synonyms, (x) => x.b).buffer,
      synonymScore: Float64Array.from(graph.synonyms, (x) => x.score).buffer,
      offsets: own(graph.csr.offsets),
      targets: own(graph.csr.targets),
      weights: own(graph.csr.weights),
    },
  };
}

/**
 * The graph back, with the options it was built with; a StorageError names what does not fit. Every
 * array is checked here, but `facts` and `edgeFacts` (provenance: only the graph view reads them; on
 * HotpotQA they are 500k objects and a 430k-entry map, most of the decoding time) are materialised on
 * first access, so opening a corpus for retrieval does not pay for them.
 */
export function phraseGraphFromArtifact(a: StoredArtifact): { graph: PhraseGraph; options: GraphOptions } {
  const r = bufferReader(a, `phrase graph "${a.key}" of corpus "${a.corpusId}"`);
  const { counts, source, origin, synonymMode, stats, options } = phraseGraphMetaOf(a, r.fail);
  const { P, N, Q } = counts;
  const passageIds = r.strings('passageIds', P);
  const phrases = r.strings('phrases', Q);
  const table = r.strings('strings', counts.S);
  const phrasePassages = mentionsOf(r, P, Q);
  const materialiseFacts = factsOf(r, counts, table);
  const synonyms = synonymsOf(r, P, N);
  const csr = csrOf(r, N);
  const phraseNode = new Map(phrases.map((p, k) => [p, P + k]));
  if (phraseNode.size !== Q) r.fail('the phrase table has duplicates');
  const graph = {
    source,
    origin,
    synonymMode,
    passageCount: P,
    passageIds,
    phrases,
    phraseNode,
    phrasePassages,
    synonyms,
    csr,
    stats: { ...stats },
  } as PhraseGraph;
  lazy(graph, 'facts', materialiseFacts);
  lazy(graph, 'edgeFacts', () => edgeFactsOf(graph.facts, N));
  return { graph, options: { ...options } };
}

/** A phrase graph's sizes: passages P, nodes N, phrases Q, facts F, strings S. */
type PhraseGraphCounts = Record<'P' | 'N' | 'Q' | 'F' | 'S', number>;

/** The artifact's metadata, checked: whole non-negative counts that add up, and the descriptive fields. */
function phraseGraphMetaOf(a: StoredArtifact, fail: (why: string) => never) {
  const meta = a.meta as Partial<PhraseGraphMeta> | null;
  if (!meta || typeof meta !== 'object') return fail('no metadata');
  const count = (name: 'passageCount' | 'nodeCount' | 'phraseCount' | 'factCount' | 'stringCount'): number => {
    const v = meta[name];
    return Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : fail(`metadata ${name} is ${String(v)}`);
  };
  const [P, N, Q, F, S] = (['passageCount', 'nodeCount', 'phraseCount', 'factCount', 'stringCount'] as const).map(
    count,
  ) as [number, number, number, number, number];
  const { source, origin, synonymMode, stats, options } = meta;
  if (!stats || !options || typeof source !== 'string' || typeof origin !== 'string' || typeof synonymMode !== 'string')
    return fail('metadata lacks source, origin, synonym mode, stats or options');
  if (P + Q !== N) fail(`${P} passages + ${Q} phrases != ${N} nodes`);
  return { counts: { P, N, Q, F, S } satisfies PhraseGraphCounts, source, origin, synonymMode, stats, options };
}

/** Reads an artifact's buffers as typed arrays and string tables; each check that fails names `what` and why. */
function bufferReader(a: StoredArtifact, what: string) {
  const fail = (why: string): never => {
    throw new StorageError(`${what}: ${why}`);
  };
  const buf = (name: string): ArrayBuffer => a.buffers[name] ?? fail(`lacks buffer "${name}"`);
  return {
    fail,
    buf,
    /** A Uint32 buffer, of `length` values when given. */
    u32(name: string, length?: number) {
      const b = buf(name);
      if (length !== undefined ? b.byteLength !== length * 4 : b.byteLength % 4 !== 0)
        fail(
          `buffer "${name}" holds ${b.byteLength} bytes, expected ${length !== undefined ? `${length} x 4` : 'a multiple of 4'}`,
        );
      return new Uint32Array(b);
    },
    /** `count` strings packed as "<name>Bytes" and "<name>Ends". */
    strings(name: string, count: number) {
      try {
        return unpackStrings({ bytes: buf(`${name}Bytes`), ends: buf(`${name}Ends`) }, count, name);
      } catch (err) {
        if (err instanceof StorageError) throw err;
        return fail((err as Error).message);
      }
    },
    /** Every value of `values` (from `from`, every `step`-th) is in lo..hi-1. */
    allIn(values: Uint32Array, lo: number, hi: number, name: string, from = 0, step = 1) {
      for (let i = from; i < values.length; i += step) {
        const v = values[i] as number;
        if (v < lo || v >= hi) fail(`${name} ${v} is outside ${lo}..${hi - 1}`);
      }
    },
  };
}

type BufferReader = ReturnType<typeof bufferReader>;

/** The passages each phrase is mentioned in (phrase k: mentionPassages[mentionOffsets[k]..mentionOffsets[k + 1]]). */
function mentionsOf(r: BufferReader, P: number, Q: number): number[][] {
  const mentionOffsets = r.u32('mentionOffsets', Q + 1);
  const mentionPassages = r.u32('mentionPassages');
  if (mentionOffsets[0] !== 0 || mentionOffsets[Q] !== mentionPassages.length)
    r.fail('mention offsets do not span the mention list');
  r.allIn(mentionPassages, 0, P, 'mentioned passage');
  const phrasePassages = new Array<number[]>(Q);
  for (let k = 0; k < Q; k++) {
    const start = mentionOffsets[k] as number;
    const end = mentionOffsets[k + 1] as number;
    if (end < start) r.fail(`mention offsets decrease at phrase ${k}`);
    phrasePassages[k] = Array.from(mentionPassages.subarray(start, end));
  }
  return phrasePassages;
}

/**
 * The fact columns, checked now; the facts themselves are made by the returned function (a fact's raw
 * subject or object is its phrase's raw form unless a raw exception names that slot).
 */
function factsOf(r: BufferReader, { P, N, Q, F, S }: PhraseGraphCounts, table: readonly string[]): () => Fact[] {
  const factPassage = r.u32('factPassage', F);
  const factSubject = r.u32('factSubject', F);
  const factObject = r.u32('factObject', F);
  const factPredicate = r.u32('factPredicate', F);
  const phraseRaw = r.u32('phraseRaw', Q);
  const exceptions = r.u32('rawExceptions');
  r.allIn(factPassage, 0, P, 'fact passage');
  r.allIn(factSubject, P, N, 'fact subject');
  r.allIn(factObject, P, N, 'fact object');
  r.allIn(factPredicate, 0, S, 'predicate id');
  r.allIn(exceptions, 0, S, 'raw form id', 1, 2);
  for (let i = 0; i < F; i++) {
    for (const node of [factSubject[i] as number, factObject[i] as number])
      if ((phraseRaw[node - P] as number) >= S) r.fail(`phrase ${node - P} has no raw form`);
  }
  if (exceptions.length % 2 !== 0) r.fail('raw exceptions are not pairs');
  for (let e = 0; e < exceptions.length; e += 2) {
    if ((exceptions[e] as number) >= 2 * F || (e > 0 && (exceptions[e] as number) <= (exceptions[e - 2] as number)))
      r.fail(`raw exception ${e / 2} names no fact or is out of order`);
  }
  return () => {
    const facts = new Array<Fact>(F);
    let e = 0;
    const rawOf = (slot: number, node: number) => {
      if (exceptions[e] === slot) {
        e += 2;
        return table[exceptions[e - 1] as number] as string;
      }
      return table[phraseRaw[node - P] as number] as string;
    };
    for (let i = 0; i < F; i++) {
      const subject = factSubject[i] as number;
      const object = factObject[i] as number;
      const s = rawOf(i * 2, subject);
      const o = rawOf(i * 2 + 1, object);
      facts[i] = {
        passage: factPassage[i] as number,
        subject,
        object,
        triple: { subject: s, predicate: table[factPredicate[i] as number] as string, object: o },
      };
    }
    return facts;
  };
}

/** The synonym edges between phrase nodes, with their scores. */
function synonymsOf(r: BufferReader, P: number, N: number): PhraseGraph['synonyms'] {
  const synA = r.u32('synonymA');
  const synB = r.u32('synonymB', synA.length);
  const synScore = r.buf('synonymScore');
  if (synScore.byteLength !== synA.length * 8) r.fail('synonym scores do not match the synonym pairs');
  r.allIn(synA, P, N, 'synonym node');
  r.allIn(synB, P, N, 'synonym node');
  const scores = new Float64Array(synScore);
  return Array.from(synA, (x, i) => ({ a: x, b: synB[i] as number, score: scores[i] as number }));
}

/** The graph's CSR over its N nodes. */
function csrOf(r: BufferReader, N: number): Csr {
  const csr = {
    nodeCount: N,
    offsets: r.u32('offsets', N + 1),
    targets: r.u32('targets'),
    weights: new Float32Array(r.buf('weights')),
  };
  if (csr.targets.length !== csr.weights.length || csr.offsets[N] !== csr.targets.length)
    r.fail('CSR sizes do not match');
  r.allIn(csr.targets, 0, N, 'arc target');
  return csr;
}

/** An enumerable property computed on first read, then stored as a plain value. */
function lazy<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K]): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
}

/** GEAR's triple index T (src/core/triples/triple-index.ts): numbers and strings in meta, arrays as buffers, the BM25 over triples as "bm25.*" buffers. */
export const TRIPLE_INDEX_ARTIFACT = { format: TRIPLE_INDEX_FORMAT, formatVersion: TRIPLE_INDEX_VERSION } as const;

const TRIPLE_INDEX_STRINGS = ['subjects', 'predicates', 'objects', 'passages', 'terms'] as const;

/** `corpus` is corpusFingerprint(...) of the passages it was built from: another fingerprint = stale. */
export function tripleIndexArtifact(snap: TripleIndexSnapshot, corpus: string): ArtifactBody {
  const bm25 = bm25Artifact(snap.bm25);
  const buffers: Record<string, ArrayBuffer> = {};
  for (const name of TRIPLE_INDEX_ARRAYS) buffers[name] = own(snap[name]);
  for (const name of TRIPLE_INDEX_STRINGS) Object.assign(buffers, packedBuffers(name, snap[name]));
  for (const [name, buf] of Object.entries(bm25.buffers)) buffers[`bm25.${name}`] = buf;
  const { source, origin, tokenizer, count, termCount } = snap;
  return {
    ...TRIPLE_INDEX_ARTIFACT,
    meta: { corpus, source, origin, tokenizer, count, termCount, bm25: bm25.meta },
    buffers,
  };
}

export function tripleIndexSnapshotFromArtifact(a: StoredArtifact): { snapshot: TripleIndexSnapshot; corpus: string } {
  const meta = a.meta as Record<string, unknown>;
  const need = needBuffer(a, 'triple index');
  if (
    typeof meta.corpus !== 'string' ||
    typeof meta.count !== 'number' ||
    typeof meta.termCount !== 'number' ||
    typeof meta.tokenizer !== 'string' ||
    typeof meta.origin !== 'string'
  ) {
    throw new StorageError(`triple index "${a.key}" of corpus "${a.corpusId}" has incomplete metadata`);
  }
  const bm25Buffers: Record<string, ArrayBuffer> = {};
  for (const name of Object.keys(a.buffers))
    if (name.startsWith('bm25.')) bm25Buffers[name.slice(5)] = a.buffers[name]!;
  const bm25 = bm25SnapshotFromArtifact({ ...a, meta: meta.bm25, buffers: bm25Buffers });
  const arrays = Object.fromEntries(TRIPLE_INDEX_ARRAYS.map((name) => [name, new Uint32Array(need(name))])) as Record<
    (typeof TRIPLE_INDEX_ARRAYS)[number],
    Uint32Array
  >;
  const strings = Object.fromEntries(
    TRIPLE_INDEX_STRINGS.map((name) => [name, { bytes: need(`${name}Bytes`), ends: need(`${name}Ends`) }]),
  ) as Record<(typeof TRIPLE_INDEX_STRINGS)[number], PackedStrings>;
  return {
    corpus: meta.corpus,
    snapshot: {
      source: meta.source as TripleSource,
      origin: meta.origin,
      tokenizer: meta.tokenizer,
      count: meta.count,
      termCount: meta.termCount,
      ...arrays,
      ...strings,
      bm25,
    },
  };
}

/** What a derived structure (triple index, RAPTOR tree, GraphRAG communities) was built from: passage ids, titles and texts in corpus order ("fnv1a32:<hex>"). */
export function corpusFingerprint(passages: readonly { id: string; title: string; text: string }[]): string {
  let h: number | undefined;
  const enc = new TextEncoder();
  for (const p of passages) h = fnv1a(enc.encode(`${p.id}\u0000${p.title}\u0000${p.text}\u0001`), h);
  return fnvLabel(h ?? 0);
}

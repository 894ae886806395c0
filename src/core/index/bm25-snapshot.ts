// The serialised form of a Bm25Index: plain numbers plus ArrayBuffers, so it is structured-clonable
// (postMessage, IndexedDB) and its buffers can be transferred without a copy. Like MiniSearch's
// serializationVersion, `version` (and the tokenizer version) make a stale snapshot fail loudly on
// load instead of being mis-read. Bump BM25_SNAPSHOT_VERSION whenever this shape or its meaning changes.
import { errorClass } from '../errors.ts';

export const Bm25Error = errorClass('Bm25Error', 'index.bm25');
/** A snapshot of another format, version or tokenizer, or one whose buffers are inconsistent. */
export const Bm25SnapshotError = errorClass('Bm25SnapshotError', 'index.bm25.snapshot');

export const BM25_SNAPSHOT_FORMAT = 'hopscope.bm25';
export const BM25_SNAPSHOT_VERSION = 1;

export interface Bm25Snapshot {
  format: typeof BM25_SNAPSHOT_FORMAT;
  version: number;
  /** TOKENIZER_VERSION of the build that made it: other tokenizers would produce other terms. */
  tokenizer: string;
  k1: number;
  b: number;
  docCount: number;
  termCount: number;
  postingCount: number;
  /** Passage ids by corpus index. */
  ids: PackedStrings;
  /** Terms by term id. */
  terms: PackedStrings;
  /** Uint32, termCount + 1 entries: term t's postings are [offsets[t], offsets[t+1]). */
  postingOffsets: ArrayBuffer;
  /** Uint32 corpus indices, ascending within each term. */
  docIds: ArrayBuffer;
  /** Uint16 term frequencies, parallel to docIds. */
  tfs: ArrayBuffer;
  /** Uint32 tokens per document. */
  docLengths: ArrayBuffer;
}

// A list of strings packed into two transferable buffers: the UTF-8 bytes of their concatenation and
// the UTF-16 end offsets of each string in it. Decoding is one TextDecoder call plus slices rather
// than one decode call per string (150k ids, 100k+ terms).
export interface PackedStrings {
  /** UTF-8 of all strings concatenated. */
  bytes: ArrayBuffer;
  /** Uint32 end offset (in UTF-16 code units of the concatenation) of each string. */
  ends: ArrayBuffer;
}

export function packStrings(strings: readonly string[]): PackedStrings {
  const ends = new Uint32Array(strings.length);
  let end = 0;
  strings.forEach((s, i) => {
    end += s.length;
    ends[i] = end;
  });
  const bytes = new TextEncoder().encode(strings.join(''));
  return { bytes: bytes.buffer as ArrayBuffer, ends: ends.buffer };
}

export function unpackStrings(packed: PackedStrings, count: number, what: string): string[] {
  if (!(packed.bytes instanceof ArrayBuffer) || !(packed.ends instanceof ArrayBuffer)) {
    throw new Bm25SnapshotError(`${what}: bytes and ends must be ArrayBuffers`);
  }
  if (packed.ends.byteLength !== count * 4) {
    throw new Bm25SnapshotError(`${what}: expected ${count} offsets, found ${packed.ends.byteLength / 4}`);
  }
  const ends = new Uint32Array(packed.ends);
  // fatal: malformed UTF-8 is corruption, not something to paper over with U+FFFD.
  let joined: string;
  try {
    joined = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(packed.bytes);
  } catch (err) {
    throw new Bm25SnapshotError(`${what}: bytes are not valid UTF-8`, { cause: err });
  }
  const out = new Array<string>(count);
  let start = 0;
  for (let i = 0; i < count; i++) {
    const end = ends[i] as number;
    if (end < start || end > joined.length)
      throw new Bm25SnapshotError(`${what}: offset ${i} (${end}) out of order or past the end`);
    out[i] = joined.slice(start, end);
    start = end;
  }
  if (start !== joined.length)
    throw new Bm25SnapshotError(`${what}: ${joined.length - start} trailing characters after the last string`);
  return out;
}

// The serialised form of a Bm25Index: plain numbers plus ArrayBuffers, so it is structured-clonable
// (postMessage, IndexedDB) and its buffers can be transferred without a copy. Like MiniSearch's
// serializationVersion, `version` (and the tokenizer version) make a stale snapshot fail loudly on
// load instead of being mis-read. Bump BM25_SNAPSHOT_VERSION whenever this shape or its meaning changes.
import type { PackedStrings } from './bm25-strings.ts';

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

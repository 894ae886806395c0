// Text vectors for RAPTOR's clustering when no embedder is configured: TF-IDF over the tokenizer's terms
// (the same as BM25's), hashed into a fixed number of signed buckets (feature hashing, Weinberger et al.
// 2009) and L2-normalised, so cosine = dot product. A lexical stand-in for the SBERT vectors RAPTOR
// clusters (labelled wherever the tree shows); with an embedder the tree uses its vectors instead.
import { tokenize } from '../text/tokenize.ts';

export const HASHED_TFIDF_LABEL = 'hashed TF-IDF (no embedder: lexical stand-in for RAPTOR sentence embeddings)';

/** FNV-1a 32-bit: a stable hash, the same in every host. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Row-major unit vectors, one per text. */
export function hashedTfIdf(texts: readonly string[], dim = 256): Float32Array {
  const docs = texts.map((t) => {
    const tf = new Map<string, number>();
    for (const w of tokenize(t)) tf.set(w, (tf.get(w) ?? 0) + 1);
    return tf;
  });
  const df = new Map<string, number>();
  for (const tf of docs) for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const out = new Float32Array(texts.length * dim);
  docs.forEach((tf, i) => {
    const row = out.subarray(i * dim, (i + 1) * dim);
    for (const [w, n] of tf) {
      const h = fnv1a(w);
      const idf = Math.log(1 + texts.length / df.get(w)!);
      row[h % dim] = row[h % dim]! + (h & 0x80000000 ? -1 : 1) * (1 + Math.log(n)) * idf;
    }
    normalise(row);
  });
  return out;
}

function normalise(row: Float32Array): void {
  let n = 0;
  for (let j = 0; j < row.length; j++) n += row[j]! * row[j]!;
  n = Math.sqrt(n);
  if (n > 0) for (let j = 0; j < row.length; j++) row[j]! /= n;
}

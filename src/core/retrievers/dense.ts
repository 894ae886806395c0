// Dense retrieval: cosine similarity between the query embedding and passage embeddings (brute force
// over a VectorIndex aligned with corpus.passages). The embedder is a port: transformers.js in a worker
// in the browser, in-process in Node.
import { EmbedError, type EmbedProgressCallback, type Embedder } from '../embed/port.ts';
import { HopscopeError, throwIfAborted } from '../errors.ts';
import { normalizeRows, VectorIndex } from '../index/vectors.ts';
import type { Corpus, Passage, Ranked, Retriever } from '../types.ts';

/** The text a passage is embedded from (title and body, as HippoRAG 2 embeds "title\ntext"). */
export function denseDocumentText(p: Passage): string {
  return p.title ? `${p.title}\n${p.text}` : p.text;
}

export type DenseRetriever = Retriever & { readonly vectors: VectorIndex; readonly embedder: Embedder };

/** `vectors`: the passage vectors in corpus order (stored, imported, or just embedded). */
export function createDenseRetriever(
  corpus: Corpus,
  deps: Pick<DenseRetriever, 'embedder' | 'vectors'>,
): DenseRetriever {
  const { embedder, vectors } = deps;
  if (vectors.count !== corpus.passages.length) {
    throw new HopscopeError(
      'retrievers.dense',
      `${vectors.count} vectors for ${corpus.passages.length} passages of corpus "${corpus.id}"`,
    );
  }
  const ids = corpus.passages.map((p) => p.id);
  return {
    name: 'dense',
    scores: 'comparable', // cosine
    vectors,
    embedder,
    async retrieve(query: string, k: number, signal?: AbortSignal): Promise<Ranked[]> {
      throwIfAborted(signal, 'retrievers.dense');
      if (!(k > 0)) return [];
      const q = await embedder.embed([query], signal);
      throwIfAborted(signal, 'retrievers.dense');
      if (q.dim !== vectors.dim)
        throw new EmbedError(
          `query embedding has ${q.dim} dimensions, the stored vectors ${vectors.dim} (model changed? re-embed the corpus)`,
        );
      const hits = vectors.search(q.data, Math.floor(k));
      return Array.from(hits.indices, (row, i) => ({ id: ids[row] as string, score: hits.scores[i] as number }));
    },
  };
}

/** Embeds every passage (batched, with progress) and returns the normalised index. */
export async function embedCorpus(
  corpus: Corpus,
  embedder: Embedder,
  signal?: AbortSignal,
  onProgress?: EmbedProgressCallback,
): Promise<VectorIndex> {
  const e = await embedder.embed(corpus.passages.map(denseDocumentText), signal, onProgress);
  if (e.count !== corpus.passages.length)
    throw new EmbedError(`embedded ${e.count} of ${corpus.passages.length} passages`);
  if (e.count === 0) return new VectorIndex(new Float32Array(0), Math.max(1, e.dim));
  normalizeRows(e.data, e.dim); // providers normalise already; this guards imported or third-party embedders
  return new VectorIndex(e.data, e.dim);
}

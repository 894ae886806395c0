// Batching shared by every Embedder: split texts, embed each batch, check abort between batches,
// report progress, pack the rows into one Float32Array.
import { throwIfAborted } from '../errors.ts';
import { EmbedError, type EmbedProgressCallback, type Embeddings } from './port.ts';

/** `embedBatch` embeds one batch: `texts.length` rows of `dim` floats. */
export async function embedInBatches(
  texts: readonly string[],
  batchSize: number,
  embedBatch: (texts: string[]) => Promise<Embeddings>,
  signal?: AbortSignal,
  onProgress?: EmbedProgressCallback,
): Promise<Embeddings> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new EmbedError(`batchSize must be a positive integer, got ${batchSize}`);
  throwIfAborted(signal, 'embed');
  let out: Float32Array | undefined;
  let dim = 0;
  onProgress?.({ phase: 'embed', done: 0, total: texts.length });
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    const e = await embedBatch(batch);
    throwIfAborted(signal, 'embed');
    if (e.count !== batch.length || e.data.length !== e.count * e.dim) {
      throw new EmbedError(
        `batch at ${start}: expected ${batch.length} vectors, got ${e.count} x ${e.dim} in ${e.data.length} floats`,
      );
    }
    if (out === undefined) {
      dim = e.dim;
      out = new Float32Array(texts.length * dim);
    } else if (e.dim !== dim) throw new EmbedError(`batch at ${start}: dimension changed from ${dim} to ${e.dim}`);
    out.set(e.data, start * dim);
    onProgress?.({ phase: 'embed', done: start + batch.length, total: texts.length });
  }
  return { dim, count: texts.length, data: out ?? new Float32Array(0) };
}

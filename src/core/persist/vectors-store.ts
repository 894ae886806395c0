// Passage vectors through the ArtifactStore: use the stored, checksum-verified vectors of this corpus
// and model when they exist (a page reload must not re-embed), otherwise embed (or rebuild damaged
// ones, with a message) and store them. Keyed by embedder.model, so vectors of another model are
// never mixed with this model's query embeddings.
import type { EmbedProgressCallback, Embedder } from '../embed/port.ts';
import { loadOrRebuild } from './artifacts.ts';
import { VECTORS_ARTIFACT, vectorIndexFromArtifact, vectorsArtifact } from './codecs.ts';
import type { ArtifactStore } from './ports.ts';
import type { Corpus } from '../types.ts';
import { embedCorpus } from '../retrievers/dense.ts';
import type { VectorIndex } from '../index/vectors.ts';

export interface StoredVectors {
  index: VectorIndex;
  /** True when read from the store (nothing was embedded). */
  fromStore: boolean;
  /** Why stored vectors were rebuilt, when they were. */
  message?: string;
}

export async function loadOrEmbedVectors(
  store: ArtifactStore,
  corpus: Corpus,
  embedder: Embedder,
  options: { signal?: AbortSignal; onProgress?: EmbedProgressCallback; onMessage?: (m: string) => void } = {},
): Promise<StoredVectors> {
  const ref = { corpusId: corpus.id, kind: 'vectors', key: embedder.model } as const;
  const r = await loadOrRebuild(
    store,
    ref,
    VECTORS_ARTIFACT,
    async () =>
      vectorsArtifact(
        await embedCorpus(corpus, embedder, options.signal, options.onProgress),
        embedder.model,
        corpus.passages.length,
      ),
    options.onMessage,
  );
  const index = vectorIndexFromArtifact(r.artifact);
  if (index.count !== corpus.passages.length) {
    // Same id, different passages (re-imported corpus): embed again rather than mis-align.
    options.onMessage?.(
      `stored vectors of corpus "${corpus.id}" hold ${index.count} rows for ${corpus.passages.length} passages; re-embedding`,
    );
    await store.deleteArtifact(ref);
    return loadOrEmbedVectors(store, corpus, embedder, options);
  }
  return { index, fromStore: r.fromStore, ...(r.message ? { message: r.message } : {}) };
}

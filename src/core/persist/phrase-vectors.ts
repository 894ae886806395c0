// The phrase graph's phrase vectors for embedding synonym edges (HippoRAG 2 §3: synonym edges between
// phrases whose embeddings are close): stored ones when they are of this model and these phrases, else
// embedded now and stored; the fact index's fact vectors the same way. Every host gets them through the
// same call (the backbone builder).
import { EmbedError, type Embedder } from '../embed/port.ts';
import { normalizeRows } from '../index/vectors.ts';
import type { Corpus } from '../types.ts';
import { own } from './codecs.ts';
import type { ArtifactStore } from './ports.ts';
import { idsHash, PHRASE_VECTORS, phraseVectorsKey } from './vectors-resume.ts';

export async function phraseVectors(
  artifacts: ArtifactStore | undefined,
  corpus: Corpus,
  phrases: readonly string[],
  embedder: Embedder,
  /** 'phrases' (graph nodes) or 'facts' (HippoRAG 2's fact index): stored under keys of their own. */
  what: 'phrases' | 'facts' = 'phrases',
): Promise<{ data: Float32Array; dim: number }> {
  const model = what === 'phrases' ? embedder.model : `${embedder.model}#facts`;
  const ref = { corpusId: corpus.id, kind: 'vectors', key: phraseVectorsKey(model) } as const;
  const hash = idsHash(phrases);
  const stored = artifacts ? await artifacts.getArtifact(ref, PHRASE_VECTORS) : { status: 'missing' as const };
  if (stored.status === 'ok') {
    const meta = stored.artifact.meta as { ids: string; dim: number; count: number };
    if (meta.ids === hash && meta.count === phrases.length && stored.artifact.buffers.data)
      return { data: new Float32Array(stored.artifact.buffers.data), dim: meta.dim };
  }
  if (phrases.length === 0) return { data: new Float32Array(0), dim: 0 };
  const e = await embedder.embed(phrases);
  if (e.count !== phrases.length) throw new EmbedError(`embedded ${e.count} of ${phrases.length} phrases`);
  normalizeRows(e.data, e.dim);
  if (artifacts) {
    await artifacts.putArtifact({
      ...ref,
      ...PHRASE_VECTORS,
      meta: { model: embedder.model, dim: e.dim, count: e.count, ids: hash },
      buffers: { data: own(e.data) },
    });
  }
  return { data: e.data, dim: e.dim };
}

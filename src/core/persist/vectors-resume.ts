// Resumable corpus embedding over an ArtifactStore: passages are embedded in chunks and every chunk is
// stored (checksummed) as soon as it is done, so a cancelled run or a reloaded page continues where it
// stopped. When all chunks exist they are joined into one vectors artifact keyed by the model id and
// the chunks are deleted. Every artifact carries the model id, the dimension and a hash of the passage
// ids it covers: vectors of another model, another dimension or another corpus are never mixed in
// (they are re-embedded, with a message saying why).
import { EmbedError, type Embedder } from '../embed/port.ts';
import { throwIfAborted } from '../errors.ts';
import { fnv1a, fnvLabel } from './checksum.ts';
import { own, VECTORS_ARTIFACT, vectorIndexFromArtifact, vectorsArtifact } from './codecs.ts';
import type { ArtifactRef, ArtifactStore } from './ports.ts';
import type { Corpus } from '../types.ts';
import { denseDocumentText } from '../retrievers/dense.ts';
import { normalizeRows, VectorIndex } from '../index/vectors.ts';

const VECTOR_PART = { format: 'hopscope.vectors-part', formatVersion: 1 } as const;
/** Phrase vectors of a HippoRAG 2 graph (synonym edges), stored next to the passage vectors of the same model. */
const PHRASE_VECTORS = { format: 'hopscope.phrase-vectors', formatVersion: 1 } as const;
const PART = '#part:';
const PHRASES = '#phrases';
const phraseVectorsKey = (modelId: string) => `${modelId}${PHRASES}`;
const isPhraseKey = (key: string) => key.endsWith(PHRASES);

export interface ResumeProgress {
  /** Passages with vectors (stored chunks included). */
  done: number;
  total: number;
  /** Passages found already embedded when this run started. */
  resumedFrom: number;
  /** Measured on the chunks embedded in this run; null until the first chunk is done. */
  passagesPerSecond: number | null;
  etaSeconds: number | null;
}

export interface ResumeOptions {
  /** The model id stored with the vectors (embeddingModelId); defaults to embedder.model. */
  modelId?: string;
  /** Passages per stored chunk; default 64. */
  chunkSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: ResumeProgress) => void;
  /** Why something stored was not used (other model, damaged chunk, other corpus). */
  onMessage?: (m: string) => void;
  now?: () => number;
}

/** A hash of the passage ids (in order) a stored artifact covers: "fnv1a32:<hex>". */
function idsHash(ids: readonly string[]): string {
  return fnvLabel(fnv1a(new TextEncoder().encode(ids.join('\n'))));
}

const partKey = (modelId: string, start: number) => `${modelId}${PART}${String(start).padStart(9, '0')}`;
const vectorsRef = (corpusId: string, key: string): ArtifactRef => ({ corpusId, kind: 'vectors', key });

/**
 * What vectors a corpus has in the store (checksums verified): the models with complete vectors, and
 * those with chunks of an unfinished run with how many passages they cover. The passages' ids are
 * checked against the stored hash when given; without them (a corpus not loaded) only the count is,
 * and the ids are checked when the vectors are read for use (readCompleteVectors).
 */
export async function storedVectorsInfo(
  store: ArtifactStore,
  corpus: { id: string; passageCount: number; passageIds?: readonly string[] },
) {
  const refs = (await store.listArtifacts(corpus.id)).filter((r) => r.kind === 'vectors' && !isPhraseKey(r.key));
  const complete: { modelId: string; dim: number; count: number }[] = [];
  const partial = new Map<string, number>();
  for (const ref of refs) {
    const at = ref.key.indexOf(PART);
    if (at >= 0) {
      const model = ref.key.slice(0, at);
      const r = await store.getArtifact(ref, VECTOR_PART);
      if (r.status === 'ok')
        partial.set(model, (partial.get(model) ?? 0) + (r.artifact.meta as { count: number }).count);
      continue;
    }
    const r = await store.getArtifact(ref, VECTORS_ARTIFACT);
    if (r.status !== 'ok') continue;
    const meta = r.artifact.meta as { dim: number; count: number; ids?: string };
    if (
      meta.count === corpus.passageCount &&
      (meta.ids === undefined || corpus.passageIds === undefined || meta.ids === idsHash(corpus.passageIds))
    ) {
      complete.push({ modelId: ref.key, dim: meta.dim, count: meta.count });
    }
  }
  return { complete, partial: [...partial].map(([modelId, done]) => ({ modelId, done })) };
}

/** Complete vectors of this corpus and model, verified (checksum, count, ids); undefined otherwise. */
export async function readCompleteVectors(
  store: ArtifactStore,
  corpus: Corpus,
  modelId: string,
): Promise<VectorIndex | undefined> {
  const r = await store.getArtifact(vectorsRef(corpus.id, modelId), VECTORS_ARTIFACT);
  if (r.status !== 'ok') return undefined;
  const meta = r.artifact.meta as { ids?: string };
  if (meta.ids !== undefined && meta.ids !== idsHash(corpus.passages.map((p) => p.id))) return undefined;
  const index = vectorIndexFromArtifact(r.artifact);
  return index.count === corpus.passages.length ? index : undefined;
}

/** Stores complete vectors (corpus order, normalised here) under the model id and drops that model's chunks. */
export async function storeCompleteVectors(
  store: ArtifactStore,
  corpus: Corpus,
  modelId: string,
  index: VectorIndex,
): Promise<void> {
  const base = vectorsArtifact(index, modelId, corpus.passages.length);
  await store.putArtifact({
    ...vectorsRef(corpus.id, modelId),
    ...base,
    meta: { ...(base.meta as object), ids: idsHash(corpus.passages.map((p) => p.id)) },
  });
  for (const ref of await store.listArtifacts(corpus.id))
    if (ref.kind === 'vectors' && ref.key.startsWith(`${modelId}${PART}`)) await store.deleteArtifact(ref);
}

/** The corpus vectors, embedded where no stored chunk has them; `fromStore`: read whole from the store, nothing embedded. */
export async function embedCorpusResumable(
  store: ArtifactStore,
  corpus: Corpus,
  embedder: Embedder,
  options: ResumeOptions = {},
): Promise<{ index: VectorIndex; fromStore: boolean; resumedFrom: number }> {
  const modelId = options.modelId ?? embedder.model;
  const chunkSize = options.chunkSize ?? 64;
  const now = options.now ?? (() => performance.now());
  const say = options.onMessage ?? (() => {});
  const total = corpus.passages.length;
  const ids = corpus.passages.map((p) => p.id);

  const final = await store.getArtifact(vectorsRef(corpus.id, modelId), VECTORS_ARTIFACT);
  if (final.status !== 'missing') {
    const index = final.status === 'ok' ? await readCompleteVectors(store, corpus, modelId) : undefined;
    if (index) {
      options.onProgress?.({ done: total, total, resumedFrom: total, passagesPerSecond: null, etaSeconds: 0 });
      return { index, fromStore: true, resumedFrom: total };
    }
    say(
      final.status === 'ok'
        ? `the stored vectors of ${modelId} were computed for other passages of corpus "${corpus.id}"; embedding again`
        : `the stored vectors of ${modelId} are unusable (${final.reason}); embedding again`,
    );
    await store.deleteArtifact(vectorsRef(corpus.id, modelId));
  }

  const refs = (await store.listArtifacts(corpus.id)).filter((r) => r.kind === 'vectors' && !isPhraseKey(r.key));
  const others = [...new Set(refs.map((r) => r.key.split(PART)[0]!).filter((k) => k !== modelId))];
  if (others.length > 0)
    say(
      `vectors of ${others.join(', ')} are stored for this corpus but not used: they come from another model than ${modelId}`,
    );

  // Stored chunks of this model, in order; the first gap, damaged or foreign chunk ends the resume.
  const mine = refs.filter((r) => r.key.startsWith(`${modelId}${PART}`)).sort((a, b) => (a.key < b.key ? -1 : 1));
  let data: Float32Array | undefined;
  let dim = 0;
  let done = 0;
  const allocate = (d: number) => {
    dim = d;
    return new Float32Array(total * d);
  };
  for (const ref of mine) {
    const r = await store.getArtifact(ref, VECTOR_PART);
    const meta =
      r.status === 'ok' ? (r.artifact.meta as { start: number; count: number; dim: number; ids: string }) : undefined;
    const fits =
      meta !== undefined &&
      meta.start === done &&
      meta.start + meta.count <= total &&
      meta.ids === idsHash(ids.slice(meta.start, meta.start + meta.count)) &&
      (dim === 0 || meta.dim === dim);
    if (r.status !== 'ok' || !fits) {
      say(
        r.status === 'ok'
          ? `a stored chunk (${ref.key}) does not fit this corpus; embedding from passage ${done + 1}`
          : `a stored chunk is unusable (${r.status === 'missing' ? 'missing' : r.reason}); embedding from passage ${done + 1}`,
      );
      for (const stale of mine.slice(mine.indexOf(ref))) await store.deleteArtifact(stale);
      break;
    }
    data ??= allocate(meta.dim);
    data.set(new Float32Array(r.artifact.buffers.data!), meta.start * dim);
    done = meta.start + meta.count;
  }
  const resumedFrom = done;
  const started = now();
  const report = () => {
    const seconds = (now() - started) / 1000;
    const rate = done > resumedFrom && seconds > 0 ? (done - resumedFrom) / seconds : null;
    options.onProgress?.({
      done,
      total,
      resumedFrom,
      passagesPerSecond: rate,
      etaSeconds: rate ? (total - done) / rate : null,
    });
  };
  report();

  while (done < total) {
    throwIfAborted(options.signal, 'embed');
    const end = Math.min(total, done + chunkSize);
    const e = await embedder.embed(corpus.passages.slice(done, end).map(denseDocumentText), options.signal);
    throwIfAborted(options.signal, 'embed');
    if (e.count !== end - done) throw new EmbedError(`embedded ${e.count} of ${end - done} passages`);
    data ??= allocate(e.dim);
    if (e.dim !== dim) {
      throw new EmbedError(
        `${modelId} now returns ${e.dim}-d vectors, the stored chunks are ${dim}-d; delete the corpus vectors and embed again`,
      );
    }
    normalizeRows(e.data, dim);
    await store.putArtifact({
      ...vectorsRef(corpus.id, partKey(modelId, done)),
      ...VECTOR_PART,
      meta: { model: modelId, dim, start: done, count: e.count, ids: idsHash(ids.slice(done, end)) },
      buffers: { data: own(e.data) },
    });
    data.set(e.data, done * dim);
    done = end;
    report();
  }
  const index = new VectorIndex(data ?? new Float32Array(0), Math.max(1, dim));
  await storeCompleteVectors(store, corpus, modelId, index);
  return { index, fromStore: false, resumedFrom };
}

// The phrase graph's phrase vectors for embedding synonym edges (HippoRAG 2 §3: synonym edges between
// phrases whose embeddings are close): stored ones when they are of this model and these phrases, else
// embedded now and stored; the fact index's fact vectors the same way. Every host gets them through the
// same call (the backbone builder).
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

// Embeddings inside the engine worker: the model from Settings (embedding-model.ts: a stored local folder
// or a hub id, run by the embedding worker, a nested Worker in the browser, in-process in Node tests);
// resumable corpus embedding into IndexedDB (src/core/persist/vectors-resume.ts); precomputed vectors;
// the stored vectors a run reads; query embedding. Vectors stay in this worker: the page gets statuses
// (embeddingStatusOf), progress and rankings; the backbones take the model and the vectors as
// resources (src/engine/backbones.ts).
import { describeBackendChoice, singleBackend } from '../core/embed/backend-choice.ts';
import { estimateEmbeddingTime } from '../core/embed/estimate.ts';
import { embeddingLabel, embeddingModelId } from '../core/embed/settings.ts';
import { HopscopeError } from '../core/errors.ts';
import { readPrecomputedVectors, vectorsForCorpus } from '../core/index/vectors-npy.ts';
import { normalizeRows, VectorIndex } from '../core/index/vectors.ts';
import type { ArtifactStore, Stores } from '../core/persist/ports.ts';
import {
  embedCorpusResumable,
  readCompleteVectors,
  storeCompleteVectors,
  storedVectorsInfo,
} from '../core/persist/vectors-resume.ts';
import { denseDocumentText } from '../core/retrievers/dense.ts';
import type { Corpus } from '../core/types.ts';
import { createEmbeddingModel, type EmbeddingHost, type EmbeddingModel } from './embedding-model.ts';
import type {
  BinarySource,
  EmbeddingEstimate,
  EmbeddingProgress,
  EmbeddingStatus,
  EmbeddingTest,
} from './engine-api.ts';

export type { EmbeddingHost, LoadableEmbedder } from './embedding-model.ts';

/** Passages per stored chunk: a cancel or reload loses at most one chunk of work. */
const EMBED_CHUNK = 64;

export function createEmbeddings(
  stores: Stores | undefined,
  host: EmbeddingHost | undefined,
  now: () => number = () => performance.now(),
) {
  const model = createEmbeddingModel(stores, host, now);
  return {
    ...createCorpusVectors(stores, model, now),
    estimate: (corpus: Corpus) => estimateEmbedding(model, corpus, now),
    test: () => testEmbedding(model, now),
    /** Whether a model is chosen in Settings and this engine can run it. */
    available: model.available,
    /** The model in Settings, loaded, as queries are embedded (undefined when none is chosen). */
    async queryModel() {
      if (!(await model.available())) return undefined;
      const a = await model.loaded(await model.current());
      return { modelId: a.modelId, embedder: a.query ?? a.embedder, backend: a.backend, choice: a.choice };
    },
    /** The model chosen in Settings, or undefined. */
    async modelId(): Promise<string | undefined> {
      const s = await model.settings();
      return s ? embeddingModelId(s) : undefined;
    },
  };
}

export type Embeddings = ReturnType<typeof createEmbeddings>;

/** A corpus's vectors of the model in Settings: embedded (resumably), imported, read for a run, reported. */
function createCorpusVectors(stores: Stores | undefined, model: EmbeddingModel, now: () => number) {
  const running = new Map<string, AbortController>();
  /** Per corpus: how many times its vectors changed (part of the backbones' build identity). */
  const generations = new Map<string, number>();

  function invalidate(corpusId: string) {
    generations.set(corpusId, (generations.get(corpusId) ?? 0) + 1);
  }

  const status = (corpus: CorpusOrSize): Promise<EmbeddingStatus> =>
    embeddingStatusOf(corpus, model, stores?.artifacts, () => running.has(corpus.id));

  async function embed(
    corpus: Corpus,
    onProgress: (p: EmbeddingProgress) => void,
    outer?: AbortSignal,
  ): Promise<EmbeddingStatus> {
    if (!stores) throw new HopscopeError('embed', 'no storage in this engine: vectors could not be kept');
    if (running.has(corpus.id)) throw new HopscopeError('embed', `corpus "${corpus.id}" is being embedded already`);
    const controller = new AbortController();
    const stop = () => controller.abort();
    outer?.addEventListener('abort', stop);
    running.set(corpus.id, controller);
    const total = corpus.passages.length;
    const said = (phase: 'load' | 'embed', message: string) =>
      onProgress({
        corpusId: corpus.id,
        phase,
        done: 0,
        total,
        resumedFrom: 0,
        passagesPerSecond: null,
        etaSeconds: null,
        message,
      });
    try {
      const a = await model.current();
      said('load', `loading ${embeddingLabel(a.settings)}`);
      await model.loaded(a);
      invalidate(corpus.id);
      await embedCorpusResumable(stores.artifacts, corpus, a.embedder, {
        modelId: a.modelId,
        chunkSize: EMBED_CHUNK,
        signal: controller.signal,
        now,
        onMessage: (message) => said('embed', message),
        onProgress: (p) => onProgress({ corpusId: corpus.id, phase: p.done === total ? 'done' : 'embed', ...p }),
      });
    } finally {
      outer?.removeEventListener('abort', stop);
      running.delete(corpus.id);
    }
    return status(corpus);
  }

  async function importVectors(corpus: Corpus, files: BinarySource[]): Promise<EmbeddingStatus> {
    if (!stores) throw new HopscopeError('embed', 'no storage in this engine: vectors could not be kept');
    const s = await model.settings();
    if (!s)
      throw new HopscopeError(
        'embed',
        'choose the embedding model the vectors were computed with in Settings first: queries must be embedded by the same model',
      );
    const file = readPrecomputedVectors(files);
    const data = vectorsForCorpus(
      file,
      corpus.passages.map((p) => p.id),
      s.source === 'local' ? s.dim : null,
    );
    normalizeRows(data, file.dim);
    invalidate(corpus.id);
    await storeCompleteVectors(stores.artifacts, corpus, embeddingModelId(s), new VectorIndex(data, file.dim));
    return status(corpus);
  }

  /** The corpus's complete vectors of the model in Settings (a run never embeds a corpus: the Library does). */
  async function vectors(corpus: Corpus): Promise<VectorIndex> {
    const a = await model.current();
    const v = stores ? await readCompleteVectors(stores.artifacts, corpus, a.modelId) : undefined;
    if (!v)
      throw new HopscopeError(
        'embed',
        `corpus "${corpus.name}" has no complete vectors of ${embeddingLabel(a.settings)}: embed it (or import precomputed vectors) in the Library first`,
      );
    return v;
  }

  return {
    status,
    embed,
    importVectors,
    vectors,
    cancel(corpusId: string) {
      running.get(corpusId)?.abort();
    },
    /** Changes whenever a corpus's vectors change (embedded, imported): builds over old vectors are not reused. */
    generation: (corpusId: string) => generations.get(corpusId) ?? 0,
    forget: invalidate,
  };
}

/** Measures the model on a sample of the corpus and extrapolates. */
async function estimateEmbedding(model: EmbeddingModel, corpus: Corpus, now: () => number): Promise<EmbeddingEstimate> {
  const a = await model.loaded(await model.current());
  const e = await estimateEmbeddingTime(a.embedder, corpus.passages.map(denseDocumentText), { sample: 16, now });
  return {
    passages: corpus.passages.length,
    passagesPerSecond: e.textsPerSecond,
    seconds: e.estimatedSeconds,
    backend: a.backend,
  };
}

/** Loads the model and embeds one query: dimension, backend, timings. */
async function testEmbedding(model: EmbeddingModel, now: () => number): Promise<EmbeddingTest> {
  const a = await model.current();
  const loadStart = now();
  await model.loaded(a);
  const loadMs = now() - loadStart;
  const t0 = now();
  const e = await (a.query ?? a.embedder).embed(['Which river flows through the capital of France?']);
  const choice = a.choice ?? singleBackend('wasm', 'absent');
  return {
    model: embeddingLabel(a.settings),
    backend: a.backend,
    dim: e.dim,
    queryMs: now() - t0,
    loadMs,
    choice,
    choiceText: describeBackendChoice(choice),
  };
}

/** A loaded corpus, or just its id and size (the Library must not load a corpus to show its vectors). */
type CorpusOrSize = Corpus | { id: string; passageCount: number };

/**
 * What the Library shows of a corpus's embeddings: the model in Settings, how many passages have its vectors
 * (complete or resumable), other models' vectors kept beside them, where the model runs, whether a run is on.
 */
async function embeddingStatusOf(
  corpus: CorpusOrSize,
  model: Pick<EmbeddingModel, 'settings' | 'backendOf'>,
  artifacts: ArtifactStore | undefined,
  /** Whether an embedding run of this corpus is in progress (asked after the settings are read). */
  running: () => boolean,
): Promise<EmbeddingStatus> {
  const s = await model.settings();
  const shape =
    'passages' in corpus
      ? { id: corpus.id, passageCount: corpus.passages.length, passageIds: corpus.passages.map((p) => p.id) }
      : corpus;
  const base = { corpusId: corpus.id, passageCount: shape.passageCount, running: running() };
  const info = artifacts ? await storedVectorsInfo(artifacts, shape) : { complete: [], partial: [] };
  // Without a model in Settings every stored model is another one, and nothing is done.
  const id = s ? embeddingModelId(s) : undefined;
  const complete = info.complete.find((c) => c.modelId === id);
  return {
    ...base,
    model: s && id ? { id, label: embeddingLabel(s), dim: s.source === 'local' ? s.dim : null } : null,
    backend: id ? model.backendOf(id) : null,
    ready: complete !== undefined,
    done: complete ? complete.count : (info.partial.find((p) => p.modelId === id)?.done ?? 0),
    otherModels: [...new Set([...info.complete, ...info.partial].map((x) => x.modelId).filter((m) => m !== id))],
  };
}

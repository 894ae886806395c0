// Embeddings inside the engine worker: the model from Settings (a stored local folder or a hub id),
// run by the embedding worker (a nested Worker in the browser, in-process in Node tests); resumable
// corpus embedding into IndexedDB (src/core/persist/vectors-resume.ts); precomputed vectors; and the
// embedder and stored vectors as backbone resources (src/engine/backbones.ts). Vectors stay in this
// worker: the page gets statuses, progress and rankings; queries are embedded in the embedding worker.
import {
  backendSummary,
  describeBackendChoice,
  singleBackend,
  type BackendChoice,
} from '../core/embed/backend-choice.ts';
import { measureBackends } from '../core/embed/measure-backends.ts';
import type { EmbedProgressCallback, Embedder } from '../core/embed/port.ts';
import { estimateEmbeddingTime } from '../core/embed/estimate.ts';
import {
  EMBED_BATCH_DEFAULT,
  embeddingLabel,
  embeddingModelId,
  embeddingSettingsSchema,
  type ConfiguredEmbedding,
} from '../core/embed/settings.ts';
import { HopscopeError } from '../core/errors.ts';
import { readPrecomputedVectors, vectorsForCorpus } from '../core/index/vectors-npy.ts';
import {
  embedCorpusResumable,
  readCompleteVectors,
  storeCompleteVectors,
  storedVectorsInfo,
} from '../core/persist/vectors-resume.ts';
import { normalizeRows, VectorIndex } from '../core/index/vectors.ts';
import { denseDocumentText } from '../core/retrievers/dense.ts';
import type { Stores } from '../core/persist/ports.ts';
import type { Corpus } from '../core/types.ts';
import type { EmbedDevice, EmbedderConfig } from '../providers/embed/config.ts';
import {
  EMBEDDING_SETTINGS_KEY,
  type BinarySource,
  type EmbeddingEstimate,
  type EmbeddingProgress,
  type EmbeddingStatus,
  type EmbeddingTest,
} from './engine-api.ts';

export type LoadableEmbedder = Embedder & { load?(onProgress?: EmbedProgressCallback): Promise<void> };

/** What the host provides: how to make an embedder and on which device. */
export interface EmbeddingHost {
  makeEmbedder(config: EmbedderConfig): LoadableEmbedder;
  /** 'cpu' in Node; in the browser 'webgpu' when an adapter answers, else 'wasm'. */
  device(): Promise<EmbedDevice>;
  /** Browser: the app's copies of onnxruntime-web's runtime files (no CDN). */
  wasmPaths?: { mjs: string; wasm: string };
  /** Node: the folder holding local model folders (a 'local' setting's name under it); the browser uses the stored folder. */
  localModelPath?: string;
}

/** Passages per stored chunk: a cancel or reload loses at most one chunk of work. */
export const EMBED_CHUNK = 64;
/** Above this many passages the import does not embed on its own: the Library shows an estimate first. */
export const AUTO_EMBED_LIMIT = 2000;

interface Active {
  modelId: string;
  settings: ConfiguredEmbedding;
  /** Embeds corpus batches (and is the only embedder without WebGPU). */
  embedder: LoadableEmbedder;
  /** Embeds single queries when the measurement found another backend faster for them. */
  query?: LoadableEmbedder;
  backend: string;
  /** How the backends were chosen (after the load). */
  choice?: BackendChoice;
  loaded?: Promise<number>;
}

export function createEmbeddings(
  stores: Stores | undefined,
  host: EmbeddingHost | undefined,
  now: () => number = () => performance.now(),
) {
  let active: Active | undefined;
  const running = new Map<string, AbortController>();
  /** Per corpus: how many times its vectors changed (part of the backbones' build identity). */
  const generations = new Map<string, number>();

  async function settings(): Promise<ConfiguredEmbedding | null> {
    const raw = stores ? await stores.settings.getSetting<unknown>(EMBEDDING_SETTINGS_KEY) : undefined;
    if (raw === undefined) return null;
    const parsed = embeddingSettingsSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HopscopeError(
        'embed',
        `the saved embedding settings are invalid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}); choose the model again in Settings`,
      );
    }
    return parsed.data.source === 'none' ? null : parsed.data;
  }

  function configFor(s: ConfiguredEmbedding, device: EmbedDevice): EmbedderConfig {
    const common = {
      device,
      dtype: s.dtype,
      pooling: s.pooling,
      batchSize: s.batchSize ?? EMBED_BATCH_DEFAULT,
      ...(host?.wasmPaths ? { wasmPaths: host.wasmPaths } : {}),
    };
    if (s.source === 'hub') return { model: s.id, allowRemote: true, ...common };
    return host?.localModelPath !== undefined
      ? { model: s.name, localModelPath: host.localModelPath, ...common }
      : { model: s.name, storedFolder: true, ...common };
  }

  /** The embedder of the model in Settings (re-made when Settings change); throws when none is chosen. */
  async function current(): Promise<Active> {
    if (!host) throw new HopscopeError('embed', 'this engine has no embedding worker');
    const s = await settings();
    if (!s)
      throw new HopscopeError(
        'embed',
        'no embedding model is chosen: pick a local encoder folder (or a Hugging Face id) in Settings first',
      );
    const modelId = embeddingModelId(s);
    if (active?.modelId === modelId) return active;
    const previous = active;
    const device = await host.device();
    active = { modelId, settings: s, embedder: host.makeEmbedder(configFor(s, device)), backend: device };
    if (previous) {
      await previous.embedder.dispose().catch(() => {});
      await previous.query?.dispose().catch(() => {});
    }
    return active;
  }

  /**
   * Loads the model. Without WebGPU: on the one device there is. With WebGPU: on WebGPU and on WASM,
   * then times a warm batch and a single query on each and keeps per use the faster one
   * (src/core/embed/measure-backends.ts); WebGPU that fails to load or run falls back to WASM, said in
   * the backend and the choice.
   */
  async function loaded(a: Active, onProgress?: EmbedProgressCallback): Promise<Active> {
    const load = async (e: LoadableEmbedder) => (e.load ? e.load(onProgress) : e.embed(['load']).then(() => undefined));
    const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
    a.loaded ??= (async () => {
      const t0 = now();
      if (a.backend !== 'webgpu' || !host) {
        await load(a.embedder);
        a.choice = singleBackend(
          a.backend === 'cpu' ? 'cpu' : 'wasm',
          a.backend === 'cpu' ? 'not-applicable' : 'absent',
        );
        return now() - t0;
      }
      const wasm = host.makeEmbedder(configFor(a.settings, 'wasm'));
      const fallBack = async (err: unknown, what: string) => {
        await a.embedder.dispose().catch(() => {});
        a.embedder = wasm;
        a.backend = `wasm (WebGPU failed to ${what}: ${message(err)})`;
        a.choice = singleBackend('wasm', 'failed', `it could not ${what}: ${message(err)}`);
        await load(wasm);
      };
      try {
        await load(a.embedder);
      } catch (err) {
        await fallBack(err, 'load the model');
        return now() - t0;
      }
      await load(wasm);
      let choice: BackendChoice;
      try {
        choice = await measureBackends(a.embedder, wasm, now);
      } catch (err) {
        await fallBack(err, 'run the model');
        return now() - t0;
      }
      const gpu = a.embedder;
      const pick = (b: string) => (b === 'webgpu' ? gpu : wasm);
      a.embedder = pick(choice.batch);
      if (choice.query !== choice.batch) a.query = pick(choice.query);
      else await (choice.batch === 'webgpu' ? wasm : gpu).dispose().catch(() => {});
      a.choice = choice;
      a.backend = backendSummary(choice);
      return now() - t0;
    })().catch((err: unknown) => {
      a.loaded = undefined;
      throw err;
    });
    await a.loaded;
    return a;
  }

  function invalidate(corpusId: string) {
    generations.set(corpusId, (generations.get(corpusId) ?? 0) + 1);
  }

  /** A loaded corpus, or just its id and size (the Library must not load a corpus to show its vectors). */
  async function status(corpus: Corpus | { id: string; passageCount: number }): Promise<EmbeddingStatus> {
    const s = await settings();
    const shape =
      'passages' in corpus
        ? { id: corpus.id, passageCount: corpus.passages.length, passageIds: corpus.passages.map((p) => p.id) }
        : corpus;
    const base = { corpusId: corpus.id, passageCount: shape.passageCount, running: running.has(corpus.id) };
    const info = stores ? await storedVectorsInfo(stores.artifacts, shape) : { complete: [], partial: [] };
    if (!s)
      return {
        ...base,
        model: null,
        backend: null,
        ready: false,
        done: 0,
        otherModels: [...new Set([...info.complete, ...info.partial].map((x) => x.modelId))],
      };
    const id = embeddingModelId(s);
    const complete = info.complete.find((c) => c.modelId === id);
    const others = [...new Set([...info.complete, ...info.partial].map((x) => x.modelId).filter((m) => m !== id))];
    return {
      ...base,
      model: { id, label: embeddingLabel(s), dim: s.source === 'local' ? s.dim : null },
      backend: active?.modelId === id && active.loaded ? active.backend : null,
      ready: complete !== undefined,
      done: complete ? complete.count : (info.partial.find((p) => p.modelId === id)?.done ?? 0),
      otherModels: others,
    };
  }

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
    try {
      const a = await current();
      onProgress({
        corpusId: corpus.id,
        phase: 'load',
        done: 0,
        total,
        resumedFrom: 0,
        passagesPerSecond: null,
        etaSeconds: null,
        message: `loading ${embeddingLabel(a.settings)}`,
      });
      await loaded(a);
      invalidate(corpus.id);
      await embedCorpusResumable(stores.artifacts, corpus, a.embedder, {
        modelId: a.modelId,
        chunkSize: EMBED_CHUNK,
        signal: controller.signal,
        now,
        onMessage: (message) =>
          onProgress({
            corpusId: corpus.id,
            phase: 'embed',
            done: 0,
            total,
            resumedFrom: 0,
            passagesPerSecond: null,
            etaSeconds: null,
            message,
          }),
        onProgress: (p) => onProgress({ corpusId: corpus.id, phase: p.done === total ? 'done' : 'embed', ...p }),
      });
    } finally {
      outer?.removeEventListener('abort', stop);
      running.delete(corpus.id);
    }
    return status(corpus);
  }

  async function estimate(corpus: Corpus): Promise<EmbeddingEstimate> {
    const a = await loaded(await current());
    const e = await estimateEmbeddingTime(a.embedder, corpus.passages.map(denseDocumentText), { sample: 16, now });
    return {
      passages: corpus.passages.length,
      passagesPerSecond: e.textsPerSecond,
      seconds: e.estimatedSeconds,
      backend: a.backend,
    };
  }

  async function test(): Promise<EmbeddingTest> {
    const a = await current();
    const loadMs = await (async () => {
      const t0 = now();
      await loaded(a);
      return now() - t0;
    })();
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

  async function importVectors(corpus: Corpus, files: BinarySource[]): Promise<EmbeddingStatus> {
    if (!stores) throw new HopscopeError('embed', 'no storage in this engine: vectors could not be kept');
    const s = await settings();
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
    const a = await current();
    const v = stores ? await readCompleteVectors(stores.artifacts, corpus, a.modelId) : undefined;
    if (!v)
      throw new HopscopeError(
        'embed',
        `corpus "${corpus.name}" has no complete vectors of ${embeddingLabel(a.settings)}: embed it (or import precomputed vectors) in the Library first`,
      );
    return v;
  }

  /** The model in Settings as a backbone resource (loaded), or undefined when none is chosen. */
  async function resource(): Promise<{ embedder: Embedder; about: Record<string, unknown> } | undefined> {
    if (!host || !(await settings())) return undefined;
    const a = await loaded(await current());
    const e = a.query ?? a.embedder;
    // Stored phrase and fact vectors are keyed by the embedder's model: the Settings id names it exactly.
    const embedder: Embedder = {
      label: e.label,
      model: a.modelId,
      embed: (...x) => e.embed(...x),
      dispose: () => e.dispose(),
    };
    return {
      embedder,
      about: {
        embedding: a.modelId,
        embedBackend: a.backend,
        ...(a.choice ? { embedBackendChoice: describeBackendChoice(a.choice) } : {}),
      },
    };
  }

  return {
    status,
    embed,
    estimate,
    test,
    importVectors,
    cancel(corpusId: string) {
      running.get(corpusId)?.abort();
    },
    /** True when a model is configured and it can run automatically during an import of this size. */
    async autoEmbed(corpus: Corpus): Promise<'embed' | 'too-large' | 'no-model'> {
      if (!host || !(await settings())) return 'no-model';
      return corpus.passages.length > AUTO_EMBED_LIMIT ? 'too-large' : 'embed';
    },
    vectors,
    resource,
    /** The model chosen in Settings, or undefined. */
    async modelId(): Promise<string | undefined> {
      const s = await settings();
      return s ? embeddingModelId(s) : undefined;
    },
    /** Changes whenever a corpus's vectors change (embedded, imported): builds over old vectors are not reused. */
    generation: (corpusId: string) => generations.get(corpusId) ?? 0,
    forget: invalidate,
  };
}

export type Embeddings = ReturnType<typeof createEmbeddings>;

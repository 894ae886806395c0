// The embedding model from Settings, made by the host's embedding worker and loaded on the backend that
// serves it best: the one model the engine holds (re-made when Settings name another), its batch
// embedder and, when the measurement found another backend faster for single queries, its query embedder.
import { backendSummary, singleBackend, type BackendChoice } from '../core/embed/backend-choice.ts';
import { measureBackends } from '../core/embed/measure-backends.ts';
import type { EmbedProgressCallback, Embedder } from '../core/embed/port.ts';
import { embeddingModelId, type ConfiguredEmbedding } from '../core/embed/settings.ts';
import { HopscopeError } from '../core/errors.ts';
import type { Stores } from '../core/persist/ports.ts';
import type { EmbedDevice, EmbedderConfig } from '../providers/embed/config.ts';
import { embedderConfig, readEmbeddingSettings, type ModelPaths } from './embedding-settings.ts';

export type LoadableEmbedder = Embedder & { load?(onProgress?: EmbedProgressCallback): Promise<void> };

/** What the host provides: how to make an embedder, on which device, and where model files are. */
export interface EmbeddingHost extends ModelPaths {
  makeEmbedder(config: EmbedderConfig): LoadableEmbedder;
  /** 'cpu' in Node; in the browser 'webgpu' when an adapter answers, else 'wasm'. */
  device(): Promise<EmbedDevice>;
}

export interface ActiveModel {
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

export function createEmbeddingModel(stores: Stores | undefined, host: EmbeddingHost | undefined, now: () => number) {
  let active: ActiveModel | undefined;

  /** The embedder of the model in Settings (re-made when Settings change); throws when none is chosen. */
  async function current(): Promise<ActiveModel> {
    if (!host) throw new HopscopeError('embed', 'this engine has no embedding worker');
    const s = await readEmbeddingSettings(stores);
    if (!s)
      throw new HopscopeError(
        'embed',
        'no embedding model is chosen: pick a local encoder folder (or a Hugging Face id) in Settings first',
      );
    const modelId = embeddingModelId(s);
    if (active?.modelId === modelId) return active;
    const previous = active;
    const device = await host.device();
    active = { modelId, settings: s, embedder: host.makeEmbedder(embedderConfig(s, device, host)), backend: device };
    if (previous) {
      await previous.embedder.dispose().catch(() => {});
      await previous.query?.dispose().catch(() => {});
    }
    return active;
  }

  /** `a` once loaded (a failed load is tried again on the next call). */
  async function loaded(a: ActiveModel, onProgress?: EmbedProgressCallback): Promise<ActiveModel> {
    a.loaded ??= loadOnBackends(a, host, now, onProgress).catch((err: unknown) => {
      a.loaded = undefined;
      throw err;
    });
    await a.loaded;
    return a;
  }

  return {
    current,
    loaded,
    /** The model in Settings, or null. */
    settings: () => readEmbeddingSettings(stores),
    /** Whether a model can be loaded at all: the host has an embedding worker and Settings name a model. */
    async available(): Promise<boolean> {
      return host !== undefined && (await readEmbeddingSettings(stores)) !== null;
    },
    /** Where model `modelId` runs, once it is the loaded one; null before. */
    backendOf(modelId: string): string | null {
      return active?.modelId === modelId && active.loaded ? active.backend : null;
    },
  };
}

export type EmbeddingModel = ReturnType<typeof createEmbeddingModel>;

/**
 * Loads the model; resolves to the milliseconds it took. Without WebGPU: on the one device there is.
 * With WebGPU: on WebGPU and on WASM, then times a warm batch and a single query on each and keeps per
 * use the faster one (src/core/embed/measure-backends.ts); WebGPU that fails to load or run falls back
 * to WASM, said in the backend and the choice.
 */
async function loadOnBackends(
  a: ActiveModel,
  host: EmbeddingHost | undefined,
  now: () => number,
  onProgress?: EmbedProgressCallback,
): Promise<number> {
  const load = async (e: LoadableEmbedder) => (e.load ? e.load(onProgress) : e.embed(['load']).then(() => undefined));
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  const t0 = now();
  if (a.backend !== 'webgpu' || !host) {
    await load(a.embedder);
    a.choice = singleBackend(a.backend === 'cpu' ? 'cpu' : 'wasm', a.backend === 'cpu' ? 'not-applicable' : 'absent');
    return now() - t0;
  }
  const wasm = host.makeEmbedder(embedderConfig(a.settings, 'wasm', host));
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
}

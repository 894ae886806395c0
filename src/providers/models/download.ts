// Downloads an in-browser model (a text-generation LLM or a sentence encoder) ahead of its first use,
// with transformers.js's own loader: `pipeline(task, model)` fetches every file the task needs into the
// browser's Cache Storage ("transformers-cache", the cache later loads read first) and reports bytes
// per file and in total through `progress_callback`; the pipeline is then disposed (the run or the
// embedding worker loads its own). Cancel aborts the in-flight fetches (env.fetch carries the signal),
// so a cancelled download leaves no half file in the cache: transformers.js stores a file only once
// it is complete. Runs in the engine worker, so no ONNX session ever lives on the page's thread.
import { env, ModelRegistry, pipeline, type ProgressInfo } from '@huggingface/transformers';
import { AbortedError, HopscopeError } from '../../core/errors.ts';
import type { CachedModel, DownloadEvent, ModelDownloadResult, ModelDownloadSpec } from '../../core/models/download-progress.ts';

export type { CachedModel, ModelDownloadResult, ModelDownloadSpec } from '../../core/models/download-progress.ts';

export interface DownloadHost {
  device(): Promise<'webgpu' | 'wasm' | 'cpu'>;
  wasmPaths?: { mjs: string; wasm: string };
  now?: () => number;
}

export class ModelDownloadError extends HopscopeError {
  override readonly name: string = 'ModelDownloadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('models', message, options);
  }
}

/** The transformers.js Cache Storage name (env.cacheKey), where downloaded files are kept. */
const cacheName = () => env.cacheKey ?? 'transformers-cache';

/** Where a model's files are fetched from: the hub's /<id>/resolve/ path, or the local folder URL. */
function prefixOf(spec: ModelDownloadSpec): string {
  if (spec.allowRemote) return `/${spec.model}/resolve/`;
  const base = (spec.localModelPath ?? '/models/').replace(/\/?$/, '/');
  return `${new URL(base, globalThis.location?.href ?? 'http://localhost/').pathname}${spec.model}/`;
}

export function createModelDownloader(host: DownloadHost) {
  let current: AbortController | null = null;
  const now = host.now ?? (() => performance.now());

  function configure(spec: ModelDownloadSpec, signal?: AbortSignal): () => void {
    const previousFetch = env.fetch;
    env.allowRemoteModels = spec.allowRemote;
    env.allowLocalModels = !spec.allowRemote && spec.localModelPath !== undefined;
    if (env.allowLocalModels) env.localModelPath = spec.localModelPath!.replace(/\/?$/, '/');
    env.useBrowserCache = typeof caches !== 'undefined'; // the browser keeps the files; Node has no Cache API
    env.useFSCache = false;
    const wasm = env.backends.onnx.wasm;
    if (host.wasmPaths && wasm) wasm.wasmPaths = host.wasmPaths;
    if (signal) env.fetch = (input: string | URL, init?: RequestInit) => previousFetch(input, { ...init, signal });
    return () => {
      env.fetch = previousFetch;
    };
  }

  async function loadOn(spec: ModelDownloadSpec, device: 'webgpu' | 'wasm' | 'cpu', onEvent: (e: DownloadEvent) => void) {
    const p = await pipeline(spec.task, spec.model, {
      device,
      dtype: spec.dtype as 'q4',
      progress_callback: (info: ProgressInfo) => onEvent(info as DownloadEvent),
    });
    await p.dispose();
  }

  return {
    /** Downloads (or reads from the cache) and loads once; rejects with AbortedError when cancelled. */
    async download(spec: ModelDownloadSpec, onEvent: (e: DownloadEvent) => void): Promise<ModelDownloadResult> {
      if (!spec.model.trim()) throw new ModelDownloadError('no model given: choose one in Settings');
      if (!spec.allowRemote && spec.localModelPath === undefined) {
        throw new ModelDownloadError(`"${spec.model}" is a hub id and downloads are off: tick the consent box first, or give a local model path`);
      }
      current?.abort();
      const controller = (current = new AbortController());
      const restore = configure(spec, controller.signal);
      const t0 = now();
      let device = await host.device();
      try {
        try {
          await loadOn(spec, device, onEvent);
        } catch (err) {
          if (controller.signal.aborted || device !== 'webgpu') throw err;
          device = 'wasm'; // the files are cached by now: WASM reads them from there
          await loadOn(spec, device, onEvent);
        }
        return { device, ms: now() - t0 };
      } catch (err) {
        if (controller.signal.aborted) throw new AbortedError('models');
        const detail = err instanceof Error ? err.message : String(err);
        const where = spec.allowRemote ? `the Hugging Face hub (${spec.model})` : `${prefixOf(spec)} (local model path)`;
        throw new ModelDownloadError(`could not download or load "${spec.model}" from ${where}: ${detail}`, { cause: err });
      } finally {
        restore();
        if (current === controller) current = null;
      }
    },
    cancel() {
      current?.abort();
    },
    /** Files of this model already in this browser's cache (null when none). */
    async cached(spec: ModelDownloadSpec): Promise<CachedModel | null> {
      if (typeof caches === 'undefined' || !spec.model.trim()) return null;
      const cache = await caches.open(cacheName());
      const prefix = prefixOf(spec);
      let files = 0;
      let bytes = 0;
      for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.startsWith(prefix)) continue;
        files += 1;
        bytes += Number((await cache.match(request))?.headers.get('content-length') ?? 0);
      }
      if (files === 0) return null;
      // Complete? transformers.js lists the files the task needs from the cached config.json (its
      // early exit when config.json is absent means no request is made for a model never fetched).
      const restore = current ? () => {} : configure(spec);
      try {
        const status = await ModelRegistry.is_pipeline_cached_files(spec.task, spec.model, { dtype: spec.dtype as 'q4' });
        return { files, bytes, complete: status.allCached, needed: status.files.length };
      } catch {
        return { files, bytes, complete: false, needed: null };
      } finally {
        restore();
      }
    },
  };
}

export type ModelDownloader = ReturnType<typeof createModelDownloader>;

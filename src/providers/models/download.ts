// Downloads an in-browser model (a text-generation LLM or a sentence encoder) ahead of its first use,
// with transformers.js's own loader: `pipeline(task, model)` fetches every file the task needs into the
// browser's Cache Storage ("transformers-cache", the cache later loads read first) and reports bytes
// per file and in total through `progress_callback`; the pipeline is then disposed (the run or the
// embedding worker loads its own). Cancel aborts the in-flight fetches (env.fetch carries the signal),
// so a cancelled download leaves no half file in the cache: transformers.js stores a file only once
// it is complete. Runs in the engine worker, so no ONNX session ever lives on the page's thread.
import { env, pipeline, type ProgressInfo } from '@huggingface/transformers';
import { AbortedError, HopscopeError } from '../../core/errors.ts';
import { onnxFileFor } from '../embed/config.ts';
import { checkedFetch, ModelFileError } from './checked-fetch.ts';
import type {
  CachedModel,
  DownloadEvent,
  ModelDownloadResult,
  ModelDownloadSpec,
} from '../../core/models/download-progress.ts';

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

/** Where a model's files are fetched from: the hub's /<id>/resolve/ path, or the local folder URL. */
function prefixOf(spec: ModelDownloadSpec): string {
  if (spec.allowRemote) return `/${spec.model}/resolve/main/`;
  const base = (spec.localModelPath ?? '/models/').replace(/\/?$/, '/');
  return `${new URL(base, globalThis.location?.href ?? 'http://localhost/').pathname}${spec.model}/`;
}

/**
 * A load refused because downloads are off and the local model path lacks a file (transformers.js says
 * "`local_files_only=true` or `env.allowRemoteModels=false` and file was not found locally at …"), in
 * words: what is missing where, and the two ways to get it. Undefined for any other failure.
 */
export function refusedLocal(spec: ModelDownloadSpec, detail: string): string | undefined {
  if (spec.allowRemote || !/local_files_only|allowRemoteModels\s*=\s*false|not found locally/i.test(detail))
    return undefined;
  const prefix = prefixOf(spec);
  const at = /found locally at "([^"]+)"/.exec(detail)?.[1];
  const file = at?.startsWith(prefix) ? at.slice(prefix.length) : (at ?? requiredFiles(spec)[0]);
  return (
    `"${spec.model}" is not in the local model path (${prefix} has no ${file}), and downloading from the ` +
    `Hugging Face hub is not allowed yet. To get it, tick "Allow downloading the model from the Hugging Face ` +
    `hub" and press the button again (the files download once and stay in this browser), or put the model's ` +
    `files (${requiredFiles(spec).join(', ')}) in ${prefix}.`
  );
}

/** What a load of this task needs (transformers.js naming); optional files (generation_config.json) are not required. */
export function requiredFiles(spec: Pick<ModelDownloadSpec, 'dtype'>): string[] {
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', onnxFileFor(spec.dtype)];
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
    const fetchWithSignal = signal
      ? (input: string | URL, init?: RequestInit) => previousFetch(input, { ...init, signal })
      : previousFetch;
    // Checked before transformers.js caches anything: an HTML page is never stored as a model file.
    env.fetch = checkedFetch(fetchWithSignal, spec.model);
    return () => {
      env.fetch = previousFetch;
    };
  }

  async function loadOn(
    spec: ModelDownloadSpec,
    device: 'webgpu' | 'wasm' | 'cpu',
    onEvent: (e: DownloadEvent) => void,
  ) {
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
        throw new ModelDownloadError(
          `"${spec.model}" is a hub id and downloads are off: tick the consent box first, or give a local model path`,
        );
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
        // The server does not host the model: say so as it is, not wrapped in "could not load".
        const wrong =
          err instanceof ModelFileError
            ? err
            : err instanceof Error && err.cause instanceof ModelFileError
              ? err.cause
              : null;
        if (wrong) throw new ModelDownloadError(wrong.message.replace(/^models: /, ''), { cause: err });
        const detail = err instanceof Error ? err.message : String(err);
        const refused = refusedLocal(spec, detail);
        if (refused) throw new ModelDownloadError(refused, { cause: err });
        const where = spec.allowRemote
          ? `the Hugging Face hub (${spec.model})`
          : `${prefixOf(spec)} (local model path)`;
        throw new ModelDownloadError(`could not download or load "${spec.model}" from ${where}: ${detail}`, {
          cause: err,
        });
      } finally {
        restore();
        if (current === controller) current = null;
      }
    },
    cancel() {
      current?.abort();
    },
    /**
     * Files of this model already in this browser's cache (null when none): a scan of transformers.js's
     * Cache Storage under both keys it stores files with (the local-folder URL and the hub URL), never a
     * request. Complete when the files a load needs are there: config.json, the tokenizer files and the
     * ONNX weights of this dtype (transformers.js's own registry is not asked: it memoises file metadata
     * per page, so it would keep answering from before the download).
     */
    async cached(spec: ModelDownloadSpec): Promise<CachedModel | null> {
      if (typeof caches === 'undefined' || !spec.model.trim()) return null;
      const cache = await caches.open(env.cacheKey ?? 'transformers-cache');
      const prefixes = [...new Set([prefixOf(spec), `/${spec.model}/resolve/main/`])];
      const found = new Map<string, number>();
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        const prefix = prefixes.find((p) => path.startsWith(p));
        if (!prefix) continue;
        const file = path.slice(prefix.length);
        if (!found.has(file)) found.set(file, Number((await cache.match(request))?.headers.get('content-length') ?? 0));
      }
      if (found.size === 0) return null;
      const missing = requiredFiles(spec).filter((f) => !found.has(f));
      return {
        files: found.size,
        bytes: [...found.values()].reduce((a, b) => a + b, 0),
        complete: missing.length === 0,
        missing,
      };
    },
  };
}

export type ModelDownloader = ReturnType<typeof createModelDownloader>;

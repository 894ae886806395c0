// Engine worker: parsing, indexing, the library (IndexedDB) and runs happen off the UI thread (DESIGN:
// workers are thin RPC wrappers over core). The API is typed in src/engine/engine-api.ts; the page wraps
// it with Comlink. The import's offline triples and synonym search run in pool workers (./pool-browser.ts).
import { expose, wrap, type Remote } from 'comlink';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { createWorkerEmbedder } from '../src/providers/embed/worker-embedder.ts';
import { createModelDownloader } from '../src/providers/models/download.ts';
import type { EmbedWorkerApi } from '../src/providers/embed/worker-protocol.ts';
import type { EmbeddingHost } from '../src/engine/embeddings.ts';
import { loadPprWasm, setPprWasm } from '../src/core/graph/ppr-wasm.ts';
import { getDb, onStorageNotice } from '../src/storage/db.ts';
import { createDexieStores } from '../src/storage/repositories.ts';
import { createEngine } from '../src/engine/engine.ts';
import { createBrowserPool } from './pool-browser.ts';
import { carryUserMessages } from './comlink-errors.ts';
import type { RerankHost } from '../src/engine/rerank.ts';
import { createTransformersReranker } from '../src/providers/rerank/transformers-reranker.ts';

// PPR kernel: the WebAssembly one (wasm/ppr.wasm, at the URL Vite emits), installed once with setPprWasm so
// HippoRAG 2 runs it; PPR work waits until the choice is made. If it cannot load (no SIMD, fetch failed),
// the TypeScript kernel runs, said on console.info: a fallback with the same results, not an error.
async function installPprKernel(): Promise<void> {
  try {
    setPprWasm(await loadPprWasm(fetch(new URL('../wasm/ppr.wasm', import.meta.url))));
  } catch (err) {
    console.info(
      `engine: the WebAssembly PPR kernel is unavailable (${err instanceof Error ? err.message : String(err)}); using the TypeScript kernel`,
    );
  }
}

// Another tab upgrading or blocking the database: the page shows the sentence (src/shell/StorageNotice.tsx).
onStorageNotice((notice) => self.postMessage({ type: 'hopscope-storage-notice', notice }));

// The embedding worker, started by this worker when a model is first needed, so vectors and query
// embeddings never pass through the page; onnxruntime-web's runtime files are the app's own (no CDN).
// One per device: with WebGPU the model is loaded on WebGPU and on WASM side by side and measured
// (src/engine/embedding-model.ts), each worker holding one model.
const embedWorkers = new Map<string, Remote<EmbedWorkerApi>>();
const wasmPaths = { mjs: new URL(ortMjs, self.location.href).href, wasm: new URL(ortWasm, self.location.href).href };
const embedding: EmbeddingHost = {
  wasmPaths,
  // WebGPU when the browser gives an adapter (then WebGPU and WASM are measured against each other), else WASM.
  async device() {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    try {
      if (gpu && (await gpu.requestAdapter())) return 'webgpu';
    } catch {
      // no usable adapter: WASM
    }
    return 'wasm';
  },
  makeEmbedder(config) {
    let worker = embedWorkers.get(config.device);
    if (!worker)
      embedWorkers.set(
        config.device,
        (worker = wrap<EmbedWorkerApi>(
          new Worker(new URL('./embed.worker.ts', import.meta.url), { type: 'module', name: `embed-${config.device}` }),
        )),
      );
    return createWorkerEmbedder(worker, config);
  },
};

// DualRAG's cross-encoder runs in this worker (transformers.js on WASM, the app's own runtime files).
const reranking: RerankHost = { wasmPaths, makeReranker: createTransformersReranker };

// In-browser model downloads (Settings' progress bars) run here too, on the same device choice and runtime files.
const downloads = createModelDownloader({
  device: embedding.device,
  ...(embedding.wasmPaths ? { wasmPaths: embedding.wasmPaths } : {}),
});

// Settings' "Test connection" shows a typed LLM error's sentence, which Comlink would drop.
carryUserMessages();

expose(
  createEngine({
    stores: createDexieStores(getDb()),
    kernelReady: installPprKernel(),
    embedding,
    downloads,
    importPool: createBrowserPool(),
    reranking,
  }),
);

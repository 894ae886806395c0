// Engine worker: parsing, indexing, the library (IndexedDB) and runs happen off the UI thread (DESIGN:
// workers are thin RPC wrappers over core). The API is typed in ./engine-api.ts; the page wraps it
// with Comlink.
// PPR kernel: the WebAssembly one (wasm/ppr.wasm, fetched from the URL Vite emits for it), installed
// once with setPprWasm so HippoRAG 2 runs it ('auto'); PPR work waits until the choice is made. If it
// cannot load (no SIMD, fetch failed), the TypeScript kernel runs and this is said on console.info:
// it is a fallback with the same results, not an error.
// Embeddings: the embedding worker (embed.worker.ts) is started by this worker when a model is first
// needed, so vectors and query embeddings never pass through the page; onnxruntime-web's runtime
// files are the app's own copies (no CDN). DualRAG's cross-encoder reranker runs in this worker.
import { expose, wrap, type Remote } from 'comlink';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { createWorkerEmbedder } from '../src/providers/embed/worker-embedder.ts';
import type { EmbedWorkerApi } from '../src/providers/embed/worker-protocol.ts';
import type { EmbeddingHost } from './engine-embed.ts';
import { loadPprWasm, setPprWasm } from '../src/core/graph/ppr-wasm.ts';
import { getDb, onStorageNotice } from '../src/storage/db.ts';
import { createDexieStores } from '../src/storage/repositories.ts';
import { createEngine } from './engine.ts';
import type { RerankHost } from './engine-rerank.ts';
import { createTransformersReranker } from '../src/providers/rerank/transformers-reranker.ts';

async function installPprKernel(): Promise<void> {
  try {
    setPprWasm(await loadPprWasm(fetch(new URL('../wasm/ppr.wasm', import.meta.url))));
  } catch (err) {
    console.info(`engine: the WebAssembly PPR kernel is unavailable (${err instanceof Error ? err.message : String(err)}); using the TypeScript kernel`);
  }
}

// Another tab upgrading or blocking the database: the page shows the sentence (src/app/StorageNotice.tsx).
onStorageNotice((notice) => self.postMessage({ type: 'hopscope-storage-notice', notice }));

let embedWorker: Remote<EmbedWorkerApi> | undefined;
const wasmPaths = { mjs: new URL(ortMjs, self.location.href).href, wasm: new URL(ortWasm, self.location.href).href };
const embedding: EmbeddingHost = {
  wasmPaths,
  // WebGPU when the browser gives an adapter (a failed model load there falls back to WASM, said in the backend), else WASM.
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
    embedWorker ??= wrap<EmbedWorkerApi>(new Worker(new URL('./embed.worker.ts', import.meta.url), { type: 'module', name: 'embed' }));
    return createWorkerEmbedder(embedWorker, config);
  },
};

// DualRAG's cross-encoder runs in this worker (transformers.js on WASM, the app's own runtime files).
const reranking: RerankHost = { wasmPaths, makeReranker: createTransformersReranker };

expose(createEngine({ stores: createDexieStores(getDb()), kernelReady: installPprKernel(), embedding, reranking }));

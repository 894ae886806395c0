// Engine worker: parsing, indexing, the library (IndexedDB) and runs happen off the UI thread (DESIGN:
// workers are thin RPC wrappers over core). The API is typed in ./engine-api.ts; the page wraps it
// with Comlink.
// PPR kernel: the WebAssembly one (wasm/ppr.wasm, fetched from the URL Vite emits for it), installed
// once with setPprWasm so HippoRAG 2 runs it ('auto'); PPR work waits until the choice is made. If it
// cannot load (no SIMD, fetch failed), the TypeScript kernel runs and this is said on console.info:
// it is a fallback with the same results, not an error.
import { expose } from 'comlink';
import { loadPprWasm, setPprWasm } from '../src/core/graph/ppr-wasm.ts';
import { getDb, onStorageNotice } from '../src/storage/db.ts';
import { createDexieStores } from '../src/storage/repositories.ts';
import { createEngine } from './engine.ts';

async function installPprKernel(): Promise<void> {
  try {
    setPprWasm(await loadPprWasm(fetch(new URL('../wasm/ppr.wasm', import.meta.url))));
  } catch (err) {
    console.info(`engine: the WebAssembly PPR kernel is unavailable (${err instanceof Error ? err.message : String(err)}); using the TypeScript kernel`);
  }
}

// Another tab upgrading or blocking the database: the page shows the sentence (src/app/StorageNotice.tsx).
onStorageNotice((notice) => self.postMessage({ type: 'hopscope-storage-notice', notice }));

expose(createEngine({ stores: createDexieStores(getDb()), kernelReady: installPprKernel() }));

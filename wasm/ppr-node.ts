// Node loader for the WebAssembly PPR kernel: reads wasm/ppr.wasm from disk (the browser fetches it
// instead, see workers/graph.worker.ts). Outside src/core because core takes no node: modules.
import { readFileSync } from 'node:fs';
import { compilePprWasm, setPprWasm, type PprWasm } from '../src/core/graph/ppr-wasm.ts';

export const PPR_WASM_FILE = new URL('./ppr.wasm', import.meta.url);

export function loadPprWasmNode(): PprWasm {
  return compilePprWasm(readFileSync(PPR_WASM_FILE));
}

/** Loads the kernel and makes it the default ('auto') for personalizedPageRank in this process. */
export function installPprWasmNode(): PprWasm {
  const kernel = loadPprWasmNode();
  setPprWasm(kernel);
  return kernel;
}

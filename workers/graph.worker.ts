// Graph worker: holds one CSR (moved in with its buffers in the transfer list, not copied) and runs the
// same PPR kernel as Node runs synchronously. Thin RPC over core via Comlink; the browser's index/engine
// worker may instead import src/core/graph/ppr.ts directly and reuse `createGraphWorkerApi`.
// Kernel: the WebAssembly one (wasm/ppr.wasm, fetched from the URL Vite emits for it) once it has
// compiled, else the TypeScript one; each result names the kernel that ran.
import { expose, transfer } from 'comlink';
import type { Csr } from '../src/core/graph/csr.ts';
import { GraphError } from '../src/core/graph/errors.ts';
import {
  personalizedPageRank,
  preparePpr,
  type PprKernel,
  type PprOptions,
  type PprPrepared,
} from '../src/core/graph/ppr.ts';
import { loadPprWasm, type PprWasm } from '../src/core/graph/ppr-wasm.ts';

export interface GraphWorkerApi {
  /** Takes ownership of the CSR; send it with transfer(csr, csrTransferables(csr)). */
  load(csr: Csr): { nodeCount: number; arcs: number };
  /** PPR over the loaded CSR; the scores come back transferred. */
  ppr(
    reset: Float64Array,
    options?: Partial<Omit<PprOptions, 'wasm'>>,
  ): Promise<{ scores: Float64Array; iterations: number; residual: number; kernel: PprKernel }>;
}

/**
 * @param wasm the WebAssembly kernel, or a promise of it (awaited by the first ppr call; if it rejects,
 *   ppr calls reject with its error rather than silently running TypeScript). Omitted: TypeScript kernel.
 */
export function createGraphWorkerApi(wasm?: PprWasm | Promise<PprWasm>): GraphWorkerApi {
  let prepared: PprPrepared | undefined;
  return {
    load(csr) {
      prepared = preparePpr(csr);
      return { nodeCount: csr.nodeCount, arcs: csr.targets.length };
    },
    async ppr(reset, options = {}) {
      const kernel = await wasm;
      if (!prepared) throw new GraphError('worker: ppr called before load(csr)');
      const result = personalizedPageRank(prepared, reset, kernel ? { ...options, wasm: kernel } : options);
      return transfer(result, [result.scores.buffer]);
    },
  };
}

// In a browser dedicated worker, serve the API on the worker's own port. Vite rewrites this
// new URL(..., import.meta.url) to the emitted asset. (Node hosts expose the API with comlink's node
// adapter over worker_threads and read the binary with fs: test/core/graph/fixtures/graph-worker-node.ts.)
declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined')
  expose(createGraphWorkerApi(loadPprWasm(fetch(new URL('../wasm/ppr.wasm', import.meta.url)))));

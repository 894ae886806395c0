// Graph worker: holds one CSR (moved in with its buffers in the transfer list, not copied) and runs the
// same PPR kernel as Node runs synchronously. Thin RPC over core via Comlink; the browser's index/engine
// worker may instead import src/core/graph/ppr.ts directly and reuse `createGraphWorkerApi`.
import { expose, transfer } from 'comlink';
import type { Csr } from '../src/core/graph/csr.ts';
import { GraphError } from '../src/core/graph/errors.ts';
import { personalizedPageRank, preparePpr, type PprOptions, type PprPrepared } from '../src/core/graph/ppr.ts';

export interface GraphWorkerApi {
  /** Takes ownership of the CSR; send it with transfer(csr, csrTransferables(csr)). */
  load(csr: Csr): { nodeCount: number; arcs: number };
  /** PPR over the loaded CSR; the scores come back transferred. */
  ppr(reset: Float64Array, options?: Partial<PprOptions>): { scores: Float64Array; iterations: number; residual: number };
}

export function createGraphWorkerApi(): GraphWorkerApi {
  let prepared: PprPrepared | undefined;
  return {
    load(csr) {
      prepared = preparePpr(csr);
      return { nodeCount: csr.nodeCount, arcs: csr.targets.length };
    },
    ppr(reset, options) {
      if (!prepared) throw new GraphError('worker: ppr called before load(csr)');
      const result = personalizedPageRank(prepared, reset, options);
      return transfer(result, [result.scores.buffer]);
    },
  };
}

// In a browser dedicated worker, serve the API on the worker's own port. (Node hosts expose it with
// comlink's node adapter over worker_threads, see test/core/graph/fixtures/graph-worker-node.ts.)
declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') expose(createGraphWorkerApi());

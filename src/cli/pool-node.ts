// The import's worker pool in Node: worker_threads running src/cli/pool-worker-node.ts (via tsx).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createWorkerPool, type PoolEndpoint, type WorkerPool } from '../core/pool/pool.ts';

const WORKER_URL = new URL('./pool-worker-node.mjs', import.meta.url);

function spawnNodeWorker(): PoolEndpoint {
  const worker = new Worker(WORKER_URL);
  // listeners are attached once; each run swaps the handlers they call
  let handlers: { message: (data: unknown) => void; error: (message: string) => void } | undefined;
  let stopped = false;
  worker.on('message', (data: unknown) => handlers?.message(data));
  worker.on('error', (err) => handlers?.error(err.message));
  worker.on('exit', (code) => stopped || handlers?.error(`exited with code ${code}`));
  return {
    post: (request) => worker.postMessage(request),
    listen: (message, error) => void (handlers = { message, error }),
    terminate: () => {
      stopped = true;
      void worker.terminate();
    },
  };
}

/** `size` worker threads (default: the machine's available parallelism). They keep the process alive: terminate() when done. */
export function createNodePool(size = availableParallelism()): WorkerPool {
  return createWorkerPool(size, spawnNodeWorker);
}

// The import's worker pool in the browser: navigator.hardwareConcurrency module workers (Vite bundles
// ./pool.worker.ts), started by the engine worker on the first import and stopped by a cancel.
import { createWorkerPool, type PoolEndpoint, type WorkerPool } from '../src/core/pool/pool.ts';

function spawnBrowserWorker(index: number): PoolEndpoint {
  const worker = new Worker(new URL('./pool.worker.ts', import.meta.url), {
    type: 'module',
    name: `import-pool-${index}`,
  });
  let handlers: { message: (data: unknown) => void; error: (message: string) => void } | undefined;
  worker.onmessage = (event: MessageEvent<unknown>) => handlers?.message(event.data);
  worker.onmessageerror = () => handlers?.error('a reply could not be deserialised');
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    handlers?.error(event.message || 'the worker script failed');
  };
  return {
    post: (request) => worker.postMessage(request),
    listen: (message, error) => void (handlers = { message, error }),
    terminate: () => worker.terminate(),
  };
}

export function createBrowserPool(size = Math.max(1, navigator.hardwareConcurrency || 1)): WorkerPool {
  return createWorkerPool(size, spawnBrowserWorker);
}

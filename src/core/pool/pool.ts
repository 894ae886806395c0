// A pool of workers for the pure, per-item parts of the import (offline triples, the lexical synonym
// search). Hosts give it endpoints (browser module workers, Node worker_threads); requests are handed to
// whichever worker is free, and results come back by request index, so callers merge them in input order
// and a pooled import is byte-identical to the single-threaded one. A cancel terminates the workers (a
// chunk cannot be interrupted); the next run starts fresh ones.
import { AbortedError, errorClass } from '../errors.ts';
import { poolResponse, type PoolRequest, type PoolResponse } from './protocol.ts';

export const PoolError = errorClass('PoolError', 'pool');

/** One worker as the pool sees it: post a request, hear its replies and its crash. */
export interface PoolEndpoint {
  post(request: PoolRequest): void;
  /** Replaces the previous listeners (each run listens anew). */
  listen(onMessage: (data: unknown) => void, onError: (message: string) => void): void;
  terminate(): void;
}

export interface WorkerPool {
  readonly size: number;
  /** Runs every request (its job field is set to its index); result i answers request i. Rejects with AbortedError on abort (and stops the workers). */
  run(
    requests: readonly PoolRequest[],
    signal?: AbortSignal,
    onDone?: (done: number, total: number) => void,
  ): Promise<PoolResponse[]>;
  /** Stops the workers (the pool starts new ones if run again). */
  terminate(): void;
}

/** Requests handed to one worker before its first reply (see run). */
const IN_FLIGHT = 2;

export function createWorkerPool(size: number, spawn: (index: number) => PoolEndpoint): WorkerPool {
  if (!Number.isInteger(size) || size < 1) throw new PoolError(`pool size must be a positive integer, got ${size}`);
  let workers: PoolEndpoint[] = [];
  let busy = false;
  const terminate = () => {
    for (const w of workers) w.terminate();
    workers = [];
  };
  return {
    size,
    terminate,
    run(requests, signal, onDone) {
      if (busy) return Promise.reject(new PoolError('the pool is already running a job'));
      if (signal?.aborted) return Promise.reject(new AbortedError('pool'));
      if (requests.length === 0) return Promise.resolve([]);
      busy = true;
      if (workers.length === 0) workers = Array.from({ length: size }, (_, i) => spawn(i));
      const results: PoolResponse[] = new Array(requests.length);
      let next = 0;
      let done = 0;
      return new Promise<PoolResponse[]>((resolve, reject) => {
        let settled = false;
        const finish = (err?: Error) => {
          if (settled) return;
          settled = true;
          busy = false;
          signal?.removeEventListener('abort', onAbort);
          if (err) {
            terminate(); // also stops chunks still running elsewhere
            reject(err);
          } else resolve(results);
        };
        const onAbort = () => finish(new AbortedError('pool'));
        signal?.addEventListener('abort', onAbort, { once: true });
        const feed = (w: PoolEndpoint) => {
          if (next < requests.length) w.post({ ...requests[next]!, job: next++ });
        };
        workers.forEach((w, i) => {
          w.listen(
            (data) => {
              if (settled) return;
              const parsed = poolResponse.safeParse(data);
              if (!parsed.success)
                return finish(
                  new PoolError(`worker ${i} sent a malformed reply: ${parsed.error.issues[0]?.message ?? 'invalid'}`),
                );
              const reply = parsed.data;
              const request = requests[reply.job];
              if (reply.type === 'error')
                return finish(new PoolError(`worker ${i} failed on job ${reply.job}: ${reply.message}`));
              if (!request || request.type !== reply.type || results[reply.job])
                return finish(
                  new PoolError(`worker ${i} answered job ${reply.job} (${reply.type}), which was not asked of it`),
                );
              results[reply.job] = reply;
              done++; // not inside onDone?.(…): an absent callback would skip the increment
              onDone?.(done, requests.length);
              if (done === requests.length) finish();
              else if (!settled) feed(w); // onDone may have cancelled
            },
            (message) => finish(new PoolError(`worker ${i} stopped: ${message}`)),
          );
        });
        // Two requests in flight per worker: the next one waits in the worker's queue while the engine reads
        // the last reply, so no worker idles between chunks. Round-robin, so small jobs spread first.
        for (let depth = 0; depth < IN_FLIGHT; depth++) workers.forEach(feed);
      });
    },
  };
}

// At most `limit` calls in flight; the rest wait in FIFO order. A caller that aborts while
// waiting leaves the queue at once.
import { LlmAbortedError } from './errors.ts';
import type { LlmPort, LlmRequest, LlmResponse } from './port.ts';
import { HopscopeError } from '../errors.ts';

export function withConcurrencyLimit(port: LlmPort, limit: number): LlmPort {
  if (!Number.isInteger(limit) || limit < 1)
    throw new HopscopeError('llm', `concurrency must be a positive integer, got ${limit}`);
  let active = 0;
  const waiting: Array<() => void> = [];

  const acquire = (module: string, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new LlmAbortedError(module));
      if (active < limit) {
        active++;
        return resolve();
      }
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        active++;
        resolve();
      };
      const onAbort = () => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        reject(new LlmAbortedError(module));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(go);
    });

  const release = () => {
    active--;
    waiting.shift()?.();
  };

  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      await acquire(request.module, signal);
      try {
        return await port.complete(request, signal);
      } finally {
        release();
      }
    },
  };
}

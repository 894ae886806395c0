// Race a promise against an AbortSignal so an abort stops the caller at once, even if the work
// underneath (a fetch, a model) takes a moment to notice.
import { LlmAbortedError } from './errors.ts';

export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined, module: string): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new LlmAbortedError(module));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new LlmAbortedError(module));
    signal.addEventListener('abort', onAbort, { once: true });
    work
      .then(resolve, (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))))
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** setTimeout as a promise that rejects with LlmAbortedError when the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, module: string): Promise<void> {
  return abortable(
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
    signal,
    module,
  );
}

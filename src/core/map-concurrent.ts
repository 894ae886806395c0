// A bounded-concurrency map that keeps input order in its output: `--concurrency 8` must give the same
// per-question results as `--concurrency 1`, so results are placed by index, never by finish order.
import { throwIfAborted } from './errors.ts';

/**
 * One turn of the event loop between items: a batch of purely synchronous work (the offline thinker, no
 * I/O) would otherwise never let Ctrl-C's handler run. setImmediate passes through Node's poll phase,
 * where signals are delivered; a zero timeout does the same in a browser.
 */
const tick = (): Promise<void> =>
  new Promise((resolve) =>
    typeof globalThis.setImmediate === 'function' ? globalThis.setImmediate(resolve) : setTimeout(resolve, 0),
  );

export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      throwIfAborted(signal, 'batch');
      const index = next++;
      results[index] = await fn(items[index] as T, index);
      await tick();
    }
  };
  const lanes = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: lanes }, worker));
  return results;
}

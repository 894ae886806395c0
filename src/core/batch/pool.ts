// A bounded-concurrency map that keeps input order in its output: `--concurrency 8` must give the same
// per-question results as `--concurrency 1`, so results are placed by index, never by finish order.
import { throwIfAborted } from '../errors.ts';

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
    }
  };
  const lanes = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: lanes }, worker));
  return results;
}

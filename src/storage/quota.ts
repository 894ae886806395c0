// Maps IndexedDB's QuotaExceededError (raw DOMException, Dexie.QuotaExceededError, or wrapped in a
// transaction AbortError / bulk error) to StorageQuotaError with a message a person can act on.
import { StorageError, StorageQuotaError } from '../core/persist/ports.ts';

function isQuotaError(e: unknown, depth = 0): boolean {
  if (depth > 5 || typeof e !== 'object' || e === null) return false;
  const x = e as { name?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  if (x.name === 'QuotaExceededError') return true;
  if (isQuotaError(x.inner, depth + 1) || isQuotaError(x.cause, depth + 1)) return true;
  return Array.isArray(x.failures) && x.failures.some((f) => isQuotaError(f, depth + 1));
}

/** Runs a write; quota failures become StorageQuotaError, other failures a StorageError naming the operation. */
export async function guardWrite<T>(what: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    if (isQuotaError(e)) throw new StorageQuotaError(what, { cause: e });
    if (e instanceof StorageError) throw e;
    throw new StorageError(`could not ${what}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

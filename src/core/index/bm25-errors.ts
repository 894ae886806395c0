// Typed errors of the BM25 index: bad parameters or input, and snapshots that cannot be loaded.
import { HopscopeError } from '../errors.ts';

export class Bm25Error extends HopscopeError {
  constructor(message: string) {
    super('index.bm25', message);
  }
}

/** A snapshot of another format, version or tokenizer, or one whose buffers are inconsistent. */
export class Bm25SnapshotError extends HopscopeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('index.bm25.snapshot', message, options);
  }
}

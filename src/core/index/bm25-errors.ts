// Typed errors of the BM25 index: bad parameters or input, and snapshots that cannot be loaded.
import { HopscopeError } from '../errors.ts';

export class Bm25Error extends HopscopeError {
  override readonly name: string = 'Bm25Error';
  constructor(message: string) {
    super('index.bm25', message);
  }
}

/** A snapshot of another format, version or tokenizer, or one whose buffers are inconsistent. */
export class Bm25SnapshotError extends HopscopeError {
  override readonly name: string = 'Bm25SnapshotError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('index.bm25.snapshot', message, options);
  }
}

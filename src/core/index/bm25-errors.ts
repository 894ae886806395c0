// Typed errors of the BM25 index: bad parameters or input, and snapshots that cannot be loaded.
import { errorClass } from '../errors.ts';

export const Bm25Error = errorClass('Bm25Error', 'index.bm25');

/** A snapshot of another format, version or tokenizer, or one whose buffers are inconsistent. */
export const Bm25SnapshotError = errorClass('Bm25SnapshotError', 'index.bm25.snapshot');

import { errorClass, HopscopeError } from '../errors.ts';

/** Vector index misuse: dimension mismatch, bad k, non-finite values. */
export const VectorIndexError = errorClass('VectorIndexError', 'index.vectors');

/** A precomputed-vectors file that cannot be used: names the file and what is wrong with it. */
export class VectorImportError extends HopscopeError {
  override readonly name: string = 'VectorImportError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super('index.vectors', `${file}: ${message}`);
  }
}

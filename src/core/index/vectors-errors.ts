import { HopscopeError } from '../errors.ts';

/** Vector index misuse: dimension mismatch, bad k, non-finite values. */
export class VectorIndexError extends HopscopeError {
  constructor(message: string) {
    super('index.vectors', message);
  }
}

/** A precomputed-vectors file that cannot be used: names the file and what is wrong with it. */
export class VectorImportError extends HopscopeError {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super('index.vectors', `${file}: ${message}`);
  }
}

import { expect } from 'vitest';
import { ImportError } from '../../../src/core/errors.ts';

/** Runs `fn`, expects an ImportError, and returns it so the test can check where it points. */
export function importError(fn: () => unknown): ImportError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportError);
    return e as ImportError;
  }
  throw new Error('expected an ImportError, nothing was thrown');
}

import { LlmOutputError } from '../../src/prompts/parse.ts';

/** The LlmOutputError that `f` throws; fails the test when it throws nothing or something else. */
export function llmOutputFailure(f: () => unknown): LlmOutputError {
  try {
    f();
  } catch (e) {
    if (e instanceof LlmOutputError) return e;
    throw e;
  }
  throw new Error('expected an LlmOutputError');
}

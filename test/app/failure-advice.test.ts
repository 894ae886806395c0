import { describe, expect, it } from 'vitest';
import { failureAdvice } from '../../src/features/inspector/failure-advice.ts';
import {
  LlmAuthError,
  LlmModelNotFoundError,
  LlmTimeoutError,
  LlmUnreachableError,
} from '../../src/core/llm/errors.ts';

describe('what to do after a failed run', () => {
  it('reads the typed LLM errors: key, model name, server, timeout', () => {
    expect(failureAdvice(new LlmAuthError('http://127.0.0.1:1/v1', 401).message).steps[0]).toMatch(/API key/);
    expect(failureAdvice(new LlmModelNotFoundError('http://127.0.0.1:1/v1', 'qwen').message).steps[0]).toMatch(
      /model name/,
    );
    expect(failureAdvice(new LlmUnreachableError('http://127.0.0.1:1/v1', 'ECONNREFUSED', 3).message).steps[0]).toMatch(
      /server is running/,
    );
    expect(failureAdvice(new LlmTimeoutError('http://127.0.0.1:1/v1', 5000).message).cause).toMatch(/too long/);
    expect(failureAdvice('something odd').steps).toContain('Run again.');
  });
});

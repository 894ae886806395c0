// Credentials in a base URL (issue 16): refused in the CLI and in Settings, and never part of a label,
// an error, a cache key or a trace even when a provider is built with them.
import { describe, expect, it } from 'vitest';
import { baseUrlCredentials, redactBaseUrl } from '../../../src/core/llm/base-url.ts';
import { DEFAULT_LLM_SETTINGS, settingsProblems } from '../../../src/core/llm/settings.ts';
import { llmSpecFrom, LlmSpecError } from '../../../src/cli/llm-spec.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { main } from '../../../src/cli/eval.ts';
import { startOpenAiServer } from '../../support/openai-server.ts';

const SECRET = 'sk-very-secret-123';

describe('credentials in a base URL', () => {
  it.each([
    [`http://user:${SECRET}@127.0.0.1:11434/v1`, 'a user name and password'],
    [`http://127.0.0.1:11434/v1?key=${SECRET}`, "query parameter 'key'"],
    [`https://example.test/v1?api-version=2024-01-01&api_key=${SECRET}`, "query parameter 'api_key'"],
  ])('%s is recognised, redacted and refused', (url, what) => {
    expect(baseUrlCredentials(url)).toContain(what);
    expect(redactBaseUrl(url)).not.toContain(SECRET);
    expect(() => llmSpecFrom({ llm: 'openai', baseUrl: url, model: 'm' })).toThrow(LlmSpecError);
    expect(() => llmSpecFrom({ llm: 'openai', baseUrl: url, model: 'm' })).toThrow('--api-key-env');
    try {
      llmSpecFrom({ llm: 'openai', baseUrl: url, model: 'm' });
    } catch (e) {
      expect((e as Error).message).not.toContain(SECRET);
    }
    const problems = settingsProblems({ ...DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: url, model: 'm' });
    expect(problems.join(' ')).toContain('holds credentials');
    expect(problems.join(' ')).not.toContain(SECRET);
  });

  it('a plain URL and harmless query parameters pass unchanged', () => {
    for (const url of ['http://127.0.0.1:11434/v1', 'https://example.test/v1?api-version=2024-01-01']) {
      expect(baseUrlCredentials(url)).toBeUndefined();
      expect(redactBaseUrl(url)).toBe(url);
    }
  });

  it('the CLI exits 2 before loading data and never prints the secret', async () => {
    let stderr = '';
    const code = await main(
      [
        '--dataset',
        'public/demo',
        '--retriever',
        'bm25',
        '--strategy',
        'static',
        '--llm',
        'openai',
        '--base-url',
        `http://me:${SECRET}@127.0.0.1:9/v1`,
        '--model',
        'm',
      ],
      { out: () => {}, err: (t) => void (stderr += t) },
    );
    expect(code).toBe(2);
    expect(stderr).toContain('--api-key-env');
    expect(stderr).not.toContain(SECRET);
  });

  it('a provider built with such a URL still keeps it out of its label, id and errors', async () => {
    const server = await startOpenAiServer({
      script: () => ({ fault: { kind: 'status', status: 400, message: 'nope' } }),
    });
    try {
      const url = server.baseURL.replace('http://', `http://me:${SECRET}@`) + `?token=${SECRET}`;
      const p = new OpenAiCompatibleProvider({ baseURL: url, model: 'test-model' });
      expect(`${p.label} ${p.id} ${p.server}`).not.toContain(SECRET);
      const err = await p
        .complete({ module: 'answer', messages: [{ role: 'user', content: 'q' }] })
        .catch((e: unknown) => e as Error);
      expect(String((err as Error).message)).not.toContain(SECRET);
      expect(err).toBeInstanceOf(Error);
    } finally {
      await server.close();
    }
  });
});

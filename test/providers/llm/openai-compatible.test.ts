// The fault matrix of issue 4, driven through the real `openai` client against the scripted local
// server: every fault ends in its typed error or in a successful retry, and the request log shows
// exactly what went over the wire.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlm } from '../../../src/core/llm/create-llm.ts';
import {
  LlmAbortedError,
  LlmAuthError,
  LlmContextLengthError,
  LlmModelNotFoundError,
  LlmRateLimitError,
  LlmServerError,
  LlmTimeoutError,
  LlmTruncatedStreamError,
  LlmUnreachableError,
} from '../../../src/core/llm/errors.ts';
import type { LlmRequest } from '../../../src/core/llm/port.ts';
import { OpenAiCompatibleProvider, type OpenAiCompatibleConfig } from '../../../src/providers/llm/openai-compatible.ts';
import { LlmOutputError, parseJsonReply } from '../../../src/prompts/parse.ts';
import { queue, startOpenAiServer, type OpenAiServer } from '../../support/openai-server.ts';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.log.length = 0;
});

const ask = (content = 'Who founded Tarrow?', extra: Partial<LlmRequest> = {}): LlmRequest => ({
  module: 'answer',
  messages: [{ role: 'user', content }],
  ...extra,
});

function provider(extra: Partial<OpenAiCompatibleConfig> = {}) {
  return new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model', ...extra });
}

/** Fast backoff so retries take milliseconds; no jitter so delays are exact. */
function llm(
  extra: Partial<OpenAiCompatibleConfig> = {},
  o: { retries?: number; timeoutMs?: number; delays?: number[] } = {},
) {
  return createLlm({
    provider: provider(extra),
    retries: o.retries ?? 2,
    timeoutMs: o.timeoutMs ?? 10_000,
    retry: { baseDelayMs: 5, maxDelayMs: 2_000, random: () => 1, onRetry: (r) => o.delays?.push(r.delayMs) },
  });
}

describe('openai-compatible provider: success paths', () => {
  it('returns the text and exactly the usage the server reported', async () => {
    server.setScript(queue({ content: 'Maren Vell', usage: { prompt_tokens: 31, completion_tokens: 3 } }));
    const r = await llm().complete(ask('q', { temperature: 0, maxTokens: 20, stop: ['\n'] }));
    expect(r).toMatchObject({
      text: 'Maren Vell',
      usage: { prompt: 31, completion: 3, total: 34 },
      cached: false,
      model: 'test-model',
    });
    const body = server.chats()[0]?.body;
    expect(body).toMatchObject({
      model: 'test-model',
      messages: [{ role: 'user', content: 'q' }],
      temperature: 0,
      max_tokens: 20,
      stop: ['\n'],
    });
    expect(body?.stream).toBeFalsy();
  });

  it('asks for JSON mode only when the server is configured to support it', async () => {
    server.setScript(queue({ content: '{"a":1}' }));
    await llm({ jsonMode: true, structured: 'json_object' }).complete(ask('q', { json: true }));
    await llm({ jsonMode: false }).complete(ask('q', { json: true }));
    const [withMode, without] = server.chats();
    expect(withMode?.body?.response_format).toEqual({ type: 'json_object' });
    expect(without?.body?.response_format).toBeUndefined();
  });

  it('streams tokens to onToken and takes usage from the final chunk', async () => {
    server.setScript(queue({ content: 'The Tarrow lighthouse', usage: { prompt_tokens: 12, completion_tokens: 4 } }));
    const tokens: string[] = [];
    const r = await llm().complete(ask('q', { onToken: (t) => tokens.push(t) }));
    expect(tokens).toEqual(['The ', 'Tarrow ', 'lighthouse']);
    expect(r.text).toBe('The Tarrow lighthouse');
    expect(r.usage).toEqual({ prompt: 12, completion: 4, total: 16 });
    expect(server.chats()[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('lists the server models for "Test connection"', async () => {
    expect(await provider().listModels()).toEqual(['test-model', 'test-model-large']);
    expect(server.log[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('sends the extra headers', async () => {
    server.setScript(queue({ content: 'ok' }));
    await llm({ headers: { 'x-team': 'hopscope' } }).complete(ask());
    expect(server.chats()[0]?.headers['x-team']).toBe('hopscope');
  });
});

describe('openai-compatible provider: fault matrix', () => {
  it('401 -> LlmAuthError naming the server, not retried', async () => {
    server.setScript(queue({ fault: { kind: 'status', status: 401, message: 'Incorrect API key provided' } }));
    const e = await llm({ apiKey: 'sk-wrong' })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmAuthError);
    expect((e as LlmAuthError).userMessage).toBe(
      `The server at ${server.baseURL} rejected the API key (401). Check the key in Settings.`,
    );
    expect(server.chats()).toHaveLength(1);
  });

  it('404 for an unknown model -> LlmModelNotFoundError, not retried', async () => {
    server.setScript(queue({ content: 'never sent' }));
    const e = await llm({ model: 'no-such-model' })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmModelNotFoundError);
    expect((e as LlmModelNotFoundError).userMessage).toContain('no model named "no-such-model"');
    expect(server.chats()).toHaveLength(1);
  });

  it('429 with retry-after (seconds) is waited out and retried to success', async () => {
    server.setScript(
      queue({ fault: { kind: 'status', status: 429, retryAfter: '0.05' } }, { content: 'after the wait' }),
    );
    const delays: number[] = [];
    const r = await llm({}, { delays }).complete(ask());
    expect(r.text).toBe('after the wait');
    expect(delays).toEqual([50]); // the server's 0.05 s, not our 5 ms backoff
    expect(server.chats()).toHaveLength(2);
  });

  it('429 with retry-after-ms is honoured', async () => {
    server.setScript(queue({ fault: { kind: 'status', status: 429, retryAfterMs: '30' } }, { content: 'ok' }));
    const delays: number[] = [];
    await llm({}, { delays }).complete(ask());
    expect(delays).toEqual([30]);
  });

  it('429 that never clears -> LlmRateLimitError after 1 + retries attempts', async () => {
    server.setScript(queue({ fault: { kind: 'status', status: 429, retryAfterMs: '1' } }));
    const e = await llm({}, { retries: 2 })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmRateLimitError);
    expect((e as LlmRateLimitError).attempts).toBe(3);
    expect(server.chats()).toHaveLength(3);
  });

  it('500 is retried with exponential backoff, then succeeds', async () => {
    server.setScript(
      queue(
        { fault: { kind: 'status', status: 500 } },
        { fault: { kind: 'status', status: 503 } },
        { content: 'third time' },
      ),
    );
    const delays: number[] = [];
    const r = await llm({}, { delays }).complete(ask());
    expect(r.text).toBe('third time');
    expect(delays).toEqual([5, 10]); // base 5 ms doubling; random() = 1 keeps the full delay
  });

  it('500 that persists -> LlmServerError with the status', async () => {
    server.setScript(queue({ fault: { kind: 'status', status: 500, message: 'boom' } }));
    const e = await llm({}, { retries: 1 })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmServerError);
    expect(e).toMatchObject({ status: 500, attempts: 2 });
    expect(server.chats()).toHaveLength(2);
  });

  it('a server that hangs past the timeout -> LlmTimeoutError (not retried)', async () => {
    server.setScript(queue({ fault: { kind: 'hang' } }));
    const e = await llm({}, { timeoutMs: 200 })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmTimeoutError);
    expect((e as LlmTimeoutError).userMessage).toContain('did not answer within 0.2 s');
    expect(server.chats()).toHaveLength(1);
  });

  it("the client's own timeout also surfaces as LlmTimeoutError", async () => {
    server.setScript(queue({ fault: { kind: 'hang' } }));
    const e = await llm({ timeoutMs: 150 }, { timeoutMs: 10_000, retries: 0 })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmTimeoutError);
  });

  it('malformed JSON in the message content -> LlmOutputError from the schema parser, reply kept', async () => {
    server.setScript(queue({ content: '```json\n{"answer": "Maren Vell",\n```' }));
    const r = await llm({ jsonMode: true }).complete(ask('q', { json: true }));
    const schema = z.object({ answer: z.string() });
    const e = (() => {
      try {
        return parseJsonReply('answer', r.text, schema);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(LlmOutputError);
    expect((e as LlmOutputError).reply).toBe(r.text);
  });

  it('a truncated stream -> LlmTruncatedStreamError carrying the partial text', async () => {
    server.setScript(queue({ fault: { kind: 'truncated-stream', pieces: ['The ', 'Tar'] } }));
    const e = await llm({ stream: true }, { retries: 0 })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmTruncatedStreamError);
    expect((e as LlmTruncatedStreamError).partial).toBe('The Tar');
  });

  it('a truncated stream is retried like a network failure', async () => {
    server.setScript(queue({ fault: { kind: 'truncated-stream', pieces: ['The '] } }, { content: 'complete reply' }));
    const r = await llm({ stream: true }, { retries: 1 }).complete(ask());
    expect(r.text).toBe('complete reply');
    expect(server.chats()).toHaveLength(2);
  });

  it('a dropped connection is retried, then reported as unreachable', async () => {
    server.setScript(queue({ fault: { kind: 'drop' } }));
    const e = await llm({}, { retries: 1 })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmUnreachableError);
    expect(server.chats()).toHaveLength(2);
  });

  it('a server that is not running -> LlmUnreachableError naming the URL', async () => {
    const gone = await startOpenAiServer();
    const baseURL = gone.baseURL;
    await gone.close();
    const e = await createLlm({
      provider: new OpenAiCompatibleProvider({ baseURL, model: 'm' }),
      retries: 1,
      retry: { baseDelayMs: 1 },
    })
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmUnreachableError);
    expect((e as LlmUnreachableError).userMessage).toContain(`Cannot reach the server at ${baseURL}`);
  });

  it('a prompt longer than the context -> LlmContextLengthError', async () => {
    server.setScript(
      queue({
        fault: {
          kind: 'status',
          status: 400,
          code: 'context_length_exceeded',
          message: "This model's maximum context length is 4096 tokens.",
        },
      }),
    );
    const e = await llm()
      .complete(ask())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmContextLengthError);
    expect(server.chats()).toHaveLength(1);
  });

  it(
    'an abort mid-call rejects with LlmAbortedError at once (the call would otherwise hang for 60 s)',
    { timeout: 60_000 },
    async () => {
      server.setScript(queue({ fault: { kind: 'hang' } }));
      const controller = new AbortController();
      const pending = llm({}, { timeoutMs: 60_000 }).complete(ask(), controller.signal);
      setTimeout(() => controller.abort(), 50);
      await expect(pending).rejects.toBeInstanceOf(LlmAbortedError);
    },
  );

  it('an abort during a streamed reply stops it with LlmAbortedError', { timeout: 60_000 }, async () => {
    server.setScript(queue({ content: 'a b c d e f', delayMs: 0 }));
    const controller = new AbortController();
    const pending = llm({ stream: true }).complete(ask('q', { onToken: () => controller.abort() }), controller.signal);
    await expect(pending).rejects.toBeInstanceOf(LlmAbortedError);
  });
});

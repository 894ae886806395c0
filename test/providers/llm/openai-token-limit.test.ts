// finish_reason "length" is a typed error naming max_tokens, the module and the setting to raise
// (plain and streamed, never retried); reasoning tokens are read apart and reach the cost table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/core/llm/create-llm.ts';
import { LlmTokenLimitError } from '../../../src/core/llm/errors.ts';
import { costsOf, foldTrace } from '../../../src/core/trace/fold.ts';
import { llmEvent } from '../../../src/core/trace/recorder.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { queue, startOpenAiServer, type OpenAiServer } from '../../support/openai-server.ts';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());

const request = { module: 'bdtr.verifier', messages: [{ role: 'user' as const, content: 'q' }] };
const llm = (maxTokens?: number) =>
  createLlm({
    provider: new OpenAiCompatibleProvider({
      baseURL: server.baseURL,
      model: 'test-model',
      ...(maxTokens !== undefined ? { maxTokens } : {}),
    }),
    retries: 2,
    timeoutMs: 30_000,
    retry: { baseDelayMs: 1, maxDelayMs: 10, random: () => 1 },
  });

describe('finish_reason "length"', () => {
  it.each([false, true])(
    'is LlmTokenLimitError naming max_tokens, the module and the setting (stream %s)',
    async (stream) => {
      server.setScript(queue({ content: '{"covered_doc_indices": [1, 2', finishReason: 'length' }));
      server.log.length = 0;
      const port = createLlm({
        provider: new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model', maxTokens: 16, stream }),
        retries: 2,
        timeoutMs: 30_000,
      });
      const e = await port.complete(request).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(LlmTokenLimitError);
      expect((e as LlmTokenLimitError).module).toBe('bdtr.verifier');
      expect((e as Error).message).toContain('max_tokens = 16');
      expect((e as Error).message).toContain('--max-tokens');
      expect((e as LlmTokenLimitError).userMessage).toContain('"Max tokens" in Settings');
      expect(server.chats()).toHaveLength(1); // not retried: the same request would be cut again
      expect(server.chats()[0]?.body?.max_tokens).toBe(16);
    },
  );
  it("without a limit of ours it names the server's default", async () => {
    server.setScript(queue({ content: 'cut', finishReason: 'length' }));
    await expect(llm().complete(request)).rejects.toThrow("the server's default max_tokens");
  });
});

describe('reasoning tokens', () => {
  it('are read from completion_tokens_details and counted apart per module', async () => {
    server.setScript(
      queue({ content: 'ok', usage: { prompt_tokens: 10, completion_tokens: 50 }, reasoningTokens: 42 }),
    );
    const r = await llm().complete(request);
    expect(r.usage).toEqual({ prompt: 10, completion: 50, total: 60, reasoning: 42 });
    const costs = costsOf(foldTrace([llmEvent(request, r, { t: 0, round: 0 })]));
    expect(costs['bdtr.verifier']).toMatchObject({ completion: 50, reasoning: 42 });
  });
  it('are absent when the server reports none (old cost tables unchanged)', async () => {
    server.setScript(queue({ content: 'ok', usage: { prompt_tokens: 10, completion_tokens: 5 } }));
    const r = await llm().complete(request);
    expect(r.usage).toEqual({ prompt: 10, completion: 5, total: 15 });
    expect(costsOf(foldTrace([llmEvent(request, r, { t: 0, round: 0 })]))['bdtr.verifier']).not.toHaveProperty(
      'reasoning',
    );
  });
});

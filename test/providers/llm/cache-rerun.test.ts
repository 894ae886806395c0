// Done-means of issue 4: a rerun of the same batch makes zero HTTP requests and gives identical
// results; token usage per module equals the server's usage fields exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/core/llm/create-llm.ts';
import { costsOf, foldTrace } from '../../../src/core/trace/fold.ts';
import { MemoryLlmCacheStore } from '../../support/memory-cache-store.ts';
import type { LlmPort, LlmRequest, LlmResponse } from '../../../src/core/llm/port.ts';
import { llmEvent } from '../../../src/core/trace/recorder.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../../support/openai-server.ts';

let server: OpenAiServer;
// Replies and usage depend on the question, so reordered concurrent calls still line up.
const script = (body: ChatBody) => {
  const q = body.messages.at(-1)?.content ?? '';
  return { content: `reply to ${q}`, usage: { prompt_tokens: 10 + q.length, completion_tokens: 3 } };
};
beforeAll(async () => {
  server = await startOpenAiServer({ script });
});
afterAll(() => server.close());

const batch: LlmRequest[] = [
  { module: 'bdtr.fast-thought', messages: [{ role: 'user', content: 'q1' }] },
  { module: 'bdtr.fast-thought', messages: [{ role: 'user', content: 'q2' }] },
  { module: 'answer', messages: [{ role: 'user', content: 'q1 answer' }], json: true },
  { module: 'openie.triples', messages: [{ role: 'user', content: 'passage' }], temperature: 0 },
];

const runBatch = (llm: LlmPort) => Promise.all(batch.map((r) => llm.complete(r)));
// Costs as runs report them: from the llm trace events of the calls.
const costs = (responses: LlmResponse[]) =>
  costsOf(foldTrace(responses.map((r, i) => llmEvent(batch[i]!, r, { t: 0, round: 0 }))));

describe('cache in front of the OpenAI-compatible provider', () => {
  it('a rerun makes zero requests and returns identical results; the reported tokens equal the server usage', async () => {
    const store = new MemoryLlmCacheStore();
    const provider = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });
    const first = await runBatch(createLlm({ provider, cache: { store }, concurrency: 2 }));
    const requestsAfterFirst = server.chats().length;
    expect(requestsAfterFirst).toBe(batch.length);

    const second = await runBatch(createLlm({ provider, cache: { store }, concurrency: 2 }));
    expect(server.chats().length).toBe(requestsAfterFirst); // zero HTTP requests the second time
    expect(second.map((r) => r.text)).toEqual(first.map((r) => r.text));
    expect(second.map((r) => r.usage)).toEqual(first.map((r) => r.usage));
    expect(first.every((r) => !r.cached)).toBe(true);
    expect(second.every((r) => r.cached)).toBe(true);

    // Tokens = sum of the usage fields the server sent, per module.
    const expected: Record<string, { prompt: number; completion: number; total: number }> = {};
    for (const req of server.chats()) {
      const q = req.body?.messages.at(-1)?.content ?? '';
      const module = batch.find((b) => b.messages[0]?.content === q)!.module;
      const e = (expected[module] ??= { prompt: 0, completion: 0, total: 0 });
      e.prompt += 10 + q.length;
      e.completion += 3;
      e.total += 13 + q.length;
    }
    const byModule = costs(first);
    for (const [m, e] of Object.entries(expected)) expect(byModule[m]).toMatchObject(e);
    expect(Object.keys(byModule).sort()).toEqual(['answer', 'bdtr.fast-thought', 'openie.triples']);
    expect(byModule['bdtr.fast-thought']).toMatchObject({ calls: 2, cached: 0 });
    // The rerun made no request, says every call was cached and reports the same token cost.
    const cachedByModule = Object.fromEntries(Object.entries(byModule).map(([m, c]) => [m, { ...c, cached: c.calls }]));
    expect(costs(second)).toEqual(cachedByModule);
  });

  it('a different model, temperature or JSON flag is a different cache entry', async () => {
    const store = new MemoryLlmCacheStore();
    const a = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });
    const b = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model-large' });
    const req: LlmRequest = { module: 'answer', messages: [{ role: 'user', content: 'same' }] };
    await createLlm({ provider: a, cache: { store } }).complete(req);
    await createLlm({ provider: b, cache: { store } }).complete(req);
    await createLlm({ provider: a, cache: { store } }).complete({ ...req, temperature: 0.7 });
    await createLlm({ provider: a, cache: { store } }).complete({ ...req, json: true });
    // the module is not part of the key: same prompt, same reply
    const hit = await createLlm({ provider: a, cache: { store } }).complete({ ...req, module: 'other' });
    expect(store.size).toBe(4);
    expect(hit.cached).toBe(true);
  });

  it('clearing one corpus keeps the other corpus entries', async () => {
    const store = new MemoryLlmCacheStore();
    const provider = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });
    await createLlm({ provider, cache: { store, corpusId: 'c1' } }).complete(batch[0]!);
    await createLlm({ provider, cache: { store, corpusId: 'c2' } }).complete(batch[1]!);
    await store.clear({ corpusId: 'c1' });
    expect(store.size).toBe(1);
    const before = server.chats().length;
    expect((await createLlm({ provider, cache: { store, corpusId: 'c2' } }).complete(batch[1]!)).cached).toBe(true);
    expect((await createLlm({ provider, cache: { store, corpusId: 'c1' } }).complete(batch[0]!)).cached).toBe(false);
    expect(server.chats().length).toBe(before + 1);
    await store.clear();
    expect(store.size).toBe(0);
  });
});

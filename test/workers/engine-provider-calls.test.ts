// The calls Settings and the batch page make through the engine instead of loading providers in the
// page: "Test connection", "Detect" (stoppable by its call id) and the Acc† judge pass, which runs with
// the LLM from Settings behind the reply cache, against the local OpenAI-compatible test server.
import { createServer, type Server } from 'node:http';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LLM_SETTINGS } from '../../src/core/llm/settings.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { LLM_SETTINGS_KEY } from '../../src/engine/engine-api.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { MessageChannel } from 'node:worker_threads';
import { expose, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { carryUserMessages } from '../../workers/comlink-errors.ts';

const freshStores = (name: string) =>
  createDexieStores(new HopscopeDb(name, { indexedDB: new IDBFactory(), IDBKeyRange }));

describe('engine provider calls', () => {
  let server: OpenAiServer;
  let silent: Server;
  let silentURL: string;
  beforeAll(async () => {
    // The judge says Yes only when the prediction is the gold answer itself.
    server = await startOpenAiServer({
      models: ['tiny', 'tiny-large'],
      script: (body) => {
        const text = body.messages.map((m) => m.content).join('\n');
        return { content: /Prediction: Dunmere\b/.test(text) ? 'Yes' : 'No' };
      },
    });
    // Accepts connections and never answers: only a cancel ends a probe of it.
    silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const address = silent.address();
    silentURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
  });
  afterAll(async () => {
    await server.close();
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });

  it('"Test connection" lists the models; a bad base URL is a sentence', async () => {
    const engine = createEngine();
    const settings = { ...DEFAULT_LLM_SETTINGS, provider: 'openai' as const, baseURL: server.baseURL, model: 'tiny' };
    await expect(engine.testConnection(settings)).resolves.toEqual(['tiny', 'tiny-large']);
    await expect(engine.testConnection({ ...settings, baseURL: 'localhost:1' })).rejects.toMatchObject({
      userMessage: 'The base URL must start with http:// or https://.',
    });
  });

  it('"Detect" finds a running server; cancelCall stops a probe that hangs', async () => {
    const engine = createEngine();
    const [found] = await engine.detectLocalServers([{ name: 'Ollama', baseURL: server.baseURL }]);
    expect(found).toMatchObject({ state: 'ok', models: ['tiny', 'tiny-large'] });

    const probe = engine.detectLocalServers([{ name: 'LM Studio', baseURL: silentURL }], 'probe-1');
    // the request must reach the silent server before it is cancelled
    await new Promise<void>((r) => silent.once('request', () => r()));
    engine.cancelCall('probe-1');
    const [hung] = await probe;
    expect(hung).toMatchObject({ state: 'down' });
  });

  it('judges with the LLM from Settings, reports progress and serves a rerun from the cache', async () => {
    const stores = freshStores('judge-test');
    const engine = createEngine({ stores });
    const request = {
      corpusId: 'demo',
      items: [
        { id: 'a', question: 'Where was she raised?', prediction: 'Dunmere', answers: ['Dunmere'] },
        { id: 'b', question: 'Where was she raised?', prediction: 'Oslo', answers: ['Dunmere'] },
        { id: 'c', question: 'Where was she raised?', prediction: undefined, answers: ['Dunmere'] },
      ],
    };
    await expect(engine.judge(request)).rejects.toThrow(
      'the offline thinker cannot judge answers; choose an LLM in Settings',
    );
    await engine.putSetting(LLM_SETTINGS_KEY, {
      ...DEFAULT_LLM_SETTINGS,
      provider: 'openai',
      baseURL: server.baseURL,
      model: 'tiny',
    });
    const progress: number[] = [];
    const first = await engine.judge(request, (done) => progress.push(done));
    expect(first.verdicts.map((v) => [v.id, v.accDagger])).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 0],
    ]);
    expect(first.judge).toMatch(/tiny/);
    expect(progress.sort()).toEqual([1, 2, 3]);
    const calls = server.chats().length;
    expect(calls).toBe(2);

    const again = await engine.judge(request);
    expect(again.verdicts).toEqual(first.verdicts.map((v) => ({ ...v })));
    expect(server.chats()).toHaveLength(calls);
  });

  it('a typed LLM error keeps its sentence across the Comlink boundary', async () => {
    carryUserMessages();
    const { port1, port2 } = new MessageChannel();
    expose(createEngine(), nodeEndpoint(port1));
    const remote = wrap<ReturnType<typeof createEngine>>(nodeEndpoint(port2));
    try {
      await expect(
        remote.testConnection({ ...DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: server.baseURL, apiKey: 'x' }),
      ).resolves.toEqual(['tiny', 'tiny-large']);
      const failure = await remote
        .testConnection({ ...DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: 'nope', model: 'tiny' })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).toMatchObject({
        name: 'LlmConfigError',
        userMessage: 'The base URL must start with http:// or https://.',
      });
    } finally {
      port1.close();
      port2.close();
    }
  });
});

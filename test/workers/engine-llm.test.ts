// "single-read" runs against the local OpenAI-compatible test server: retrieval, then the QA reader
// over the top 5 with the settings from storage; traced llm event and answer; a rerun is served from
// the cache with no request; a reply that does not parse fails the run visibly. With no settings saved,
// or the offline provider chosen, the offline thinker reads, labelled.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LLM_SETTINGS } from '../../src/core/llm/settings.ts';
import { traceSchema } from '../../src/core/trace/schema.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { LLM_SETTINGS_KEY } from '../../workers/engine-api.ts';
import { queue, startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));

describe('engine single-read against an OpenAI-compatible server', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer({ models: ['tiny'] });
  });
  afterAll(() => server.close());

  it('answers with the reader, traces the call, caches the rerun and fails visibly on a bad reply', async () => {
    const stores = createDexieStores(new HopscopeDb('reader-test', { indexedDB: new IDBFactory(), IDBKeyRange }));
    const engine = createEngine({ stores });
    const summary = await engine.loadDataset('demo', files);
    const question = summary.questions[0]!;
    const request = { datasetId: 'demo', question, backbone: 'bm25', strategy: 'single-read', k: 10 } as const;

    // Nothing saved, or the offline provider chosen: the labelled offline thinker reads (no request, no cache).
    for (const settings of [undefined, { ...DEFAULT_LLM_SETTINGS, provider: 'offline' }]) {
      if (settings) await engine.putSetting(LLM_SETTINGS_KEY, settings);
      const offline = traceSchema.parse(await engine.run(request));
      expect(offline.llm).toBe('offline thinker (no LLM)');
      expect(offline.events.map((e) => e.type)).toEqual([
        'round.start',
        'retrieve',
        'pool',
        'context',
        'llm',
        'answer',
      ]);
      expect(offline.events.find((e) => e.type === 'llm')).toMatchObject({ cached: false, usage: { total: 0 } });
    }
    expect(server.chats()).toHaveLength(0);
    await engine.putSetting(LLM_SETTINGS_KEY, { ...DEFAULT_LLM_SETTINGS, provider: 'nope' });
    await expect(engine.run(request)).rejects.toThrow(/saved LLM settings are invalid \(provider: /);

    await engine.putSetting(LLM_SETTINGS_KEY, {
      ...DEFAULT_LLM_SETTINGS,
      provider: 'openai',
      baseURL: server.baseURL,
      model: 'tiny',
    });
    server.setScript(
      queue({
        content: JSON.stringify({ thought: 'Ione Marlow devised it and was raised in Dunmere.', answer: 'Dunmere.' }),
      }),
    );
    const trace = traceSchema.parse(await engine.run(request));
    expect(trace.status).toBe('done');
    expect(trace.llm).toMatch(/^openai-compatible tiny @ /);
    expect(trace.events.map((e) => e.type)).toEqual(['round.start', 'retrieve', 'pool', 'context', 'llm', 'answer']);
    expect(trace.events.find((e) => e.type === 'answer')).toMatchObject({ text: 'Dunmere' });
    const pool = trace.events.find((e) => e.type === 'pool');
    const sent = server.chats()[0]?.body?.messages.at(-1)?.content ?? '';
    // The reader saw exactly the top 5 of the pool, in order.
    const corpus = JSON.parse(files[0]!.text) as { title: string }[];
    const top5 = pool?.type === 'pool' ? pool.pool.slice(0, 5).map((p) => corpus[Number(p.id.slice(1))]?.title) : [];
    expect(sent.match(/Wikipedia Title: (.*)/g)?.map((l) => l.slice('Wikipedia Title: '.length))).toEqual(top5);

    const requests = server.chats().length;
    const again = await engine.run(request);
    expect(server.chats().length).toBe(requests); // cached: no request
    expect(again.events.find((e) => e.type === 'llm')).toMatchObject({ cached: true });

    server.setScript(queue({ content: '{"thought": "Dunmere, I think"}' }));
    const bad = await engine.run({ ...request, question: summary.questions[1]! });
    expect(bad.status).toBe('failed');
    expect(bad.events.at(-1)).toMatchObject({ type: 'error', module: 'answer' });
  });
});

describe('engine cancelRun', () => {
  it('stops an LLM call in flight and resolves with the partial trace marked aborted', async () => {
    const server = await startOpenAiServer({ models: ['tiny'], script: queue({ fault: { kind: 'hang' } }) });
    try {
      const stores = createDexieStores(new HopscopeDb('abort-test', { indexedDB: new IDBFactory(), IDBKeyRange }));
      const engine = createEngine({ stores });
      const summary = await engine.loadDataset('demo', files);
      await engine.putSetting(LLM_SETTINGS_KEY, {
        ...DEFAULT_LLM_SETTINGS,
        provider: 'openai',
        baseURL: server.baseURL,
        model: 'tiny',
      });
      const pending = engine.run(
        {
          datasetId: 'demo',
          question: summary.questions[0]!,
          backbone: 'bm25',
          strategy: 'single-read',
          k: 5,
          runId: 'r1',
        },
        (e) => {
          if (e.type === 'pool') setTimeout(() => engine.cancelRun('r1'), 50); // once the LLM call is on its way
        },
      );
      const trace = await pending;
      expect(trace.status).toBe('aborted');
      expect(trace.events.map((e) => e.type)).toEqual(['round.start', 'retrieve', 'pool', 'context', 'error']);
      expect(trace.events.find((e) => e.type === 'answer')).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('engine cancelRun before retrieval', () => {
  it('returns the trace so far, marked aborted', async () => {
    const engine = createEngine();
    const summary = await engine.loadDataset('demo', files);
    const pending = engine.run(
      {
        datasetId: 'demo',
        question: summary.questions[0]!,
        backbone: 'bm25',
        strategy: 'single',
        k: 5,
        runId: 'early',
      },
      (e) => {
        if (e.type === 'round.start') engine.cancelRun('early');
      },
    );
    const trace = await pending;
    expect(trace.status).toBe('aborted');
    expect(trace.events.map((e) => e.type)).toEqual(['round.start']);
  });
});

// The engine (the worker's object, in Node) with an LLM in Settings builds its backbones through core's
// builder with that LLM: RAPTOR's summaries, GraphRAG's reports and HippoRAG 2's recognition filter are
// requested from the local OpenAI-compatible server, and the trace names them. Without an LLM the
// labelled stand-ins run and nothing is requested for the backbone.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LLM_SETTINGS } from '../../src/core/llm/settings.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { LLM_SETTINGS_KEY } from '../../src/engine/engine-api.ts';
import { backboneCall, backboneReply } from '../support/backbone-replies.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer({ models: ['tiny'], script: backboneReply });
});
afterAll(async () => server?.close());

async function engineWith(llm: boolean, name: string) {
  const stores = createDexieStores(new HopscopeDb(name, { indexedDB: new IDBFactory(), IDBKeyRange }));
  const engine = createEngine({ stores });
  const summary = await engine.loadDataset('demo', files);
  if (llm)
    await engine.putSetting(LLM_SETTINGS_KEY, {
      ...DEFAULT_LLM_SETTINGS,
      provider: 'openai',
      baseURL: server.baseURL,
      model: 'tiny',
    });
  return { engine, question: summary.questions[0]! };
}

describe('the engine builds raptor, graphrag and hipporag2 with the LLM from Settings', () => {
  it.each([
    ['raptor', 'summary', 'summaries', /^LLM summary \(raptor-summarize\/1, .*tiny/],
    ['graphrag', 'report', 'reports', /^LLM community report \(graphrag-community-report\/1-short, .*tiny/],
    ['hipporag2', 'filter', 'factFilter', /^recognition memory \(hipporag2-dspy-filter\/1, .*tiny/],
  ] as const)('%s: %s calls go to the server and the trace names them', async (backbone, call, option, label) => {
    const { engine, question } = await engineWith(true, `backbone-llm-${backbone}`);
    const before = server.chats().length;
    const trace = await engine.run({ datasetId: 'demo', question, backbone, strategy: 'single', k: 10 });
    expect(trace.status).toBe('done');
    const calls = server
      .chats()
      .slice(before)
      .map((c) => backboneCall(c.body!));
    expect(calls.filter((c) => c === call).length).toBeGreaterThan(0);
    expect(String(trace.options[option])).toMatch(label);
  });

  it('the offline thinker is no LLM: the labelled stand-ins build, nothing is requested', async () => {
    const { engine, question } = await engineWith(false, 'backbone-llm-offline');
    const before = server.chats().length;
    for (const [backbone, option, label] of [
      ['raptor', 'summaries', /extractive summary \(no LLM/],
      ['graphrag', 'reports', /extractive community report \(no LLM/],
      ['hipporag2', 'factFilter', /^none \(no LLM configured/],
    ] as const) {
      const trace = await engine.run({ datasetId: 'demo', question, backbone, strategy: 'single', k: 10 });
      expect(String(trace.options[option])).toMatch(label);
    }
    expect(server.chats().length).toBe(before);
  });

  it('GEAR over bm25 runs over NaiveGE with bm25 as its base, as in the CLI', async () => {
    const { engine, question } = await engineWith(false, 'backbone-llm-gear');
    const trace = await engine.run({
      datasetId: 'demo',
      question,
      backbone: 'bm25',
      strategy: 'gear',
      k: 10,
      llm: 'offline',
    });
    expect(trace.status).toBe('done');
    expect(trace.options.graphExpansion).toBe('naivege over bm25');
  });
});

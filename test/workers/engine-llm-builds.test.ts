// Building the LLM's versions of the import's stand-in backbones, on request (the engine object in Node,
// fake-indexeddb, the local OpenAI-compatible server): the offer counts the calls before any is made
// (RAPTOR: one per summary node of the stand-in tree; GraphRAG: one per community), Build now makes
// that many with progress, and the first run with that LLM (and after a reload, too) builds nothing.
// A failed call keeps what was built and says why in one sentence; Cancel stops the call in flight.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildProgress } from '../../src/core/backbones/index.ts';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { DEFAULT_LLM_SETTINGS } from '../../src/core/llm/settings.ts';
import { LLM_SETTINGS_KEY, type LlmBuildProgress } from '../../src/engine/engine-api.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { backboneCall, backboneReply } from '../support/backbone-replies.ts';
import { startOpenAiServer, type OpenAiServer, type Script } from '../support/openai-server.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const question = loadDataset('demo', files).questions[0]!;

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer({ models: ['tiny'], script: backboneReply });
});
afterAll(async () => server?.close());

const engineOver = (idb: IDBFactory) =>
  createEngine({ stores: createDexieStores(new HopscopeDb('hopscope-llm-builds', { indexedDB: idb, IDBKeyRange })) });

/** An engine with the test server's model in Settings and the demo imported (its backbones stage ran). */
async function imported(script: Script = backboneReply) {
  server.setScript(script);
  const idb = new IDBFactory();
  const engine = engineOver(idb);
  await engine.putSetting(LLM_SETTINGS_KEY, {
    ...DEFAULT_LLM_SETTINGS,
    provider: 'openai',
    baseURL: server.baseURL,
    model: 'tiny',
  });
  await engine.importCorpus(files);
  return { engine, idb, before: server.chats().length };
}

const callsOf = (from: number, kind: ReturnType<typeof backboneCall>) =>
  server
    .chats()
    .slice(from)
    .filter((c) => backboneCall(c.body!) === kind).length;

async function firstRun(engine: ReturnType<typeof createEngine>, backbone: 'raptor' | 'graphrag') {
  const builds: BuildProgress[] = [];
  const trace = await engine.run({ datasetId: 'demo', question, backbone, strategy: 'single', k: 5 }, undefined, (p) =>
    builds.push(p),
  );
  expect(trace.status).toBe('done');
  return { builds, options: trace.options };
}

describe('engine: LLM builds after an import', () => {
  it('counts the calls before any, makes them with progress, and the first runs build nothing', async () => {
    const { engine, idb, before } = await imported();
    const offer = await engine.llmBuildOffer('demo');
    expect(server.chats().length - before).toBe(0); // nothing was asked of the LLM to count
    expect(offer?.llm).toMatch(/^openai-compatible tiny @ /);
    const [raptor, graphrag] = offer!.builds;
    expect(raptor).toMatchObject({ backbone: 'raptor', what: "RAPTOR's summaries" });
    expect(raptor!.basis).toMatch(/^one per cluster of the tree just built/);
    expect(graphrag).toMatchObject({
      backbone: 'graphrag',
      what: "GraphRAG's community reports",
      exact: true,
      basis: 'one per community',
    });
    expect(raptor!.calls).toBeGreaterThan(0);
    expect(graphrag!.calls).toBeGreaterThan(0);

    const progress: LlmBuildProgress[] = [];
    const outcomes = await engine.buildWithLlm('demo', (p) => progress.push(p));
    expect(outcomes.map((o) => [o.backbone, o.state, o.detail])).toEqual([
      ['raptor', 'built', 'built and stored'],
      ['graphrag', 'built', 'built and stored'],
    ]);
    const summaries = callsOf(before, 'summary');
    const reports = callsOf(before, 'report');
    expect(reports).toBe(graphrag!.calls);
    expect(outcomes[1]!.calls).toBe(graphrag!.calls);
    if (raptor!.exact) expect(summaries).toBe(raptor!.calls);
    else expect(Math.abs(summaries - raptor!.calls)).toBeLessThanOrEqual(Math.ceil(raptor!.calls / 5));
    expect(outcomes[0]!.calls).toBe(summaries);
    expect(progress.some((p) => p.what === "RAPTOR's summaries" && p.fraction > 0 && p.fraction < 0.5)).toBe(true);
    expect(progress.some((p) => p.what === "GraphRAG's community reports" && p.fraction >= 0.5)).toBe(true);

    const sent = server.chats().length;
    const raptorRun = await firstRun(engine, 'raptor');
    const graphragRun = await firstRun(engine, 'graphrag');
    expect(raptorRun.builds).toEqual([]);
    expect(graphragRun.builds).toEqual([]);
    expect(String(raptorRun.options.summaries)).toMatch(/^LLM summary \(raptor-summarize\/1, .*tiny/);
    expect(String(graphragRun.options.reports)).toMatch(/^LLM community report \(.*tiny/);
    expect(server.chats().length).toBe(sent);

    // After a reload the first runs read the LLM builds from storage: no call, no build.
    const reloaded = engineOver(idb);
    await reloaded.openCorpus('demo');
    expect((await firstRun(reloaded, 'raptor')).options.built).toBe('loaded from storage');
    expect((await firstRun(reloaded, 'graphrag')).options.built).toBe('loaded from storage');
    expect(server.chats().length).toBe(sent);
  });

  it('with the offline thinker in Settings there is nothing to offer', async () => {
    const engine = engineOver(new IDBFactory());
    await engine.putSetting(LLM_SETTINGS_KEY, { ...DEFAULT_LLM_SETTINGS, provider: 'offline' });
    await engine.importCorpus(files);
    await expect(engine.llmBuildOffer('demo')).resolves.toBeNull();
  });

  it('a failed call keeps what was built and says why in one sentence', async () => {
    const { engine } = await imported((body) =>
      backboneCall(body) === 'report'
        ? { fault: { kind: 'status', status: 401, message: 'Incorrect API key provided.' } }
        : backboneReply(body),
    );
    const outcomes = await engine.buildWithLlm('demo');
    expect(outcomes.map((o) => [o.backbone, o.state])).toEqual([
      ['raptor', 'built'],
      ['graphrag', 'failed'],
    ]);
    const detail = outcomes[1]!.detail;
    expect(detail).toMatch(/rejected the API key \(401\)\. Check the key in Settings\. Nothing of it was stored; /);
    expect(detail).not.toMatch(/\n|\bat .*\.ts:\d/);
    expect((await firstRun(engine, 'raptor')).builds).toEqual([]);
  });

  it('Cancel stops the call in flight; the rest is not started', async () => {
    let asked = () => {};
    const reached = new Promise<void>((r) => (asked = r));
    const { engine } = await imported(() => {
      asked();
      return { fault: { kind: 'hang' } };
    });
    const building = engine.buildWithLlm('demo');
    await reached;
    engine.cancelLlmBuilds();
    const outcomes = await building;
    expect(outcomes.map((o) => [o.backbone, o.state])).toEqual([
      ['raptor', 'cancelled'],
      ['graphrag', 'not started'],
    ]);
    expect(outcomes[0]!.detail).toMatch(/^cancelled: nothing of it was stored/);
  });
});

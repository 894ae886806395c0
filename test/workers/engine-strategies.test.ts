// Core's strategies run live in the engine (as the engine worker runs them): BDTR with the offline
// thinker on the demo corpus streams a schema-valid trace with its pools, verifier, promotion and cut,
// labelled "offline thinker (no LLM)", and ranks exactly as core's runStrategy does when called directly
// (what the CLI does); Settings choose the LLM; cancelRun mid-run returns the partial trace, aborted.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { DEFAULT_LLM_SETTINGS } from '../../src/core/llm/settings.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { runStrategy, STRATEGIES, traceRanking } from '../../src/core/strategies/index.ts';
import { traceSchema, type TraceEvent } from '../../src/core/trace/schema.ts';
import { STRATEGY_PROMPTS } from '../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker, OFFLINE_THINKER_LABEL } from '../../src/providers/llm/offline-thinker.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { LLM_SETTINGS_KEY, RUN_STRATEGIES } from '../../src/engine/engine-api.ts';
import { queue, startOpenAiServer } from '../support/openai-server.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const dataset = loadDataset('demo', files);
const question = dataset.questions.find((q) => q.id === 'demo-01')!;
const types = (events: readonly TraceEvent[]) => events.map((e) => e.type);

describe('engine runs core strategies', () => {
  it('offers every core strategy next to the single-retrieval baselines', () => {
    expect(RUN_STRATEGIES).toEqual(['single', 'single-read', ...STRATEGIES]);
  });

  it('BDTR with the offline thinker: a done trace with pools, verifier, promotion and cut, streamed, labelled', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const seen: TraceEvent[] = [];
    const trace = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'bdtr', k: 20 }, (e) =>
      seen.push(e),
    );
    expect(traceSchema.parse(trace)).toEqual(trace);
    expect(trace).toMatchObject({
      status: 'done',
      strategy: 'bdtr',
      retriever: 'bm25',
      llm: OFFLINE_THINKER_LABEL,
      corpus: { id: 'demo' },
    });
    expect(trace.llm).toBe('offline thinker (no LLM)');
    expect(seen).toEqual(trace.events);
    // Paper defaults, as the CLI records them.
    expect(trace.options).toMatchObject({ rounds: 2, depth: 50, verifierTop: 30, cutoffTop: 50, minKept: 5 });

    // Round 0, two rounds of fast + slow thought, the pool after promotion: four pools.
    const pools = trace.events.filter((e) => e.type === 'pool');
    expect(pools.map((p) => p.round)).toEqual([0, 1, 2, 2]);
    const thoughts = trace.events.flatMap((e) => (e.type === 'thought' ? [`${e.round}:${e.kind}`] : []));
    expect(thoughts).toEqual(['1:fast', '1:slow', '2:fast', '2:slow', '2:reasoning-chain']);
    const t = types(trace.events);
    expect(t.indexOf('verify')).toBeLessThan(t.indexOf('promote'));
    expect(t.indexOf('promote')).toBeLessThan(t.lastIndexOf('pool'));
    expect(t.lastIndexOf('pool')).toBeLessThan(t.indexOf('cutoff'));
    expect(t.at(-1)).toBe('answer');

    const verify = trace.events.find((e) => e.type === 'verify');
    const promote = trace.events.find((e) => e.type === 'promote');
    const cut = trace.events.find((e) => e.type === 'cutoff');
    if (verify?.type !== 'verify' || promote?.type !== 'promote' || cut?.type !== 'cutoff')
      throw new Error('BDTR trace lacks verify/promote/cutoff');
    expect(verify.selected.length).toBeGreaterThan(0);
    expect(promote.moves.map((m) => m.id)).toEqual(verify.selected);
    expect(promote.moves.map((m) => m.to)).toEqual(verify.selected.map((_, i) => i + 1));
    const promoted = pools[3]!;
    expect(promoted.type === 'pool' && promoted.pool.slice(0, verify.selected.length).map((p) => p.id)).toEqual(
      verify.selected,
    );
    expect(cut.threshold).toBeCloseTo(cut.mu + cut.sigma, 12);
    expect(cut.sigma).toBeGreaterThan(0);
    expect(cut.kept.length).toBeGreaterThanOrEqual(5);
    // The cut keeps the head of the promoted pool, verified documents first.
    expect(promoted.type === 'pool' && promoted.pool.slice(0, cut.kept.length).map((p) => p.id)).toEqual(cut.kept);

    // Every LLM call is the offline thinker's: zero tokens, never cached.
    const calls = trace.events.filter((e) => e.type === 'llm');
    expect(calls.map((c) => c.module)).toEqual([
      'bdtr.dual-thought',
      'bdtr.dual-thought',
      'bdtr.reasoning-chain',
      'bdtr.verifier',
      'answer',
    ]);
    expect(calls.every((c) => c.provider === OFFLINE_THINKER_LABEL && c.usage.total === 0 && !c.cached)).toBe(true);

    // The same run as the CLI makes it (core's runStrategy over core BM25 with the offline thinker).
    const direct = await runStrategy(
      'bdtr',
      question,
      {
        retriever: createBm25Retriever(dataset.corpus.passages),
        llm: createOfflineThinker(),
        prompts: STRATEGY_PROMPTS,
        passages: new Map(dataset.corpus.passages.map((p) => [p.id, p])),
      },
      { corpus: { id: 'demo', name: dataset.corpus.name }, retrieverName: 'bm25' },
    );
    expect(traceRanking(trace)).toEqual(traceRanking(direct));
    expect(trace.events.filter((e) => e.type !== 'llm').map(({ t: _t, ...rest }) => rest)).toEqual(
      direct.events.filter((e) => e.type !== 'llm').map(({ t: _t, ...rest }) => rest),
    );
  });

  it('runs BDTR over HippoRAG 2 and every strategy over BM25 with the offline thinker', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const hippo = await engine.run({ datasetId: 'demo', question, backbone: 'hipporag2', strategy: 'bdtr', k: 20 });
    expect(hippo).toMatchObject({
      status: 'done',
      retriever: 'hipporag2',
      llm: OFFLINE_THINKER_LABEL,
      options: { triples: expect.stringMatching(/^offline extractor/), seededBy: 'bm25' },
    });
    expect(types(hippo.events)).toContain('cutoff');
    for (const strategy of STRATEGIES) {
      const trace = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy, k: 20 });
      expect({ strategy, status: trace.status, llm: trace.llm }).toEqual({
        strategy,
        status: 'done',
        llm: OFFLINE_THINKER_LABEL,
      });
      expect(types(trace.events)).toContain('pool');
    }
  });

  it('runs strategies over RAPTOR and GraphRAG (built in memory on first use when the engine has no storage), their items and labels in the trace', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    for (const backbone of ['raptor', 'graphrag'] as const) {
      const trace = await engine.run({ datasetId: 'demo', question, backbone, strategy: 'static', k: 20 });
      expect(traceSchema.parse(trace)).toEqual(trace);
      expect(trace).toMatchObject({
        status: 'done',
        retriever: backbone,
        options: { built: 'built in memory (no storage)' },
      });
      const retrieve = trace.events.find((e) => e.type === 'retrieve')!;
      expect(retrieve.type === 'retrieve' && retrieve.results.length).toBeGreaterThan(0);
      const items = retrieve.type === 'retrieve' ? (retrieve.items ?? []) : [];
      expect({ backbone, kinds: [...new Set(items.map((i) => i.kind))] }).toEqual({
        backbone,
        kinds: expect.arrayContaining([backbone === 'raptor' ? 'summary' : 'entity']),
      });
      const single = await engine.run({ datasetId: 'demo', question, backbone, strategy: 'single', k: 5 });
      expect(single.options).toMatchObject(
        backbone === 'raptor'
          ? { summaries: expect.stringContaining('no LLM') }
          : { reports: expect.stringContaining('no LLM') },
      );
    }
  });

  it("runs strategies over NaiveGE and SyncGE (GEAR graph expansion over BM25; SyncGE reads with the run's LLM), labelled in the trace", async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    for (const backbone of ['naivege', 'syncge'] as const) {
      const trace = await engine.run({
        datasetId: 'demo',
        question,
        backbone,
        strategy: 'ircot',
        k: 20,
        llm: 'offline',
      });
      expect(traceSchema.parse(trace)).toEqual(trace);
      expect(trace).toMatchObject({
        status: 'done',
        retriever: backbone,
        options: { base: 'bm25', tripleIndex: 'built (no storage)' },
      });
      const retrieve = trace.events.find((e) => e.type === 'retrieve')!;
      expect(retrieve.type === 'retrieve' && retrieve.results.length).toBeGreaterThan(0);
      // SyncGE's read step (Eq. 1) is an LLM call of its own, recorded in the trace; NaiveGE calls none.
      const modules = trace.events.flatMap((e) => (e.type === 'llm' ? [e.module] : []));
      expect(modules.some((m) => m.startsWith('gear'))).toBe(backbone === 'syncge');
      const gear = await engine.run({ datasetId: 'demo', question, backbone, strategy: 'gear', k: 20, llm: 'offline' });
      // GEAR runs over naivege / syncge as they are (no further expansion), as in the CLI
      expect(gear).toMatchObject({ status: 'done', retriever: backbone, options: { base: 'bm25' } });
      expect(gear.options.graphExpansion).toBeUndefined();
    }
  });

  it('takes the LLM from Settings: offline when chosen, the OpenAI-compatible server when configured', async () => {
    const server = await startOpenAiServer({ models: ['tiny'], script: queue({ content: 'not a dual thought' }) });
    try {
      const stores = createDexieStores(
        new HopscopeDb('strategies-settings-test', { indexedDB: new IDBFactory(), IDBKeyRange }),
      );
      const engine = createEngine({ stores });
      await engine.loadDataset('demo', files);
      const request = { datasetId: 'demo', question, backbone: 'bm25', strategy: 'bdtr', k: 20 } as const;
      await engine.putSetting(LLM_SETTINGS_KEY, { ...DEFAULT_LLM_SETTINGS, provider: 'offline' });
      expect((await engine.run(request)).llm).toBe(OFFLINE_THINKER_LABEL);
      expect(server.chats()).toHaveLength(0);

      await engine.putSetting(LLM_SETTINGS_KEY, {
        ...DEFAULT_LLM_SETTINGS,
        provider: 'openai',
        baseURL: server.baseURL,
        model: 'tiny',
      });
      const trace = await engine.run(request);
      expect(trace.llm).toMatch(/^openai-compatible tiny @ /);
      expect(server.chats().length).toBeGreaterThan(0);
      // A reply that is not a dual thought fails the run visibly (core's contract), after round 0.
      expect(trace.status).toBe('failed');
      expect(trace.events.at(-1)).toMatchObject({ type: 'error', module: 'bdtr.dual-thought' });
      expect(types(trace.events).slice(0, 3)).toEqual(['round.start', 'retrieve', 'pool']);
    } finally {
      await server.close();
    }
  });

  it('cancelRun mid-run returns the partial trace, marked aborted', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const trace = await engine.run(
      { datasetId: 'demo', question, backbone: 'bm25', strategy: 'bdtr', k: 20, runId: 'mid' },
      (e) => {
        if (e.type === 'thought' && e.kind === 'slow' && e.round === 1) engine.cancelRun('mid');
      },
    );
    expect(traceSchema.parse(trace).status).toBe('aborted');
    expect(trace.llm).toBe(OFFLINE_THINKER_LABEL);
    const t = types(trace.events);
    expect(t.slice(0, 3)).toEqual(['round.start', 'retrieve', 'pool']);
    expect(trace.events).toContainEqual(expect.objectContaining({ type: 'thought', kind: 'slow', round: 1 }));
    for (const later of ['verify', 'promote', 'cutoff', 'answer']) expect(t).not.toContain(later);
    expect(trace.events.some((e) => e.round === 2)).toBe(false);
    // The engine forgot the run: cancelling again is a no-op and a new run completes.
    engine.cancelRun('mid');
    expect(
      (await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'bdtr', k: 20, runId: 'mid' }))
        .status,
    ).toBe('done');
  });
});

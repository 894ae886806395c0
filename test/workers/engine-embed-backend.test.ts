// The engine's measured WebGPU/WASM choice (issue #19) in Node: a host that reports a WebGPU adapter and
// makes fake embedders whose cost per call is known (the engine's injected clock advances by it), so the
// measurement, the per-use pick, the fallback when WebGPU fails, and which backend then embeds corpus
// batches and queries are all checked without a GPU. (The real WebGPU run is test/e2e/embed-backend.test.ts.)
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { EmbeddingSettings } from '../../src/core/embed/settings.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import type { EmbedderConfig } from '../../src/providers/embed/config.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { EMBEDDING_SETTINGS_KEY } from '../../src/engine/engine-api.ts';
import type { EmbeddingHost, LoadableEmbedder } from '../../src/engine/embeddings.ts';

const dir = new URL('../../../shared/data/2wikimultihopqa/', import.meta.url);
const passages = (
  JSON.parse(readFileSync(new URL('2wikimultihopqa_corpus.json', dir), 'utf8')) as { title: string; text: string }[]
).slice(0, 40);
const MODEL: EmbeddingSettings = {
  source: 'local',
  name: 'fake',
  fingerprint: 'b'.repeat(64),
  dim: 4,
  sizeBytes: 1,
  dtype: 'fp32',
  pooling: 'mean',
  batchSize: 64,
};

interface Cost {
  setup: number;
  perText: number;
  bias?: number;
  failLoad?: string;
}

function setup(costs: Record<'webgpu' | 'wasm', Cost>) {
  const clock = { t: 0 };
  const calls: { device: string; texts: string[] }[] = [];
  const disposed: string[] = [];
  const host: EmbeddingHost = {
    localModelPath: '/nowhere',
    device: async () => 'webgpu',
    makeEmbedder(config: EmbedderConfig): LoadableEmbedder {
      const cost = costs[config.device as 'webgpu' | 'wasm'];
      return {
        label: `fake ${config.device}`,
        model: config.model,
        async load() {
          if (cost.failLoad) throw new Error(cost.failLoad);
        },
        async embed(texts) {
          calls.push({ device: config.device, texts: [...texts] });
          clock.t += cost.setup + cost.perText * texts.length;
          const data = new Float32Array(texts.length * 4);
          texts.forEach((t, i) => data.set([t.length, t.charCodeAt(0), 1, (cost.bias ?? 0) + 1], i * 4));
          return { dim: 4, count: texts.length, data };
        },
        async dispose() {
          disposed.push(config.device);
        },
      };
    },
  };
  const stores = createDexieStores(
    new HopscopeDb(`hopscope-backend-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange }),
  );
  return { engine: createEngine({ stores, embedding: host, now: () => clock.t }), calls, disposed };
}

const FAST_GPU_BATCHES = { webgpu: { setup: 8, perText: 0.5 }, wasm: { setup: 0.2, perText: 6 } };

describe('engine: embedding backend chosen by measurement', () => {
  it(
    'batches on WebGPU, queries on WASM; corpus batches and run queries then go to those backends',
    { timeout: 60_000 },
    async () => {
      const { engine, calls, disposed } = setup(FAST_GPU_BATCHES);
      await engine.putSetting(EMBEDDING_SETTINGS_KEY, MODEL);
      const t = await engine.testEmbedding();
      expect(t.choice).toMatchObject({ webgpu: 'measured', batch: 'webgpu', query: 'wasm', maxVectorDiff: 0 });
      expect(t.backend).toBe('webgpu batches, wasm queries');
      expect(t.choiceText).toBe(
        'WebGPU: batch of 32 in 24.0 ms, one query in 8.5 ms; WASM: batch of 32 in 192 ms, one query in 6.2 ms -> batches on WebGPU, queries on WASM; vectors agree within 0.0e+0',
      );
      expect(calls.at(-1)).toMatchObject({
        device: 'wasm',
        texts: ['Which river flows through the capital of France?'],
      });
      expect(disposed).toEqual([]); // both stay loaded: each does one job

      calls.length = 0;
      await engine.importCorpus([{ name: 'wiki_corpus.json', text: JSON.stringify(passages) }]);
      expect(calls.length).toBeGreaterThan(0);
      expect(new Set(calls.map((c) => c.device))).toEqual(new Set(['webgpu'])); // every corpus batch on WebGPU
      calls.length = 0;
      const trace = await engine.run({
        datasetId: 'wiki',
        question: { id: 'q', question: 'Who directed it?', answers: [], gold: [] },
        backbone: 'dense',
        strategy: 'single',
        k: 3,
      });
      expect(calls).toEqual([{ device: 'wasm', texts: ['Who directed it?'] }]); // the query on WASM
      expect(trace.options).toMatchObject({
        embedBackend: 'webgpu batches, wasm queries',
        embedBackendChoice: expect.stringMatching(/-> batches on WebGPU, queries on WASM/),
      });
    },
  );

  it('WebGPU that fails to load the model falls back to WASM and says why', async () => {
    const { engine, disposed } = setup({
      webgpu: { setup: 1, perText: 1, failLoad: 'no shader-f16 on this adapter' },
      wasm: { setup: 1, perText: 1 },
    });
    await engine.putSetting(EMBEDDING_SETTINGS_KEY, MODEL);
    const t = await engine.testEmbedding();
    expect(t.backend).toBe('wasm (WebGPU failed to load the model: no shader-f16 on this adapter)');
    expect(t.choiceText).toBe('WebGPU failed: WASM (it could not load the model: no shader-f16 on this adapter)');
    expect(disposed).toEqual(['webgpu']);
  });

  it('backends whose vectors disagree are not mixed: the batch winner does both, the other is unloaded', async () => {
    const { engine, disposed, calls } = setup({
      webgpu: { ...FAST_GPU_BATCHES.webgpu, bias: 0.01 },
      wasm: FAST_GPU_BATCHES.wasm,
    });
    await engine.putSetting(EMBEDDING_SETTINGS_KEY, MODEL);
    const t = await engine.testEmbedding();
    expect(t.choice).toMatchObject({ batch: 'webgpu', query: 'webgpu' });
    expect(t.choiceText).toMatch(
      /-> both on WebGPU \(WebGPU and WASM vectors differ by up to 1\.0e-2 \(> 0\.001\): one backend does both\)$/,
    );
    expect(disposed).toEqual(['wasm']);
    expect(calls.at(-1)?.device).toBe('webgpu');
  });
});

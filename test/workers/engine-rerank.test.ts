// DualRAG's reranker from Settings in the engine (Node): the generated tiny cross-encoder (real MiniLM
// tokenizer, ONNX logit = passage word pieces - 8; a heuristic stand-in, NOT a reranker) behind the same
// host interface the browser's engine worker fills. The run's rerank events and trace options name the
// cross-encoder and carry its logits; with no setting (or "lexical") the lexical reranker is named; a
// folder missing its ONNX file fails with a message naming it; a malformed setting says so.
import { readFileSync } from 'node:fs';
import { mkdtemp, cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { AutoTokenizer } from '@huggingface/transformers';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { LEXICAL_RERANKER_NAME } from '../../src/core/rerank/lexical.ts';
import type { RerankerSettings } from '../../src/core/rerank/settings.ts';
import type { TraceEvent } from '../../src/core/trace/schema.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createTransformersReranker, passageText } from '../../src/providers/rerank/transformers-reranker.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { RERANKER_SETTINGS_KEY } from '../../src/engine/engine-api.ts';
import { prepareTinyCrossEncoderFolder, TINY_CROSS_ENCODER_OFFSET } from '../../scripts/make-tiny-cross-encoder.ts';
import { MODEL_ROOT, REAL_MODEL_DIR } from '../../harness/tiny-encoder.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const dataset = loadDataset('demo', files);
const question = dataset.questions.find((q) => q.id === 'demo-01')!;
const TINY: RerankerSettings = {
  source: 'local',
  name: 'tiny-cross-encoder',
  fingerprint: 'b'.repeat(64),
  sizeBytes: 1,
  dtype: 'fp32',
};

function engineAt(localModelPath: string, db: string) {
  const stores = createDexieStores(new HopscopeDb(db, { indexedDB: new IDBFactory(), IDBKeyRange }));
  return createEngine({ stores, reranking: { localModelPath, makeReranker: createTransformersReranker } });
}

const reranks = (events: readonly TraceEvent[]) =>
  events.filter(
    (e): e is Extract<TraceEvent, { type: 'retrieve' }> => e.type === 'retrieve' && e.label.startsWith('rerank:'),
  );

describe('engine: DualRAG reranker from Settings', () => {
  it(
    'runs DualRAG with the cross-encoder in Settings and records its name and logits; lexical by default',
    { timeout: 120_000 },
    async () => {
      await prepareTinyCrossEncoderFolder(MODEL_ROOT, REAL_MODEL_DIR);
      const engine = engineAt(MODEL_ROOT, 'hopscope-rerank-test');
      await engine.loadDataset('demo', files);

      const lexical = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'dualrag', k: 20 });
      expect(lexical.status).toBe('done');
      expect(lexical.options).toMatchObject({ reranker: LEXICAL_RERANKER_NAME });
      expect(LEXICAL_RERANKER_NAME).toMatch(/heuristic/);
      expect(await engine.testReranker()).toMatchObject({ name: LEXICAL_RERANKER_NAME, heuristic: true });

      await engine.putSetting(RERANKER_SETTINGS_KEY, TINY);
      const test = await engine.testReranker();
      expect(test).toMatchObject({ name: 'cross-encoder tiny-cross-encoder (transformers.js)', heuristic: false });
      const trace = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'dualrag', k: 20 });
      expect(trace.status).toBe('done');
      expect(trace.options).toMatchObject({ reranker: 'cross-encoder tiny-cross-encoder (transformers.js)' });
      const events = reranks(trace.events);
      expect(events.length).toBeGreaterThan(0);
      const tokenizer = await AutoTokenizer.from_pretrained(REAL_MODEL_DIR);
      const byId = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
      for (const e of events) {
        expect(e.label).toBe('rerank: cross-encoder tiny-cross-encoder (transformers.js)');
        // the recorded scores are the model's logits (word pieces of the passage + [SEP] - 8), all > 0 after the cut
        for (const r of e.results) {
          const p = byId.get(r.id)!;
          expect(r.score).toBe(
            tokenizer.encode(passageText(p), { add_special_tokens: false }).length + 1 - TINY_CROSS_ENCODER_OFFSET,
          );
          expect(r.score).toBeGreaterThan(0);
        }
      }

      // Other strategies never load or name a reranker.
      const bdtr = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'static', k: 20 });
      expect(bdtr.options).not.toHaveProperty('reranker');
    },
  );

  it(
    'a folder without its ONNX file fails naming the missing file; a malformed setting says so',
    { timeout: 60_000 },
    async () => {
      const src = await prepareTinyCrossEncoderFolder(MODEL_ROOT, REAL_MODEL_DIR);
      const root = await mkdtemp(join(tmpdir(), 'hopscope-rerank-'));
      try {
        await cp(src, join(root, 'tiny-cross-encoder'), { recursive: true, filter: (p) => !p.endsWith('.onnx') });
        const engine = engineAt(root, 'hopscope-rerank-broken');
        await engine.loadDataset('demo', files);
        await engine.putSetting(RERANKER_SETTINGS_KEY, TINY);
        await expect(engine.testReranker()).rejects.toThrow(
          /could not load cross-encoder "tiny-cross-encoder" from .*tiny-cross-encoder \(expects .*onnx\/model\.onnx\)/,
        );
        await expect(
          engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'dualrag', k: 20 }),
        ).rejects.toThrow(/onnx\/model\.onnx/);
        await engine.putSetting(RERANKER_SETTINGS_KEY, { source: 'local', name: 'x' });
        await expect(engine.testReranker()).rejects.toThrow(
          /the saved reranker settings are invalid .*choose the reranker again in Settings/,
        );
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
  );
});

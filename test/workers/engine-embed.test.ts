// The engine's embeddings in Node: the generated tiny encoder (real MiniLM tokenizer) behind the same
// host interface the browser's embedding worker fills; a 2Wiki slice imported with the embeddings stage,
// dense / hybrid / HippoRAG 2 (dense base) runs, a fresh engine (reload) reusing stored vectors, cancel
// and resume, another model never mixed in, and precomputed vectors validated.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { EmbeddingSettings } from '../../src/core/embed/settings.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createTransformersEmbedder } from '../../src/providers/embed/transformers-embedder.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { EMBEDDING_SETTINGS_KEY, type EmbeddingProgress, type ImportProgress } from '../../src/engine/engine-api.ts';
import type { EmbeddingHost } from '../../src/engine/embeddings.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';
import { npyBytes } from '../support/npy.ts';

const dir = new URL('../../../shared/data/2wikimultihopqa/', import.meta.url);
const passages = (
  JSON.parse(readFileSync(new URL('2wikimultihopqa_corpus.json', dir), 'utf8')) as { title: string; text: string }[]
).slice(0, 200);
const files = [{ name: 'wiki_corpus.json', text: JSON.stringify(passages) }];

const TINY: EmbeddingSettings = {
  source: 'local',
  name: TINY_MODEL,
  fingerprint: 'a'.repeat(64),
  dim: 384,
  sizeBytes: 1,
  dtype: 'fp32',
  pooling: 'mean',
  batchSize: 16,
};

async function setup(idb = new IDBFactory()) {
  const root = await tinyEncoderRoot();
  const texts: string[] = [];
  const host: EmbeddingHost = {
    localModelPath: root,
    device: async () => 'cpu',
    makeEmbedder: (config) => {
      const inner = createTransformersEmbedder(config);
      return {
        ...inner,
        label: inner.label,
        model: inner.model,
        embed: (t, s, p) => (texts.push(...t), inner.embed(t, s, p)),
        load: inner.load,
        dispose: inner.dispose,
      };
    },
  };
  const stores = createDexieStores(new HopscopeDb('hopscope-embed-test', { indexedDB: idb, IDBKeyRange }));
  return { idb, texts, stores, engine: createEngine({ stores, embedding: host }) };
}

describe('engine embeddings', () => {
  it(
    'imports with the embeddings stage, runs dense, hybrid and HippoRAG 2 (dense), and a reload reuses the vectors',
    { timeout: 180_000 },
    async () => {
      const { idb, engine, texts } = await setup();
      await engine.putSetting(EMBEDDING_SETTINGS_KEY, TINY);
      const seen: ImportProgress[] = [];
      await engine.importCorpus(files, (p) => seen.push(p));
      const emb = seen.filter((p) => p.stage === 'embeddings');
      expect(emb.at(-1)).toMatchObject({ state: 'done', fraction: 1, detail: '200 / 200 passages embedded' });
      expect(
        emb.some(
          (p) => p.state === 'running' && p.fraction > 0 && p.fraction < 1 && /passages\/s, .* left/.test(p.detail),
        ),
      ).toBe(true);
      expect(await engine.embeddingStatus('wiki')).toMatchObject({
        ready: true,
        done: 200,
        backend: 'cpu',
        otherModels: [],
      });

      const question = { id: 'q', question: `Who is ${passages[3]!.title}?`, answers: [], gold: [] };
      for (const backbone of ['dense', 'hybrid', 'hipporag2-dense'] as const) {
        const trace = await engine.run({ datasetId: 'wiki', question, backbone, strategy: 'single', k: 5 });
        const pool = trace.events.find((e) => e.type === 'pool');
        expect(pool && pool.type === 'pool' ? pool.pool.length : 0).toBe(5);
        expect(trace.options).toMatchObject({ embedding: expect.stringContaining(`local:${TINY_MODEL}@`) });
        if (backbone === 'hipporag2-dense')
          expect(trace.options).toMatchObject({ seededBy: 'dense', synonyms: 'embedding-cosine' });
      }

      // Reload: a fresh engine over the same database reads the vectors; only the query is embedded.
      const again = await setup(idb);
      // The Library asks before the corpus is opened: answered from the store without loading it.
      expect(await again.engine.embeddingStatus('wiki')).toMatchObject({ ready: true, done: 200, passageCount: 200 });
      await again.engine.openCorpus('wiki');
      expect(await again.engine.embeddingStatus('wiki')).toMatchObject({ ready: true, done: 200 });
      await again.engine.run({ datasetId: 'wiki', question, backbone: 'dense', strategy: 'single', k: 3 });
      expect(again.texts.filter((t) => t !== 'load')).toEqual([question.question]);
      // HippoRAG 2 (dense) reads the stored phrase and fact vectors too: only the query is embedded, by the
      // dense base and by the fact scorer (§3: facts retrieved by embedding similarity to the query).
      await again.engine.run({ datasetId: 'wiki', question, backbone: 'hipporag2-dense', strategy: 'single', k: 3 });
      expect(again.texts.filter((t) => t !== 'load')).toEqual([
        question.question,
        question.question,
        question.question,
      ]);
      expect(await again.engine.embeddingStatus('wiki')).toMatchObject({ otherModels: [] });
      expect(texts.length).toBeGreaterThan(200);
    },
  );

  it(
    'cancels between chunks and resumes from the stored chunks; another model is never mixed in',
    { timeout: 120_000 },
    async () => {
      const { engine, texts } = await setup();
      await engine.importCorpus(files); // no model yet: embeddings skipped
      await engine.putSetting(EMBEDDING_SETTINGS_KEY, TINY);
      const progress: EmbeddingProgress[] = [];
      await expect(
        engine.embedCorpus('wiki', (p) => {
          progress.push(p);
          if (p.phase === 'embed' && p.done >= 64) engine.cancelEmbedding('wiki');
        }),
      ).rejects.toThrow(/abort/i);
      const partial = await engine.embeddingStatus('wiki');
      expect(partial).toMatchObject({ ready: false, running: false });
      expect(partial.done).toBeGreaterThanOrEqual(64);
      const before = texts.length;
      const resumed: EmbeddingProgress[] = [];
      expect(await engine.embedCorpus('wiki', (p) => resumed.push(p))).toMatchObject({ ready: true, done: 200 });
      expect(resumed.find((p) => p.phase === 'embed')!.resumedFrom).toBe(partial.done);
      expect(texts.length - before).toBe(200 - partial.done);

      // Another model (other pooling = other vectors): nothing of the first is used.
      await engine.putSetting(EMBEDDING_SETTINGS_KEY, { ...TINY, pooling: 'cls' });
      const other = await engine.embeddingStatus('wiki');
      expect(other).toMatchObject({ ready: false, done: 0 });
      expect(other.otherModels).toEqual([expect.stringContaining('mean')]);
      await expect(
        engine.run({
          datasetId: 'wiki',
          question: { id: 'q', question: 'x y', answers: [], gold: [] },
          backbone: 'dense',
          strategy: 'single',
          k: 3,
        }),
      ).rejects.toThrow(
        /no complete vectors of tiny-minilm .*embed it \(or import precomputed vectors\) in the Library/,
      );
    },
  );

  it('imports precomputed .npy vectors after validating them against the corpus', async () => {
    const { engine, stores } = await setup();
    await engine.importCorpus(files);
    await engine.putSetting(EMBEDDING_SETTINGS_KEY, TINY);
    const ids = (await stores.corpora.getCorpus('wiki'))!.passages.map((p) => p.id);
    const rows = ids.map((_, i) => Array.from({ length: 384 }, (_, d) => (d === i % 384 ? 1 : 0)));
    const enc = (s: string) => new TextEncoder().encode(s);
    await expect(
      engine.importVectors('wiki', [
        { name: 'v.npy', bytes: npyBytes(rows.slice(0, 3)) },
        { name: 'ids.txt', bytes: enc(ids.slice(0, 3).join('\n')) },
      ]),
    ).rejects.toThrow(/v\.npy: 197 of 200 corpus passages have no vector/);
    await expect(
      engine.importVectors('wiki', [
        { name: 'v.npy', bytes: npyBytes([[1, 2]]) },
        { name: 'ids.txt', bytes: enc('x') },
      ]),
    ).rejects.toThrow(/384-d/);
    expect((await engine.embeddingStatus('wiki')).ready).toBe(false);
    // Reversed row order is fine: rows are matched to passages by id.
    expect(
      await engine.importVectors('wiki', [
        { name: 'v.npy', bytes: npyBytes([...rows].reverse()) },
        { name: 'ids.json', bytes: enc(JSON.stringify([...ids].reverse())) },
      ]),
    ).toMatchObject({ ready: true, done: 200 });
    const trace = await engine.run({
      datasetId: 'wiki',
      question: { id: 'q', question: passages[7]!.title, answers: [], gold: [] },
      backbone: 'dense',
      strategy: 'single',
      k: 2,
    });
    expect(trace.status).toBe('done');
  });
});

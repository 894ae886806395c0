// RAPTOR's tree and GraphRAG's communities are stored with the corpus: the first run builds and
// stores them, a fresh engine over the same store (a reload) reads them back (trace option `built`
// says so) and ranks exactly as the build did; a damaged or out-of-date copy is rebuilt, with why.
// Dexie on fake-indexeddb here; test/e2e/backbone-artifacts.test.ts does the same in Chromium.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { traceRanking } from '../../src/core/strategies/index.ts';
import { raptorTreeArtifact, raptorTreeFromArtifact } from '../../src/core/persist/backbone-codecs.ts';
import { corpusFingerprint } from '../../src/core/persist/codecs.ts';
import { StorageError, type StoredArtifact } from '../../src/core/persist/ports.ts';
import { buildRaptorTree, EXTRACTIVE_SUMMARY_LABEL } from '../../src/core/raptor/tree.ts';
import { HASHED_TFIDF_LABEL } from '../../src/core/raptor/vectors.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createEngine } from '../../src/engine/engine.ts';
import type { RunBackbone } from '../../src/engine/engine-api.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const dataset = loadDataset('demo', files);
const question = dataset.questions[0]!;
const open = (idb: IDBFactory) => new HopscopeDb('hopscope-backbone-artifacts', { indexedDB: idb, IDBKeyRange });

async function runOn(idb: IDBFactory, backbone: RunBackbone) {
  const engine = createEngine({ stores: createDexieStores(open(idb)) });
  await engine.loadDataset('demo', files);
  const trace = await engine.run({ datasetId: 'demo', question, backbone, strategy: 'static', k: 20 });
  return { built: trace.options?.built, ranking: traceRanking(trace) };
}

describe('RAPTOR and GraphRAG artifacts', () => {
  it.each(['raptor', 'graphrag'] as const)(
    '%s: built and stored once, read back after a reload, same ranking',
    async (backbone) => {
      const idb = new IDBFactory();
      const first = await runOn(idb, backbone);
      expect(first.built).toBe('built and stored');
      const again = await runOn(idb, backbone);
      expect(again.built).toBe('loaded from storage');
      expect(again.ranking).toEqual(first.ranking);
      expect(again.ranking.length).toBeGreaterThan(0);
    },
  );

  it('lists backbone artifacts under their own kind, beside the BM25 snapshot', async () => {
    const idb = new IDBFactory();
    await runOn(idb, 'raptor');
    const refs = await createDexieStores(open(idb)).artifacts.listArtifacts('demo');
    expect(refs).toContainEqual({ corpusId: 'demo', kind: 'backbone', key: 'backbone:raptor' });
    expect(refs.some((r) => r.kind === 'bm25' && r.key.startsWith('backbone:'))).toBe(false);
  });

  it('a damaged stored tree is rebuilt and stored again, saying why', async () => {
    const idb = new IDBFactory();
    await runOn(idb, 'raptor');
    const db = open(idb);
    const row = (await db.indexes.get(['demo', 'backbone:raptor'])) as StoredArtifact;
    const bytes = new Uint8Array(row.buffers.nodes!.slice(0));
    bytes[10] = bytes[10]! ^ 0xff;
    await db.indexes.put({ ...row, buffers: { nodes: bytes.buffer } });
    db.close();
    const after = await runOn(idb, 'raptor');
    expect(after.built).toMatch(/^rebuilt and stored \(.*failed its checksum/);
    expect((await runOn(idb, 'raptor')).built).toBe('loaded from storage');
  });

  it('a tree built for other passages, or by another summariser, is refused with the reason', async () => {
    const corpus = dataset.corpus;
    const tree = await buildRaptorTree(corpus);
    const hash = corpusFingerprint(corpus.passages);
    const stored: StoredArtifact = {
      corpusId: 'demo',
      kind: 'backbone',
      key: 'backbone:raptor',
      checksum: '',
      createdAt: '',
      ...raptorTreeArtifact(tree, hash),
    };
    const builder = { summarizer: EXTRACTIVE_SUMMARY_LABEL, vectors: HASHED_TFIDF_LABEL };
    expect(raptorTreeFromArtifact(stored, corpus, hash, builder).nodes).toEqual(tree.nodes);
    const edited = {
      ...corpus,
      passages: corpus.passages.map((p, i) => (i === 3 ? { ...p, text: `${p.text} (edited)` } : p)),
    };
    expect(corpusFingerprint(edited.passages)).not.toBe(hash);
    expect(() => raptorTreeFromArtifact(stored, edited, corpusFingerprint(edited.passages), builder)).toThrow(
      /built for other passages/,
    );
    expect(() =>
      raptorTreeFromArtifact(stored, corpus, hash, { ...builder, summarizer: 'LLM summary (raptor-summarize/1)' }),
    ).toThrow(StorageError);
    const broken = { ...stored, buffers: { nodes: new TextEncoder().encode('[{"id":1}]').buffer as ArrayBuffer } };
    expect(() => raptorTreeFromArtifact(broken, corpus, hash, builder)).toThrow(/nodes malformed at 0\.id/);
  });
});

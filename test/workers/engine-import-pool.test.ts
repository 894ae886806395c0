// The engine's import through the worker pool (worker_threads here; module workers in the browser) and the
// streaming save, over real HotpotQA passages and a fake IndexedDB: the stored corpus, triples, BM25
// index and graph are byte-identical to an import without the pool; the progress names the workers; a
// cancel during the pooled triples stops the pool and leaves no corpus, listed or half-written.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodePool } from '../../src/cli/pool-node.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { fromStoredTriples } from '../../src/storage/triple-rows.ts';
import { createEngine } from '../../src/engine/engine.ts';
import type { ImportProgress } from '../../src/engine/engine-api.ts';

const corpus = (
  JSON.parse(
    readFileSync(new URL('../../../shared/data/hotpotqa/hotpotqa_corpus.json', import.meta.url), 'utf8'),
  ) as unknown[]
).slice(0, 500);
const files = [{ name: 'hp_corpus.json', text: JSON.stringify(corpus) }];
const dbOn = (idb: IDBFactory) => new HopscopeDb('hopscope-pool-test', { indexedDB: idb, IDBKeyRange });

describe('engine import through the worker pool', () => {
  const pool = createNodePool(2);
  afterAll(() => pool.terminate());

  it('stores the same corpus, triples and artifacts as the in-thread import, with progress from the workers', async () => {
    const stored = async (withPool: boolean) => {
      const db = dbOn(new IDBFactory());
      const seen: ImportProgress[] = [];
      const engine = createEngine({ stores: createDexieStores(db), ...(withPool ? { importPool: pool } : {}) });
      const entry = await engine.importCorpus(files, (p) => seen.push(p));
      const artifacts = [...(await db.indexes.toArray()), ...(await db.graphs.toArray())].map((a) => ({
        ...a,
        createdAt: '',
      }));
      const result = {
        entry: { ...entry, createdAt: '' },
        passages: await db.passages.toArray(),
        triples: await db.triples.toArray(),
        artifacts,
        ranking: await engine.retrieve('hp', 'Which magazine was started first?', 5),
      };
      db.close();
      return { result, seen };
    };
    const pooled = await stored(true);
    const single = await stored(false);
    expect(pooled.result.passages.length).toBe(500);
    expect(fromStoredTriples(pooled.result.triples[0]!.set, 'hp').passages.length).toBe(500);
    expect(pooled.result.ranking.length).toBe(5);
    expect(JSON.stringify(pooled.result)).toBe(JSON.stringify(single.result));
    const triplesRows = pooled.seen.filter((p) => p.stage === 'triples');
    expect(
      triplesRows.some((p) => p.state === 'running' && p.fraction > 0 && p.fraction < 1 && /2 workers$/.test(p.detail)),
    ).toBe(true);
    expect(triplesRows.at(-1)?.detail).toMatch(/^\d+ triples, 2 workers$/);
  });

  it('a cancel during the pooled triples stops the import and leaves nothing stored', async () => {
    const db = dbOn(new IDBFactory());
    const engine = createEngine({ stores: createDexieStores(db), importPool: pool });
    const running = engine.importCorpus(files, (p) => {
      if (p.stage === 'triples' && p.fraction > 0.2) engine.cancelImport();
    });
    await expect(running).rejects.toThrow(/aborted/);
    expect(await engine.listLibrary()).toEqual([]);
    expect(await db.passages.count()).toBe(0);
    expect(await db.corpora.count()).toBe(0);
    // the pool works again for the next import
    const entry = await engine.importCorpus(files);
    expect(entry.passageCount).toBe(500);
    db.close();
  });
});

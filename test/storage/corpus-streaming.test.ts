// The import's streaming save (CorpusStore.beginCorpus over Dexie): passages are written in batches before
// the corpus is ready, the corpus is listed and readable only after commit, and an abort (a cancelled or
// failed import) leaves nothing of it behind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Stores } from '../../src/core/persist/ports.ts';
import type { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { corpusA, graphArtifactA, openTestDb, triplesA } from './helpers.ts';

const big = {
  id: 'big',
  name: 'Big',
  passages: Array.from({ length: 4500 }, (_, i) => ({ id: `p${i}`, title: `T${i}`, text: `passage ${i}` })),
};

describe('streaming corpus save (Dexie)', () => {
  let db: HopscopeDb;
  let stores: Stores;
  beforeEach(() => {
    db = openTestDb();
    stores = createDexieStores(db);
  });
  afterEach(() => db.close());

  it('writes passages before commit without marking the corpus ready; commit makes it whole', async () => {
    const writer = await stores.corpora.beginCorpus!(big, 'big.json');
    await expect.poll(() => db.passages.where('corpusId').equals('big').count()).toBe(4500); // in 3 batches, before commit
    expect(await stores.corpora.listCorpora()).toEqual([]);
    expect(await stores.corpora.getCorpus('big')).toBeUndefined();
    const summary = await writer.commit({
      triples: [triplesA],
      artifacts: [{ kind: 'graph', key: 'g', ...graphArtifactA() }],
    });
    expect(summary).toMatchObject({ id: 'big', passageCount: 4500, source: 'big.json' });
    expect((await stores.corpora.getCorpus('big'))?.passages).toEqual(big.passages);
    expect(await stores.corpora.getTriples('big')).toEqual([triplesA]);
    expect(await stores.artifacts.listArtifacts('big')).toEqual([{ corpusId: 'big', kind: 'graph', key: 'g' }]);
  });

  it('an abort leaves nothing of the corpus, and other corpora untouched', async () => {
    await stores.corpora.saveCorpus({ corpus: corpusA });
    const writer = await stores.corpora.beginCorpus!(big);
    await writer.abort();
    expect(await db.passages.where('corpusId').equals('big').count()).toBe(0);
    expect((await stores.corpora.listCorpora()).map((c) => c.id)).toEqual(['a']);
    expect((await stores.corpora.getCorpus('a'))?.passages).toEqual(corpusA.passages);
  });

  it('replaces a stored corpus with the same id, and clears rows an interrupted import left', async () => {
    const interrupted = await stores.corpora.beginCorpus!(big);
    void interrupted; // never committed nor aborted: a closed tab
    await expect.poll(() => db.passages.where('corpusId').equals('big').count()).toBe(4500);
    const small = { ...big, passages: big.passages.slice(0, 3) };
    const summary = await (await stores.corpora.beginCorpus!(small)).commit({});
    expect(summary.passageCount).toBe(3);
    expect((await stores.corpora.getCorpus('big'))?.passages).toEqual(small.passages);
  });

  it('a cancelled re-import of a stored corpus keeps the stored copy; a committed one replaces it whole', async () => {
    await stores.corpora.saveCorpus({ corpus: big, source: 'big.json', triples: [triplesA] });
    const small = { ...big, passages: big.passages.slice(0, 3) };
    await (await stores.corpora.beginCorpus!(small)).abort();
    expect((await stores.corpora.getCorpus('big'))?.passages).toEqual(big.passages);
    expect(await stores.corpora.getTriples('big')).toEqual([triplesA]);
    const summary = await (await stores.corpora.beginCorpus!(small, 'small.json')).commit({});
    expect(summary).toMatchObject({ passageCount: 3, source: 'small.json' });
    expect((await stores.corpora.getCorpus('big'))?.passages).toEqual(small.passages);
    expect(await stores.corpora.getTriples('big')).toEqual([]);
  });
});

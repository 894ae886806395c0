// Dexie's upgrade-test pattern: write with the old schema version, close, reopen with the current
// class, and prove the data survived and the upgrade filled what the new version adds.
import { describe, expect, it } from 'vitest';
import { DB_VERSION } from '../../src/storage/schema.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { corpusA, freshIdb, openTestDb, trace } from './helpers.ts';

describe('schema upgrade', () => {
  it('data written by version 1 survives the bump to the current version; v2 fills passageCount', async () => {
    expect(DB_VERSION).toBeGreaterThanOrEqual(2);
    const idb = freshIdb();
    const v1 = openTestDb(idb, 1);
    await v1.open();
    expect(v1.verno).toBe(1);
    // rows exactly as version 1 wrote them: corpora had no passageCount
    await v1.table('corpora').put({ id: 'a', name: 'Corpus A', createdAt: '2026-01-01T00:00:00Z' });
    await v1.table('passages').bulkPut(corpusA.passages.map((p, ord) => ({ corpusId: 'a', ord, ...p })));
    await v1.table('runs').put({
      id: 'r1',
      corpusId: 'a',
      createdAt: '2026-01-01T00:00:00Z',
      trace: trace('r1', 'a', '2026-01-01T00:00:00Z'),
    });
    await v1.table('settings').put({ key: 'theme', value: 'dark' });
    v1.close();

    const current = openTestDb(idb);
    await current.open();
    expect(current.verno).toBe(DB_VERSION);
    const stores = createDexieStores(current);
    expect(await stores.corpora.listCorpora()).toEqual([
      { id: 'a', name: 'Corpus A', passageCount: 3, createdAt: '2026-01-01T00:00:00Z' },
    ]);
    expect(await stores.corpora.getCorpus('a')).toEqual(corpusA);
    // v2's new createdAt index on runs works on rows written by v1
    expect((await stores.runs.listRuns()).map((r) => r.id)).toEqual(['r1']);
    expect(await stores.settings.getSetting('theme')).toBe('dark');
    current.close();
  });
});

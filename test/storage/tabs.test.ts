// Another tab and a failing upgrade (issue 16): a connection told that another tab opened a newer
// version closes and says so; an upgrade blocked by an old connection says so and completes once that
// tab lets go; an upgrade that throws midway leaves the old version and its data readable.
import type { Transaction } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { HopscopeDb, onStorageNotice, type StorageNotice } from '../../src/storage/db.ts';
import { DB_VERSION, SCHEMA_HISTORY } from '../../src/storage/schema.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { corpusA, freshIdb } from './helpers.ts';

const notices: StorageNotice[] = [];
onStorageNotice((n) => notices.push(n));
afterEach(() => void notices.splice(0));

describe('IndexedDB shared with other tabs', () => {
  it('versionchange: the older connection closes and tells the user to reload; the newer one opens', async () => {
    const idb = freshIdb();
    const old = new HopscopeDb('tabs', idb, 1);
    await old.open();
    const current = new HopscopeDb('tabs', idb);
    await current.open();
    expect(current.verno).toBe(DB_VERSION);
    expect(old.isOpen()).toBe(false);
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'versionchange', message: expect.stringContaining('reload this tab') }),
    ]);
    current.close();
  });

  it('blocked: an upgrade waits for a tab that keeps the old version open, says so, and completes when it closes', async () => {
    const idb = freshIdb();
    // a raw connection that ignores versionchange, like a tab running an older build
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = idb.indexedDB.open('tabs-blocked', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('corpora', { keyPath: 'id' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const current = new HopscopeDb('tabs-blocked', idb);
    const opening = current.open();
    await new Promise((r) => setTimeout(r, 50));
    expect(notices.map((n) => n.kind)).toContain('blocked');
    expect(notices.find((n) => n.kind === 'blocked')?.message).toContain('close or reload the other Hopscope tabs');
    raw.close();
    await opening;
    expect(current.verno).toBe(DB_VERSION);
    current.close();
  });
});

describe('an upgrade that fails midway', () => {
  it('leaves the old version and its data readable', async () => {
    const idb = freshIdb();
    const before = new HopscopeDb('half', idb);
    await createDexieStores(before).corpora.saveCorpus({ corpus: corpusA });
    before.close();

    const broken = [
      ...SCHEMA_HISTORY,
      {
        version: DB_VERSION + 1,
        stores: { passages: '[corpusId+ord], corpusId, title' },
        async upgrade(tx: Transaction) {
          await tx.table('corpora').toCollection().modify({ name: 'half-upgraded' }); // a first step that writes
          throw new Error('disk trouble in the middle of the upgrade');
        },
      },
    ];
    const next = new HopscopeDb('half', idb, DB_VERSION + 1, broken);
    await expect(next.open()).rejects.toThrow(/disk trouble/);
    next.close();

    const again = new HopscopeDb('half', idb);
    await again.open();
    expect(again.verno).toBe(DB_VERSION);
    const stores = createDexieStores(again);
    expect(await stores.corpora.getCorpus('a')).toEqual(corpusA);
    expect((await stores.corpora.listCorpora()).map((c) => c.name)).toEqual(['Corpus A']);
    again.close();
  });
});

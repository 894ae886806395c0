import { createDexieStores } from '../../src/storage/repositories.ts';
import { openTestDb } from './helpers.ts';
import { describeStoreContract } from './store-contract.ts';

describeStoreContract('Dexie (fake-indexeddb)', async () => {
  const db = openTestDb();
  return {
    stores: createDexieStores(db),
    async truncate(ref) {
      const row = (await db.graphs.get([ref.corpusId, ref.key]))!;
      row.buffers.targets = (row.buffers.targets as ArrayBuffer).slice(0, 4);
      await db.graphs.put(row);
    },
    async close() {
      db.close();
    },
  };
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStores } from '../../src/cli/file-store.ts';
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

describeStoreContract('file store', async () => {
  const root = await mkdtemp(join(tmpdir(), 'hopscope-store-'));
  return {
    stores: createFileStores(root),
    async truncate(ref) {
      const path = join(root, 'corpora', ref.corpusId, 'artifacts', `${ref.kind}.${ref.key}.bin`);
      const bytes = await readFile(path);
      await writeFile(path, bytes.subarray(0, bytes.length - 5));
    },
    async close() {
      await rm(root, { recursive: true, force: true });
    },
  };
});

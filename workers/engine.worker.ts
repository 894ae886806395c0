// Engine worker: parsing, indexing, the library (IndexedDB) and runs happen off the UI thread (DESIGN:
// workers are thin RPC wrappers over core). The API is typed in ./engine-api.ts; the page wraps it
// with Comlink.
import { expose } from 'comlink';
import { getDb } from '../src/storage/db.ts';
import { createDexieStores } from '../src/storage/repositories.ts';
import { createEngine } from './engine.ts';

expose(createEngine({ stores: createDexieStores(getDb()) }));

// The Dexie database class and its single-instance factory.
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { ArtifactRow, CorpusRow, LlmCacheRow, PassageRow, RunRow, SettingRow, TripleRow } from './entities.ts';
import { DB_NAME, DB_VERSION, SCHEMA_HISTORY } from './schema.ts';

export class HopscopeDb extends Dexie {
  corpora!: EntityTable<CorpusRow, 'id'>;
  passages!: Table<PassageRow, [string, number]>;
  triples!: Table<TripleRow, [string, string]>;
  graphs!: Table<ArtifactRow, [string, string]>;
  indexes!: Table<ArtifactRow, [string, string]>;
  vectors!: Table<ArtifactRow, [string, string]>;
  runs!: EntityTable<RunRow, 'id'>;
  llmCache!: EntityTable<LlmCacheRow, 'key'>;
  settings!: EntityTable<SettingRow, 'key'>;

  /** `upTo` opens an older schema version (upgrade tests only). */
  constructor(name: string = DB_NAME, options: DexieOptions = {}, upTo: number = DB_VERSION) {
    super(name, options);
    for (const v of SCHEMA_HISTORY) {
      if (v.version > upTo) break;
      const declared = this.version(v.version).stores(v.stores);
      if (v.upgrade) declared.upgrade(v.upgrade);
    }
  }
}

const instances = new Map<string, HopscopeDb>();

/** One instance per database name for the whole page or worker. */
export function getDb(name: string = DB_NAME, options?: DexieOptions): HopscopeDb {
  let db = instances.get(name);
  if (!db) {
    db = new HopscopeDb(name, options);
    instances.set(name, db);
  }
  return db;
}

/** Closes and forgets the instance (tests, or before deleting the database). */
export function closeDb(name: string = DB_NAME): void {
  instances.get(name)?.close();
  instances.delete(name);
}

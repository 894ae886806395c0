// The Dexie database class and its single-instance factory.
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { ArtifactRow, CorpusRow, LlmCacheRow, PassageRow, RunRow, SettingRow, TripleRow } from './entities.ts';
import { DB_NAME, DB_VERSION, SCHEMA_HISTORY, type SchemaVersion } from './schema.ts';

/**
 * What another tab can do to this one's database, in words for the user:
 * - `versionchange`: another tab opened a newer schema; this connection closes (never a half-upgrade
 *   from here) and the page must be reloaded to use storage again.
 * - `blocked`: this tab wants to upgrade but another tab holds the old version open; the upgrade waits
 *   until that tab closes or reloads.
 */
export interface StorageNotice {
  kind: 'versionchange' | 'blocked';
  message: string;
}

let noticeHandler: (n: StorageNotice) => void = (n) => console.warn(`hopscope storage: ${n.message}`);

/** Where storage notices go (the page shows them; the default logs a warning). */
export function onStorageNotice(handler: (n: StorageNotice) => void): void {
  noticeHandler = handler;
}

export class HopscopeDb extends Dexie {
  corpora!: EntityTable<CorpusRow, 'id'>;
  passages!: Table<PassageRow, [string, number]>;
  triples!: Table<TripleRow, [string, string]>;
  graphs!: Table<ArtifactRow, [string, string]>;
  indexes!: Table<ArtifactRow, [string, string]>;
  vectors!: Table<ArtifactRow, [string, string]>;
  /** GEAR's triple index T per corpus and triple source (schema v3). */
  tripleIndexes!: Table<ArtifactRow, [string, string]>;
  runs!: EntityTable<RunRow, 'id'>;
  llmCache!: EntityTable<LlmCacheRow, 'key'>;
  settings!: EntityTable<SettingRow, 'key'>;

  /** `upTo` opens an older schema version, `history` another schema history (upgrade tests only). */
  constructor(
    name: string = DB_NAME,
    options: DexieOptions = {},
    upTo: number = DB_VERSION,
    history: readonly SchemaVersion[] = SCHEMA_HISTORY,
  ) {
    super(name, options);
    for (const v of history) {
      if (v.version > upTo) break;
      const declared = this.version(v.version).stores(v.stores);
      if (v.upgrade) declared.upgrade(v.upgrade);
    }
    // An upgrade runs in one IndexedDB versionchange transaction: if it throws midway the transaction
    // aborts and the database stays at the old version with the old data (test/storage/upgrade.test.ts).
    this.on('versionchange', () => {
      this.close();
      noticeHandler({
        kind: 'versionchange',
        message:
          'another tab opened a newer version of Hopscope, so this tab closed its storage; reload this tab to continue',
      });
      return false; // handled: Dexie's default would also close
    });
    this.on('blocked', () => {
      noticeHandler({
        kind: 'blocked',
        message:
          'Hopscope needs to upgrade its storage, but another tab still has the older version open: close or reload the other Hopscope tabs; the upgrade continues when they let go',
      });
    });
  }
}

const instances = new Map<string, HopscopeDb>();

/** One instance per database name for the whole page or worker. */
export function getDb(name: string = DB_NAME, options?: DexieOptions): HopscopeDb {
  const db = instances.get(name) ?? new HopscopeDb(name, options);
  instances.set(name, db);
  return db;
}

// Versioned schema, oldest first. Never edit a released version: add a new one with an upgrade, and
// extend test/storage/upgrade.test.ts to prove data stored by the previous version survives.
import type { Transaction } from 'dexie';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

export const SCHEMA_HISTORY: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      corpora: 'id',
      passages: '[corpusId+ord], corpusId',
      triples: '[corpusId+source], corpusId',
      graphs: '[corpusId+key], corpusId',
      indexes: '[corpusId+key], corpusId',
      vectors: '[corpusId+key], corpusId',
      runs: 'id, corpusId',
      llmCache: 'key, corpusId',
      settings: 'key',
    },
  },
  {
    // v2: corpora carry passageCount (listing no longer counts passages); runs are listed by date.
    version: 2,
    stores: { runs: 'id, corpusId, createdAt' },
    async upgrade(tx) {
      // modify() callbacks are synchronous, so count first, then write.
      const corpora = tx.table<{ id: string; passageCount?: number }, string>('corpora');
      for (const corpus of await corpora.toArray()) {
        const passageCount = await tx.table('passages').where('corpusId').equals(corpus.id).count();
        await corpora.put({ ...corpus, passageCount });
      }
    },
  },
  {
    // v3 (GEAR): GEAR's triple index T,
    // a sealed artifact per corpus and triple source, so a reload reads it instead of re-extracting.
    // New empty table, nothing to migrate.
    version: 3,
    stores: { tripleIndexes: '[corpusId+key], corpusId' },
  },
];

export const DB_VERSION = (SCHEMA_HISTORY.at(-1) as SchemaVersion).version;
export const DB_NAME = 'hopscope';

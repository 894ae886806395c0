// ArtifactStore over Dexie: sealed (format version + checksum) on write, verified on read; which table holds
// each artifact kind.
import type { Table } from 'dexie';
import { sealArtifact, verifyArtifact } from '../core/persist/artifacts.ts';
import { BACKBONE_KEY_PREFIX, type ArtifactKind, type ArtifactRef, type ArtifactStore } from '../core/persist/ports.ts';
import type { HopscopeDb } from './db.ts';
import type { ArtifactRow } from './entities.ts';
import { guardWrite } from './quota.ts';

export function createArtifactRepository(
  db: HopscopeDb,
  now: () => string = () => new Date().toISOString(),
): ArtifactStore {
  return {
    async putArtifact(input) {
      const sealed = sealArtifact(input, now);
      const size = Object.values(input.buffers).reduce((s, b) => s + b.byteLength, 0);
      await guardWrite(
        `store the ${input.kind} "${input.key}" of corpus "${input.corpusId}" (${(size / 1e6).toFixed(1)} MB)`,
        () => artifactTable(db, input.kind).put(sealed),
      );
      return sealed;
    },
    async getArtifact(ref, expect) {
      const row = await artifactTable(db, ref.kind).get([ref.corpusId, ref.key]);
      return row ? verifyArtifact(row, expect) : { status: 'missing' };
    },
    async listArtifacts(corpusId) {
      const refs: ArtifactRef[] = [];
      for (const kind of ['graph', 'bm25', 'vectors', 'triples'] as const) {
        // Keys only: the rows hold the (large) buffers, which listing must not read.
        for (const [, key] of await artifactTable(db, kind).where('corpusId').equals(corpusId).primaryKeys()) {
          refs.push({ corpusId, kind: kind === 'bm25' ? indexesKindOf(key) : kind, key });
        }
      }
      return refs;
    },
    async deleteArtifact(ref) {
      await artifactTable(db, ref.kind).delete([ref.corpusId, ref.key]);
    },
  };
}

export function artifactTable(db: HopscopeDb, kind: ArtifactKind): Table<ArtifactRow, [string, string]> {
  return kind === 'graph'
    ? db.graphs
    : kind === 'vectors'
      ? db.vectors
      : kind === 'triples'
        ? db.tripleIndexes
        : db.indexes;
}

/** The kind of a row of the indexes table: BM25 snapshots and backbone artifacts live there side by side. */
export const indexesKindOf = (key: string): 'bm25' | 'backbone' =>
  key.startsWith(BACKBONE_KEY_PREFIX) ? 'backbone' : 'bm25';

// Which Dexie table holds each artifact kind.
import type { Table } from 'dexie';
import { BACKBONE_KEY_PREFIX, type ArtifactKind } from '../core/persist/ports.ts';
import type { HopscopeDb } from './db.ts';
import type { ArtifactRow } from './entities.ts';

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

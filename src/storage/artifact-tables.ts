// Which Dexie table holds each artifact kind.
import type { Table } from 'dexie';
import type { ArtifactKind } from '../core/store/ports.ts';
import type { HopscopeDb } from './db.ts';
import type { ArtifactRow } from './entities.ts';

export function artifactTable(db: HopscopeDb, kind: ArtifactKind): Table<ArtifactRow, [string, string]> {
  return kind === 'graph' ? db.graphs : kind === 'vectors' ? db.vectors : kind === 'triples' ? db.tripleIndexes : db.indexes;
}

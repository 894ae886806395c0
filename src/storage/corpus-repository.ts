// CorpusStore over Dexie: passages, triples and artifacts saved in ONE transaction with the corpus;
// deletion removes everything derived from it (runs and LLM cache entries included).
import Dexie from 'dexie';
import { sealArtifact } from '../core/store/artifacts.ts';
import type { CorpusStore, CorpusSummary } from '../core/store/ports.ts';
import { artifactTable } from './artifact-tables.ts';
import type { HopscopeDb } from './db.ts';
import type { CorpusRow } from './entities.ts';
import { guardWrite } from './quota.ts';

const summary = (row: CorpusRow): CorpusSummary => ({
  id: row.id,
  name: row.name,
  passageCount: row.passageCount,
  createdAt: row.createdAt,
  ...(row.source !== undefined ? { source: row.source } : {}),
});

export function createCorpusRepository(db: HopscopeDb, now: () => string = () => new Date().toISOString()): CorpusStore {
  const derived = () => [db.passages, db.triples, db.graphs, db.indexes, db.vectors, db.tripleIndexes];
  const removeDerived = async (corpusId: string) => {
    for (const t of derived()) await t.where('corpusId').equals(corpusId).delete();
  };
  return {
    async saveCorpus({ corpus, source, triples = [], artifacts = [] }) {
      const createdAt = now();
      const row: CorpusRow = { id: corpus.id, name: corpus.name, passageCount: corpus.passages.length, createdAt, ...(source !== undefined ? { source } : {}) };
      const sealed = artifacts.map((a) => sealArtifact({ ...a, corpusId: corpus.id }, now));
      await guardWrite(`save corpus "${corpus.name}" (${corpus.passages.length} passages)`, () =>
        db.transaction('rw', [db.corpora, ...derived()], async () => {
          await removeDerived(corpus.id);
          await db.passages.bulkAdd(corpus.passages.map((p, ord) => ({ corpusId: corpus.id, ord, id: p.id, title: p.title, text: p.text })));
          for (const set of triples) await db.triples.put({ corpusId: corpus.id, source: set.source, set });
          for (const a of sealed) await artifactTable(db, a.kind).put(a);
          await db.corpora.put(row);
        }),
      );
      return summary(row);
    },
    async listCorpora() {
      return (await db.corpora.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).map(summary);
    },
    async getCorpus(id) {
      const row = await db.corpora.get(id);
      if (!row) return undefined;
      const passages = await db.passages.where('[corpusId+ord]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray();
      return { id: row.id, name: row.name, passages: passages.map((p) => ({ id: p.id, title: p.title, text: p.text })) };
    },
    async getTriples(corpusId) {
      return (await db.triples.where('corpusId').equals(corpusId).toArray()).map((r) => r.set);
    },
    async deleteCorpus(id) {
      await guardWrite(`delete corpus "${id}"`, () =>
        db.transaction('rw', [db.corpora, ...derived(), db.runs, db.llmCache], async () => {
          await removeDerived(id);
          await db.runs.where('corpusId').equals(id).delete();
          await db.llmCache.where('corpusId').equals(id).delete();
          await db.corpora.delete(id);
        }),
      );
    },
  };
}

// CorpusStore over Dexie: passages, triples and artifacts saved in ONE transaction with the corpus (or, for
// an import, passages streamed in batches and the rest + the corpus row in one final transaction);
// deletion removes everything derived from it (runs and LLM cache entries included).
import Dexie from 'dexie';
import { sealArtifact } from '../core/persist/artifacts.ts';
import { artifactTable } from './artifact-repository.ts';
import { fromStoredTriples, toStoredTriples } from './triple-rows.ts';
import type { HopscopeDb } from './db.ts';
import type { CorpusRow, PassageRow } from './entities.ts';
import type { Corpus, Passage } from '../core/types.ts';
import type { ArtifactInput, CorpusStore } from '../core/persist/ports.ts';
import type { TripleSet } from '../core/triples/types.ts';
import { guardWrite } from './quota.ts';

/** A passage as stored: its corpus and position, and its source when it came from a document. */
const passageRow = (corpusId: string, ord: number, p: Passage): PassageRow => ({
  corpusId,
  ord,
  id: p.id,
  title: p.title,
  text: p.text,
  ...(p.source ? { source: p.source } : {}),
});

/** Passages per write transaction while an import streams its corpus in. */
const PASSAGE_BATCH = 2000;

export function createCorpusRepository(
  db: HopscopeDb,
  now: () => string = () => new Date().toISOString(),
): CorpusStore {
  const derived = () => [db.passages, db.triples, db.graphs, db.indexes, db.vectors, db.tripleIndexes];
  const removeDerived = async (corpusId: string) => {
    for (const t of derived()) await t.where('corpusId').equals(corpusId).delete();
  };
  /** The corpus row with its triples and artifacts (inside the caller's transaction): what makes a corpus ready. */
  const prepare = (corpus: Corpus, source: string | undefined, artifacts: Omit<ArtifactInput, 'corpusId'>[]) => {
    const row: CorpusRow = {
      id: corpus.id,
      name: corpus.name,
      passageCount: corpus.passages.length,
      createdAt: now(),
      ...(source !== undefined ? { source } : {}),
    };
    const sealed = artifacts.map((a) => sealArtifact({ ...a, corpusId: corpus.id }, now));
    return async (triples: TripleSet[]) => {
      for (const set of triples)
        await db.triples.put({ corpusId: corpus.id, source: set.source, set: toStoredTriples(set) });
      for (const a of sealed) await artifactTable(db, a.kind).put(a);
      await db.corpora.put(row);
      return row;
    };
  };
  const store: CorpusStore = {
    async saveCorpus({ corpus, source, triples = [], artifacts = [] }) {
      const finish = prepare(corpus, source, artifacts);
      return guardWrite(`save corpus "${corpus.name}" (${corpus.passages.length} passages)`, () =>
        db.transaction('rw', [db.corpora, ...derived()], async () => {
          await removeDerived(corpus.id);
          await db.passages.bulkAdd(corpus.passages.map((p, ord) => passageRow(corpus.id, ord, p)));
          return finish(triples);
        }),
      );
    },
    async beginCorpus(corpus, source) {
      const id = corpus.id;
      if (await db.corpora.get(id)) {
        // A re-import of a stored corpus: the stored copy stays usable until the new one is saved whole
        // (one transaction at commit), so a cancelled or failed re-import loses nothing.
        return {
          commit: (rest) => store.saveCorpus({ corpus, ...(source !== undefined ? { source } : {}), ...rest }),
          abort: async () => undefined,
        };
      }
      const label = `save corpus "${corpus.name}" (${corpus.passages.length} passages)`;
      await guardWrite(label, () =>
        db.transaction('rw', [db.corpora, ...derived()], async () => {
          await removeDerived(id); // also rows an interrupted import left (they have no corpus row, so were never listed)
          await db.corpora.delete(id);
        }),
      );
      // Passage batches, one transaction each, written while the import goes on; the first failure is kept for commit.
      let written: Promise<void> = Promise.resolve();
      for (let start = 0; start < corpus.passages.length; start += PASSAGE_BATCH) {
        const rows = corpus.passages.slice(start, start + PASSAGE_BATCH).map((p, k) => passageRow(id, start + k, p));
        written = written.then(() =>
          guardWrite(label, () => db.transaction('rw', db.passages, () => db.passages.bulkAdd(rows))).then(
            () => undefined,
          ),
        );
      }
      written.catch(() => undefined); // seen by commit or abort
      return {
        async commit({ triples = [], artifacts = [] }) {
          await written;
          const finish = prepare(corpus, source, artifacts);
          return guardWrite(label, () =>
            db.transaction('rw', [db.corpora, db.triples, db.graphs, db.indexes, db.vectors], () => finish(triples)),
          );
        },
        async abort() {
          await written.catch(() => undefined);
          await db.transaction('rw', [db.corpora, ...derived()], async () => {
            if (!(await db.corpora.get(id))) await removeDerived(id);
          });
        },
      };
    },
    async listCorpora() {
      return (await db.corpora.toArray()).sort(
        (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
      );
    },
    async getCorpus(id) {
      const row = await db.corpora.get(id);
      if (!row) return undefined;
      const passages = await db.passages
        .where('[corpusId+ord]')
        .between([id, Dexie.minKey], [id, Dexie.maxKey])
        .toArray();
      return {
        id: row.id,
        name: row.name,
        passages: passages.map(({ corpusId: _corpusId, ord: _ord, ...p }) => p),
      };
    },
    async getTriples(corpusId) {
      return (await db.triples.where('corpusId').equals(corpusId).toArray()).map((r) =>
        fromStoredTriples(r.set, corpusId),
      );
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
  return store;
}

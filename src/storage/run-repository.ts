// RunStore over Dexie: traces listed by creation date.
import type { RunStore } from '../core/persist/ports.ts';
import type { HopscopeDb } from './db.ts';
import { guardWrite } from './quota.ts';

export function createRunRepository(db: HopscopeDb): RunStore {
  return {
    async putRun(trace) {
      await guardWrite(`save run "${trace.id}"`, () =>
        db.runs.put({ id: trace.id, corpusId: trace.corpus.id, createdAt: trace.createdAt, trace }),
      );
    },
    async getRun(id) {
      return (await db.runs.get(id))?.trace;
    },
    async listRuns(corpusId) {
      const rows =
        corpusId === undefined
          ? await db.runs.orderBy('createdAt').toArray()
          : await db.runs.where('corpusId').equals(corpusId).sortBy('createdAt');
      return rows.map(({ trace }) => ({
        id: trace.id,
        corpusId: trace.corpus.id,
        strategy: trace.strategy,
        retriever: trace.retriever,
        status: trace.status,
        createdAt: trace.createdAt,
      }));
    },
    async deleteRun(id) {
      await db.runs.delete(id);
    },
  };
}

// All Dexie repositories behind core's store ports, for one database; the run, LLM cache and settings
// stores are small enough to live here.
import type { LlmCacheStore } from '../core/llm/port.ts';
import type { RunStore, SettingsStore, Stores } from '../core/persist/ports.ts';
import { createArtifactRepository } from './artifact-repository.ts';
import { createCorpusRepository } from './corpus-repository.ts';
import type { HopscopeDb } from './db.ts';
import { guardWrite } from './quota.ts';

export function createDexieStores(db: HopscopeDb): Stores {
  return {
    corpora: createCorpusRepository(db),
    artifacts: createArtifactRepository(db),
    runs: createRunRepository(db),
    settings: createSettingsRepository(db),
    llmCache: createLlmCacheRepository(db),
  };
}

/** Traces, listed by creation date. */
function createRunRepository(db: HopscopeDb): RunStore {
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

/** LLM replies, scoped per corpus for deletion. */
function createLlmCacheRepository(db: HopscopeDb): LlmCacheStore {
  return {
    async get(key) {
      return (await db.llmCache.get(key))?.reply;
    },
    async put(key, reply, scope) {
      await guardWrite('cache an LLM reply', () => db.llmCache.put({ key, corpusId: scope?.corpusId ?? '', reply }));
    },
    async clear(scope) {
      if (scope?.corpusId !== undefined) await db.llmCache.where('corpusId').equals(scope.corpusId).delete();
      else await db.llmCache.clear();
    },
  };
}

/** One row per key. */
function createSettingsRepository(db: HopscopeDb): SettingsStore {
  return {
    async getSetting<T>(key: string) {
      return (await db.settings.get(key))?.value as T | undefined;
    },
    async putSetting(key, value) {
      await guardWrite(`save setting "${key}"`, () => db.settings.put({ key, value }));
    },
  };
}

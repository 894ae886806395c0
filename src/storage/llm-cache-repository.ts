// LlmCacheStore (src/core/llm/port.ts) over Dexie, scoped per corpus for deletion.
import type { LlmCacheStore } from '../core/llm/port.ts';
import type { HopscopeDb } from './db.ts';
import { guardWrite } from './quota.ts';

export function createLlmCacheRepository(db: HopscopeDb): LlmCacheStore {
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

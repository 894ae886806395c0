// LlmCacheStore in memory, for tests of the cache layer.
import type { CachedReply, LlmCacheStore } from '../../src/core/llm/port.ts';

export class MemoryLlmCacheStore implements LlmCacheStore {
  private readonly entries = new Map<string, { reply: CachedReply; corpusId: string }>();

  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<CachedReply | undefined> {
    return this.entries.get(key)?.reply;
  }

  async put(key: string, reply: CachedReply, scope?: { corpusId?: string }): Promise<void> {
    this.entries.set(key, { reply, corpusId: scope?.corpusId ?? '' });
  }

  async clear(scope?: { corpusId?: string }): Promise<void> {
    if (scope?.corpusId === undefined) {
      this.entries.clear();
      return;
    }
    for (const [k, v] of this.entries) if (v.corpusId === scope.corpusId) this.entries.delete(k);
  }
}

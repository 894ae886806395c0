// Dexie repositories implementing core's store ports (src/core/store/ports.ts) and LlmCacheStore.
import type { LlmCacheStore } from '../core/llm/port.ts';
import { sealArtifact, verifyArtifact } from '../core/store/artifacts.ts';
import type {
  ArtifactKind,
  ArtifactRef,
  ArtifactStore,
  CorpusStore,
  CorpusSummary,
  RunStore,
  SettingsStore,
  Stores,
} from '../core/store/ports.ts';
import type { HopscopeDb } from './db.ts';
import type { ArtifactRow, CorpusRow } from './entities.ts';
import { guardWrite } from './quota.ts';
import Dexie, { type Table } from 'dexie';

function artifactTable(db: HopscopeDb, kind: ArtifactKind): Table<ArtifactRow, [string, string]> {
  return kind === 'graph' ? db.graphs : kind === 'vectors' ? db.vectors : db.indexes;
}

const summary = (row: CorpusRow): CorpusSummary => ({
  id: row.id,
  name: row.name,
  passageCount: row.passageCount,
  createdAt: row.createdAt,
  ...(row.source !== undefined ? { source: row.source } : {}),
});

export function createCorpusRepository(db: HopscopeDb, now: () => string = () => new Date().toISOString()): CorpusStore {
  const derived = () => [db.passages, db.triples, db.graphs, db.indexes, db.vectors];
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

export function createArtifactRepository(db: HopscopeDb, now: () => string = () => new Date().toISOString()): ArtifactStore {
  return {
    async putArtifact(input) {
      const sealed = sealArtifact(input, now);
      const size = Object.values(input.buffers).reduce((s, b) => s + b.byteLength, 0);
      await guardWrite(`store the ${input.kind} "${input.key}" of corpus "${input.corpusId}" (${(size / 1e6).toFixed(1)} MB)`, () =>
        artifactTable(db, input.kind).put(sealed),
      );
      return sealed;
    },
    async getArtifact(ref, expect) {
      const row = await artifactTable(db, ref.kind).get([ref.corpusId, ref.key]);
      return row ? verifyArtifact(row, expect) : { status: 'missing' };
    },
    async listArtifacts(corpusId) {
      const refs: ArtifactRef[] = [];
      for (const kind of ['graph', 'bm25', 'vectors'] as const) {
        for (const r of await artifactTable(db, kind).where('corpusId').equals(corpusId).toArray()) refs.push({ corpusId, kind, key: r.key });
      }
      return refs;
    },
    async deleteArtifact(ref) {
      await artifactTable(db, ref.kind).delete([ref.corpusId, ref.key]);
    },
  };
}

export function createRunRepository(db: HopscopeDb): RunStore {
  return {
    async putRun(trace) {
      await guardWrite(`save run "${trace.id}"`, () => db.runs.put({ id: trace.id, corpusId: trace.corpus.id, createdAt: trace.createdAt, trace }));
    },
    async getRun(id) {
      return (await db.runs.get(id))?.trace;
    },
    async listRuns(corpusId) {
      const rows = corpusId === undefined ? await db.runs.orderBy('createdAt').toArray() : await db.runs.where('corpusId').equals(corpusId).sortBy('createdAt');
      return rows.map(({ trace }) => ({ id: trace.id, corpusId: trace.corpus.id, strategy: trace.strategy, retriever: trace.retriever, status: trace.status, createdAt: trace.createdAt }));
    },
    async deleteRun(id) {
      await db.runs.delete(id);
    },
  };
}

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

export function createSettingsRepository(db: HopscopeDb): SettingsStore {
  return {
    async getSetting<T>(key: string) {
      return (await db.settings.get(key))?.value as T | undefined;
    },
    async putSetting(key, value) {
      await guardWrite(`save setting "${key}"`, () => db.settings.put({ key, value }));
    },
  };
}

export function createDexieStores(db: HopscopeDb): Stores {
  return {
    corpora: createCorpusRepository(db),
    artifacts: createArtifactRepository(db),
    runs: createRunRepository(db),
    settings: createSettingsRepository(db),
    llmCache: createLlmCacheRepository(db),
  };
}

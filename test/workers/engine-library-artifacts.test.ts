// A stored corpus reopens from its stored BM25 snapshot and phrase graph: after an import, a fresh
// engine over the same store (a reload) builds neither BM25 nor the graph, and its bm25 and hipporag2
// rankings equal those of a fresh build. A damaged graph artifact is rebuilt once, with a notice, and
// stored again; a corpus stored without indexes (an earlier version) gets them built and stored.
// Over both stores: Dexie on fake-indexeddb (the browser's) and the file store (the CLI's).
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFileStores } from '../../src/cli/file-store.ts';
import { buildPhraseGraph } from '../../src/core/graph/build.ts';
import type * as GraphBuild from '../../src/core/graph/build.ts';
import { Bm25Index } from '../../src/core/index/bm25.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import type { ArtifactRef, Stores } from '../../src/core/persist/ports.ts';
import { extractTriplesOffline } from '../../src/core/triples/offline-extractor.ts';
import type { Question, Ranked } from '../../src/core/types.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { openStored } from '../../src/engine/library.ts';
import { hippoRag2Over } from '../support/hipporag2.ts';

// Every graph build (the library's and hipporag2's own) goes through this spy.
vi.mock('../../src/core/graph/build.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof GraphBuild>();
  return { ...actual, buildPhraseGraph: vi.fn(actual.buildPhraseGraph) };
});
const graphBuilds = vi.mocked(buildPhraseGraph);

const dir = new URL('../../../shared/data/2wikimultihopqa/', import.meta.url);
const passages = (
  JSON.parse(readFileSync(new URL('2wikimultihopqa_corpus.json', dir), 'utf8')) as { title: string; text: string }[]
).slice(0, 300);
const titles = new Set(passages.map((p) => p.title));
const rawQuestions = (
  JSON.parse(readFileSync(new URL('2wikimultihopqa.json', dir), 'utf8')) as { supporting_titles: string[] }[]
).filter((q) => q.supporting_titles.every((t) => titles.has(t)));
const files = [
  { name: 'wiki_corpus.json', text: JSON.stringify(passages) },
  { name: 'wiki.json', text: JSON.stringify(rawQuestions) },
];
const K = 20;
const graphRef: ArtifactRef = { corpusId: 'wiki', kind: 'graph', key: 'offline-extractor' };
const bm25Ref: ArtifactRef = { corpusId: 'wiki', kind: 'bm25', key: 'default' };

interface Backend {
  /** A new Stores over the same storage: what the worker gets after a page reload. */
  reopen(): Stores;
  /** Flips one byte of one buffer of a stored artifact behind the store's back. */
  damage(ref: ArtifactRef): Promise<void>;
  close(): Promise<void>;
}

const backends: Record<string, () => Promise<Backend>> = {
  'Dexie (fake-indexeddb)': async () => {
    const idb = new IDBFactory();
    const dbs: HopscopeDb[] = [];
    const open = () => {
      const db = new HopscopeDb('hopscope-artifacts-test', { indexedDB: idb, IDBKeyRange });
      dbs.push(db);
      return db;
    };
    return {
      reopen: () => createDexieStores(open()),
      async damage(ref) {
        const db = open();
        const table = ref.kind === 'graph' ? db.graphs : db.indexes;
        const row = (await table.get([ref.corpusId, ref.key]))!;
        const targets = new Uint8Array(row.buffers.targets ?? row.buffers.docIds!);
        targets[targets.length >> 1]! ^= 0x40;
        await table.put(row);
      },
      async close() {
        for (const db of dbs) db.close();
      },
    };
  },
  'file store': async () => {
    const root = await mkdtemp(join(tmpdir(), 'hopscope-artifacts-'));
    return {
      reopen: () => createFileStores(root),
      async damage(ref) {
        const path = join(root, 'corpora', ref.corpusId, 'artifacts', `${ref.kind}.${ref.key}.bin`);
        const bytes = await readFile(path);
        bytes[bytes.length - 5]! ^= 0x40; // inside the last buffer
        await writeFile(path, bytes);
      },
      close: () => rm(root, { recursive: true, force: true }),
    };
  },
};

/** bm25 and hipporag2 top K of every question, scores included. */
async function rankings(
  rank: (backbone: 'bm25' | 'hipporag2', q: Question) => Promise<Ranked[]>,
  questions: Question[],
) {
  const out: Record<string, Ranked[]> = {};
  for (const q of questions) for (const b of ['bm25', 'hipporag2'] as const) out[`${b}:${q.id}`] = await rank(b, q);
  return out;
}

/** Rankings through the engine, as the page gets them (strategy "single"). */
const engineRank = (engine: ReturnType<typeof createEngine>) => async (backbone: 'bm25' | 'hipporag2', q: Question) => {
  const trace = await engine.run({ datasetId: 'wiki', question: q, backbone, strategy: 'single', k: K });
  const retrieve = trace.events.find((e) => e.type === 'retrieve');
  if (retrieve?.type !== 'retrieve') throw new Error('no retrieve event');
  return retrieve.results;
};

describe.each(Object.keys(backends))('library reopen from stored artifacts: %s', (name) => {
  let backend: Backend;
  let expected: Record<string, Ranked[]>;
  let questions: Question[];
  let importer: ReturnType<typeof createEngine>;

  beforeEach(async () => {
    backend = await backends[name]!();
    importer = createEngine({ stores: backend.reopen() });
    const entry = await importer.importCorpus(files);
    expect(entry.passageCount).toBe(300);
    // The reference: a fresh build in Node from the same passages, as the import builds it.
    const summary = await createEngine({ stores: backend.reopen() }).openCorpus('wiki');
    questions = summary.questions;
    const corpus = { id: 'wiki', name: 'wiki', passages: (await backend.reopen().corpora.getCorpus('wiki'))!.passages };
    const bm25 = createBm25Retriever(corpus.passages);
    const hippo = hippoRag2Over(corpus, { base: bm25, triples: extractTriplesOffline(corpus.passages) });
    expected = await rankings((b, q) => (b === 'bm25' ? bm25 : hippo).retrieve(q.question, K), questions);
    graphBuilds.mockClear();
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await backend.close();
  });

  it('import saves the BM25 snapshot and the graph; a reopen builds neither and ranks exactly as a fresh build', async () => {
    // ... and the backbones built at import: HippoRAG 2's fact index, GraphRAG's communities, RAPTOR's tree,
    // GEAR's triple index.
    expect((await backend.reopen().artifacts.listArtifacts('wiki')).map((r) => `${r.kind}:${r.key}`).sort()).toEqual([
      'backbone:backbone:facts-bm25:offline-extractor:k1=1.2:b=1',
      'backbone:backbone:graphrag:offline-extractor',
      'backbone:backbone:raptor',
      'bm25:default',
      'graph:offline-extractor',
      'triples:offline-extractor',
    ]);
    const bm25Builds = vi.spyOn(Bm25Index, 'build');
    const engine = createEngine({ stores: backend.reopen() });
    const summary = await engine.openCorpus('wiki');
    expect(summary).toMatchObject({ id: 'wiki', passageCount: 300, indexSource: 'storage' });
    expect(summary.notice).toBeUndefined();
    expect(questions.length).toBeGreaterThan(0);
    expect(await rankings(engineRank(engine), questions)).toEqual(expected);
    expect(graphBuilds).not.toHaveBeenCalled();
    // No passage index was built. (HippoRAG 2's fact index, BM25 over the graph's triple strings, is
    // built in memory on the first fact-seeded query and not stored yet: it indexes facts, not the 300 passages.)
    expect(bm25Builds.mock.calls.filter(([docs]) => docs.length === 300)).toEqual([]);
    // The graph view (provenance: predicates per relation edge, mentions) is the one of the imported graph.
    const request = {
      query: questions[0]!.question,
      poolIds: expected[`hipporag2:${questions[0]!.id}`]!.slice(0, 5).map((r) => r.id),
      limit: 40,
    };
    const view = await engine.graphAround('wiki', request);
    expect(view.edges.some((e) => e.kind === 'relation' && e.predicates.length > 0)).toBe(true);
    expect(view).toEqual(await importer.graphAround('wiki', request));
    expect(graphBuilds).not.toHaveBeenCalled();
    // Opened again in the same session: already in memory.
    expect(await engine.openCorpus('wiki')).toMatchObject({ indexSource: 'memory' });
  });

  it('a damaged stored graph is rebuilt once with a notice, stored again, and ranks the same', async () => {
    await backend.damage(graphRef);
    const bm25Builds = vi.spyOn(Bm25Index, 'build');
    const engine = createEngine({ stores: backend.reopen() });
    const summary = await engine.openCorpus('wiki');
    expect(summary.indexSource).toBe('storage');
    expect(summary.notice).toMatch(
      /^graph "offline-extractor" of corpus "wiki" failed its checksum .*damaged or truncated; rebuilding it$/,
    );
    expect(graphBuilds).toHaveBeenCalledTimes(1);
    expect(bm25Builds).not.toHaveBeenCalled();
    expect(await rankings(engineRank(engine), questions)).toEqual(expected);

    // The rebuilt graph was stored: the next reload reads it.
    graphBuilds.mockClear();
    const next = await openStored(backend.reopen(), 'wiki');
    expect(next.notice).toBeUndefined();
    expect(graphBuilds).not.toHaveBeenCalled();
  });

  it('a damaged BM25 snapshot is rebuilt with a notice; the graph still comes from storage', async () => {
    await backend.damage(bm25Ref);
    const bm25Builds = vi.spyOn(Bm25Index, 'build');
    const engine = createEngine({ stores: backend.reopen() });
    const summary = await engine.openCorpus('wiki');
    expect(summary.notice).toMatch(/^bm25 "default" of corpus "wiki" failed its checksum/);
    expect(bm25Builds).toHaveBeenCalledTimes(1);
    expect(graphBuilds).not.toHaveBeenCalled();
    expect(await rankings(engineRank(engine), questions)).toEqual(expected);
  });

  it('a corpus stored without indexes (an earlier version) gets them built and stored, and says so', async () => {
    const stores = backend.reopen();
    for (const ref of [graphRef, bm25Ref]) await stores.artifacts.deleteArtifact(ref);
    const engine = createEngine({ stores: backend.reopen() });
    const summary = await engine.openCorpus('wiki');
    expect(summary.notice).toBe(
      'the BM25 index was not stored (imported by an earlier version); built it and stored it; the graph was not stored (imported by an earlier version); built it and stored it',
    );
    expect(graphBuilds).toHaveBeenCalledTimes(1);
    expect(await rankings(engineRank(engine), questions)).toEqual(expected);
    expect((await openStored(backend.reopen(), 'wiki')).notice).toBeUndefined();
  });

  it('the library lists the triple source from the stored graph', async () => {
    const [entry] = await createEngine({ stores: backend.reopen() }).listLibrary();
    expect(entry?.tripleSource).toMatch(/^offline extractor/);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VectorIndex } from '../../src/core/index/vectors.ts';
import { loadDecodedOrRebuild } from '../../src/core/persist/artifacts.ts';
import {
  BM25_ARTIFACT,
  bm25Artifact,
  bm25SnapshotFromArtifact,
  phraseGraphFromArtifact,
  PHRASE_GRAPH_ARTIFACT,
  vectorIndexFromArtifact,
  vectorsArtifact,
  VECTORS_ARTIFACT,
} from '../../src/core/persist/codecs.ts';
import { Bm25Index } from '../../src/core/index/bm25.ts';
import { bm25RetrieverFromIndex, createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { StorageQuotaError, type Stores } from '../../src/core/persist/ports.ts';
import type { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { corpusA, graphA, graphArtifactA, openTestDb, rebuildGraphA, trace, triplesA } from './helpers.ts';

describe('Dexie stores', () => {
  let db: HopscopeDb;
  let stores: Stores;
  beforeEach(() => {
    db = openTestDb();
    stores = createDexieStores(db);
  });
  afterEach(() => db.close());

  it('saves a corpus with its triples and artifacts, lists it and reads it back in order', async () => {
    const vectors = new VectorIndex(Float32Array.of(1, 0, 0, 1, 0.6, 0.8), 2);
    const summary = await stores.corpora.saveCorpus({
      corpus: corpusA,
      source: 'a.json',
      triples: [triplesA],
      artifacts: [
        { kind: 'graph', key: 'openie-file', ...graphArtifactA() },
        { kind: 'vectors', key: 'tiny-minilm', ...vectorsArtifact(vectors, 'tiny-minilm', 3) },
      ],
    });
    expect(summary).toMatchObject({ id: 'a', name: 'Corpus A', passageCount: 3, source: 'a.json' });
    expect(await stores.corpora.listCorpora()).toEqual([summary]);
    expect(await stores.corpora.getCorpus('a')).toEqual(corpusA);
    expect(await stores.corpora.getTriples('a')).toEqual([triplesA]);
    const g = await stores.artifacts.getArtifact(
      { corpusId: 'a', kind: 'graph', key: 'openie-file' },
      PHRASE_GRAPH_ARTIFACT,
    );
    expect(g.status).toBe('ok');
    if (g.status === 'ok') expect(phraseGraphFromArtifact(g.artifact).graph.csr).toEqual(graphA().csr);
    const v = await stores.artifacts.getArtifact(
      { corpusId: 'a', kind: 'vectors', key: 'tiny-minilm' },
      VECTORS_ARTIFACT,
    );
    if (v.status !== 'ok') throw new Error(`vectors ${v.status}`);
    expect(Array.from(vectorIndexFromArtifact(v.artifact).data)).toEqual(Array.from(vectors.data));
  });

  it('deleting a corpus deletes everything derived from it, and nothing of another corpus', async () => {
    await stores.corpora.saveCorpus({
      corpus: corpusA,
      triples: [triplesA],
      artifacts: [{ kind: 'graph', key: 'g', ...graphArtifactA() }],
    });
    await stores.corpora.saveCorpus({
      corpus: { ...corpusA, id: 'b', name: 'B' },
      artifacts: [{ kind: 'graph', key: 'g', ...graphArtifactA() }],
    });
    await stores.runs.putRun(trace('r1', 'a', '2026-01-01T00:00:00Z'));
    await stores.runs.putRun(trace('r2', 'b', '2026-01-02T00:00:00Z'));
    await stores.llmCache.put(
      'k-a',
      { text: 'x', usage: { prompt: 1, completion: 1, total: 2 }, provider: 'p', model: 'm', createdAt: 'now' },
      { corpusId: 'a' },
    );
    await stores.llmCache.put('k-global', {
      text: 'y',
      usage: { prompt: 1, completion: 1, total: 2 },
      provider: 'p',
      model: 'm',
      createdAt: 'now',
    });
    await stores.corpora.deleteCorpus('a');
    expect((await stores.corpora.listCorpora()).map((c) => c.id)).toEqual(['b']);
    expect(await db.passages.where('corpusId').equals('a').count()).toBe(0);
    expect(await db.triples.count()).toBe(0);
    expect(await stores.artifacts.listArtifacts('a')).toEqual([]);
    expect(await stores.artifacts.listArtifacts('b')).toEqual([{ corpusId: 'b', kind: 'graph', key: 'g' }]);
    expect((await stores.runs.listRuns()).map((r) => r.id)).toEqual(['r2']);
    expect(await stores.llmCache.get('k-a')).toBeUndefined();
    expect(await stores.llmCache.get('k-global')).toBeDefined();
  });

  it('saving a corpus again replaces it (no stale passages or artifacts left)', async () => {
    await stores.corpora.saveCorpus({
      corpus: corpusA,
      artifacts: [{ kind: 'graph', key: 'old', ...graphArtifactA() }],
    });
    await stores.corpora.saveCorpus({ corpus: { ...corpusA, passages: corpusA.passages.slice(0, 1) } });
    expect((await stores.corpora.getCorpus('a'))?.passages).toHaveLength(1);
    expect(await stores.artifacts.listArtifacts('a')).toEqual([]);
  });

  it('an import that fails half-way leaves nothing behind, and quota errors say what to do', async () => {
    // Fake a full disk: the third passage write throws the DOMException browsers throw.
    let writes = 0;
    db.passages.hook('creating', () => {
      if (++writes === 3) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const err = await stores.corpora.saveCorpus({ corpus: corpusA, triples: [triplesA] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageQuotaError);
    expect((err as Error).message).toMatch(
      /^storage: not enough storage space to save corpus "Corpus A" \(3 passages\).*delete a corpus or old runs.*Nothing was saved\.$/,
    );
    expect(await stores.corpora.listCorpora()).toEqual([]);
    expect(await db.passages.count()).toBe(0);
    expect(await db.triples.count()).toBe(0);
  });

  it('a corrupted or truncated stored graph is detected and rebuilt with a message, never used', async () => {
    const ref = { corpusId: 'a', kind: 'graph', key: 'openie-file' } as const;
    await stores.artifacts.putArtifact({ ...ref, ...graphArtifactA() });
    // flip one weight byte in the stored row
    const row = (await db.graphs.get(['a', 'openie-file']))!;
    const bytes = new Uint8Array(row.buffers.weights as ArrayBuffer);
    bytes[0] = (bytes[0] as number) ^ 0xff;
    await db.graphs.put(row);
    const corrupt = await stores.artifacts.getArtifact(ref, PHRASE_GRAPH_ARTIFACT);
    expect(corrupt).toMatchObject({ status: 'corrupt' });
    if (corrupt.status === 'corrupt')
      expect(corrupt.reason).toMatch(
        /graph "openie-file" of corpus "a" failed its checksum \(stored fnv1a32:[0-9a-f]{8}, computed fnv1a32:[0-9a-f]{8}\)/,
      );

    const messages: string[] = [];
    let rebuilds = 0;
    const load = (onMessage?: (m: string) => void) =>
      loadDecodedOrRebuild(
        stores.artifacts,
        ref,
        PHRASE_GRAPH_ARTIFACT,
        phraseGraphFromArtifact,
        async () => (rebuilds++, rebuildGraphA()),
        onMessage,
      );
    const first = await load((m) => messages.push(m));
    expect(first.fromStore).toBe(false);
    expect(messages[0]).toMatch(/failed its checksum.*; rebuilding it$/);
    const rebuilt = await stores.artifacts.getArtifact(ref, PHRASE_GRAPH_ARTIFACT);
    if (rebuilt.status !== 'ok') throw new Error(`graph ${rebuilt.status}`);
    expect(phraseGraphFromArtifact(rebuilt.artifact).graph.csr).toEqual(graphA().csr);
    // truncation: a buffer cut short is caught the same way
    const again = (await db.graphs.get(['a', 'openie-file']))!;
    again.buffers.targets = (again.buffers.targets as ArrayBuffer).slice(0, 8);
    await db.graphs.put(again);
    expect((await stores.artifacts.getArtifact(ref, PHRASE_GRAPH_ARTIFACT)).status).toBe('corrupt');
    await load();
    // now intact: used from the store without rebuilding
    const third = await load();
    expect(third.fromStore).toBe(true);
    expect(rebuilds).toBe(2);
  });

  it('a stored artifact of another format version is stale, not mis-read', async () => {
    const ref = { corpusId: 'a', kind: 'graph', key: 'g' } as const;
    await stores.artifacts.putArtifact({ ...ref, ...graphArtifactA(), formatVersion: 0 });
    expect(await stores.artifacts.getArtifact(ref, PHRASE_GRAPH_ARTIFACT)).toEqual({
      status: 'stale',
      reason: 'graph "g" of corpus "a" is format version 0, this build reads 1',
    });
    expect(await stores.artifacts.getArtifact({ ...ref, key: 'none' }, PHRASE_GRAPH_ARTIFACT)).toEqual({
      status: 'missing',
    });
  });

  it('runs, settings and the LLM cache round-trip', async () => {
    await stores.runs.putRun(trace('r2', 'a', '2026-01-02T00:00:00Z'));
    await stores.runs.putRun(trace('r1', 'a', '2026-01-01T00:00:00Z'));
    expect((await stores.runs.listRuns('a')).map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(await stores.runs.getRun('r1')).toEqual(trace('r1', 'a', '2026-01-01T00:00:00Z'));
    await stores.runs.deleteRun('r1');
    expect(await stores.runs.getRun('r1')).toBeUndefined();
    await stores.settings.putSetting('embed.model', { id: 'tiny-minilm' });
    expect(await stores.settings.getSetting('embed.model')).toEqual({ id: 'tiny-minilm' });
    const reply = {
      text: 'ok',
      usage: { prompt: 1, completion: 2, total: 3 },
      provider: 'p',
      model: 'm',
      createdAt: 't',
    };
    await stores.llmCache.put('k', reply);
    expect(await stores.llmCache.get('k')).toEqual(reply);
    await stores.llmCache.clear();
    expect(await stores.llmCache.get('k')).toBeUndefined();
  });
});

describe('BM25 snapshot through the artifact store', () => {
  it('a stored BM25 index answers exactly like the one it was made from', async () => {
    const db = openTestDb();
    const stores = createDexieStores(db);
    const built = createBm25Retriever(corpusA.passages);
    await stores.artifacts.putArtifact({
      corpusId: 'a',
      kind: 'bm25',
      key: 'default',
      ...bm25Artifact(built.index.toSnapshot()),
    });
    const back = await stores.artifacts.getArtifact({ corpusId: 'a', kind: 'bm25', key: 'default' }, BM25_ARTIFACT);
    if (back.status !== 'ok') throw new Error(`bm25 ${back.status}`);
    const restored = bm25RetrieverFromIndex(Bm25Index.fromSnapshot(bm25SnapshotFromArtifact(back.artifact)));
    expect(await restored.retrieve('polonium Curie', 3)).toEqual(await built.retrieve('polonium Curie', 3));
    db.close();
  });
});

// The engine worker's logic, called in-process on the real demo files: the dataset loads through the
// importer, rankings equal the core BM25 retriever's, and the "single" run streams a valid trace.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { traceSchema, type TraceEvent } from '../../src/core/trace/schema.ts';
import { HopscopeError } from '../../src/core/errors.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const dataset = loadDataset('demo', files);
const reference = createBm25Retriever(dataset.corpus.passages);

describe('engine', () => {
  it('loads the demo and ranks like core BM25, with titles and text', async () => {
    const engine = createEngine();
    const summary = await engine.loadDataset('demo', files);
    expect(summary).toMatchObject({
      id: 'demo',
      passageCount: dataset.corpus.passages.length,
      questions: dataset.questions,
    });
    const query = dataset.questions[0]!.question;
    const ranked = await engine.retrieve('demo', query, 5);
    expect(ranked.map((r) => r.id)).toEqual((await reference.retrieve(query, 5)).map((r) => r.id));
    const first = dataset.corpus.passages.find((p) => p.id === ranked[0]!.id)!;
    expect(ranked[0]).toMatchObject({ rank: 1, title: first.title, text: first.text });
  });

  it('streams a schema-valid single-retrieval trace whose pool is the BM25 ranking', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const question = dataset.questions[1]!;
    const seen: TraceEvent[] = [];
    const trace = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'single', k: 10 }, (e) =>
      seen.push(e),
    );
    expect(traceSchema.parse(trace)).toEqual(trace);
    expect(seen).toEqual(trace.events);
    expect(seen.map((e) => e.type)).toEqual(['round.start', 'retrieve', 'pool']);
    const pool = seen.find((e) => e.type === 'pool');
    expect(pool?.type === 'pool' && pool.pool.map((p) => p.id)).toEqual(
      (await reference.retrieve(question.question, 10)).map((r) => r.id),
    );
  });

  it('names the missing dataset, an unknown passage and an empty query', async () => {
    const engine = createEngine();
    await expect(engine.retrieve('nope', 'x', 3)).rejects.toThrow(/dataset "nope" is not loaded/);
    await engine.loadDataset('demo', files);
    await expect(engine.passages('demo', ['no-such-id'])).rejects.toThrow(HopscopeError);
    await expect(engine.retrieve('demo', '  ', 3)).rejects.toThrow(/query is empty/);
  });

  it('reports a malformed corpus file with the importer error', async () => {
    const engine = createEngine();
    await expect(
      engine.loadDataset('bad', [{ name: 'x_corpus.json', text: '[{"title": 1}]' }, files[1]!]),
    ).rejects.toThrow(/x_corpus\.json/);
  });
});

describe('engine graph', () => {
  it('builds the question subgraph with the pool passages, PPR mass and a finite layout', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const question = dataset.questions[0]!;
    const poolIds = question.gold;
    const view = await engine.graphAround('demo', { query: question.question, poolIds, limit: 60 });
    const passages = view.nodes.filter((n) => n.kind === 'passage');
    for (const id of poolIds) expect(passages.find((n) => n.label === id)).toMatchObject({ inPool: true });
    expect(view.nodes.length).toBeLessThanOrEqual(60);
    expect(passages.every((n) => n.ppr !== null && n.ppr >= 0)).toBe(true);
    expect(passages.some((n) => (n.ppr ?? 0) > 0)).toBe(true);
    expect(view.nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y))).toBe(true);
    const keys = new Set(view.nodes.map((n) => n.key));
    expect(view.edges.every((e) => keys.has(e.source) && keys.has(e.target))).toBe(true);
    expect(view.tripleSource).toMatch(/offline extractor/);
    // fact seeding's lexical fact scorer is labelled as the stand-in it is
    expect(view.seedSource).toMatch(/^retrieved facts, scored by BM25 over triple strings .*stand-in/);
  });
});

describe('engine runs on the hipporag2 backbone', () => {
  it('ranks with PPR over the offline graph and labels the trace', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const question = dataset.questions[2]!;
    const trace = await engine.run({ datasetId: 'demo', question, backbone: 'hipporag2', strategy: 'single', k: 10 });
    expect(trace.retriever).toBe('hipporag2');
    expect(trace.options).toMatchObject({ triples: expect.stringMatching(/^offline extractor/), seededBy: 'bm25' });
    const pool = trace.events.find((e) => e.type === 'pool');
    expect(pool?.type === 'pool' && pool.pool.length).toBe(10);
    await expect(
      engine.run({ datasetId: 'demo', question, backbone: 'nope' as 'bm25', strategy: 'single', k: 5 }),
    ).rejects.toThrow(/backbone "nope"/);
  });
});

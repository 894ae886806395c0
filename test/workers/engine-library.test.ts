// The engine's corpus library over real data (2WikiMultihopQA corpus + questions from ../shared/data)
// and a fake IndexedDB: stage progress in order, persisted and reopened by a fresh engine (as after a
// reload), cancel, importer errors naming the record, and delete.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { createEngine } from '../../src/engine/engine.ts';
import type { ImportProgress } from '../../src/engine/engine-api.ts';

const dir = new URL('../../../shared/data/2wikimultihopqa/', import.meta.url);
const corpusText = readFileSync(new URL('2wikimultihopqa_corpus.json', dir), 'utf8');
// A slice keeps the test fast: the first 300 passages, and the questions whose gold they hold.
const passages = (JSON.parse(corpusText) as { title: string; text: string }[]).slice(0, 300);
const titles = new Set(passages.map((p) => p.title));
const questions = (
  JSON.parse(readFileSync(new URL('2wikimultihopqa.json', dir), 'utf8')) as { supporting_titles: string[] }[]
).filter((q) => q.supporting_titles.every((t) => titles.has(t)));
const files = [
  { name: 'wiki_corpus.json', text: JSON.stringify(passages) },
  { name: 'wiki.json', text: JSON.stringify(questions) },
];

const storesOn = (idb: IDBFactory) =>
  createDexieStores(new HopscopeDb('hopscope-engine-test', { indexedDB: idb, IDBKeyRange }));

describe('engine library', () => {
  it('imports with stage progress, persists, and a fresh engine reopens it', async () => {
    const idb = new IDBFactory();
    const engine = createEngine({ stores: storesOn(idb) });
    expect(questions.length).toBeGreaterThan(0); // precondition on the slice
    const seen: ImportProgress[] = [];
    const entry = await engine.importCorpus(files, (p) => seen.push(p));
    expect(entry).toMatchObject({ id: 'wiki', passageCount: 300, questionCount: questions.length, builtIn: false });
    expect(entry.tripleSource).toMatch(/offline extractor/);
    const finished = seen.filter((p) => p.state !== 'running').map((p) => `${p.stage}:${p.state}`);
    expect(finished).toEqual([
      'parse:done',
      'bm25:done',
      'triples:done',
      'graph:done',
      'save:done',
      'backbones:done',
      'embeddings:skipped',
    ]);
    expect(seen.some((p) => p.stage === 'triples' && p.state === 'running' && p.fraction > 0 && p.fraction < 1)).toBe(
      true,
    );

    // "Reload": a new engine over the same database.
    const again = createEngine({ stores: storesOn(idb) });
    expect((await again.listLibrary()).map((e) => [e.id, e.passageCount, e.questionCount])).toEqual([
      ['wiki', 300, questions.length],
    ]);
    const summary = await again.openCorpus('wiki');
    expect(summary.passageCount).toBe(300);
    expect(summary.questions.length).toBe(questions.length);
    const q = summary.questions[0]!;
    const trace = await again.run({ datasetId: 'wiki', question: q, backbone: 'hipporag2', strategy: 'single', k: 5 });
    expect(trace.events.some((e) => e.type === 'pool')).toBe(true);

    await again.deleteCorpus('wiki');
    expect(await again.listLibrary()).toEqual([]);
    await expect(again.openCorpus('wiki')).rejects.toThrow(/not in this browser's storage/);
  });

  it('names the file and record of a malformed corpus, and stores nothing', async () => {
    const idb = new IDBFactory();
    const engine = createEngine({ stores: storesOn(idb) });
    const broken = JSON.stringify([...passages.slice(0, 3), { title: 'no text' }]);
    await expect(engine.importCorpus([{ name: 'bad_corpus.json', text: broken }])).rejects.toThrow(
      /bad_corpus\.json, record 3/,
    );
    expect(await engine.listLibrary()).toEqual([]);
  });

  it('cancel stops the import before it is saved', async () => {
    const idb = new IDBFactory();
    const engine = createEngine({ stores: storesOn(idb) });
    const pending = engine.importCorpus([files[0]!], (p) => {
      if (p.stage === 'bm25' && p.state === 'done') engine.cancelImport();
    });
    await expect(pending).rejects.toThrow(/aborted/);
    expect(await engine.listLibrary()).toEqual([]);
  });

  it('without storage the library says why it cannot work', async () => {
    await expect(createEngine().listLibrary()).rejects.toThrow(/no storage/);
  });
});

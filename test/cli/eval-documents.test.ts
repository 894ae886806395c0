/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// `npm run eval -- --dataset <folder of documents> --questions q.jsonl --retriever bm25 --k 2,5`: PDF, Word,
// HTML and Markdown files written by the test, a corrupt PDF among them (named in a warning, the rest runs).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { HARBOUR_QUESTIONS, harbourFolder, makeCorruptPdf } from '../../harness/documents.ts';

async function run(argv: string[]) {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t + '\n'),
    err: (t: string) => void (io.stderr += t + '\n'),
  } satisfies Io & Record<string, unknown>;
  const code = await main(argv, io);
  return { code, ...io };
}

let dir: string;
let docs: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-docs-'));
  docs = join(dir, 'harbour');
  await import('node:fs/promises').then((fs) => fs.mkdir(docs));
  for (const f of await harbourFolder()) await writeFile(join(docs, f.name), f.bytes);
  await writeFile(join(docs, 'broken.pdf'), makeCorruptPdf());
  await writeFile(join(dir, 'q.jsonl'), HARBOUR_QUESTIONS);
  await writeFile(join(dir, 'q.txt'), 'Who built the lighthouse at Cape Dorn?\nHow tall is it?\n');
});

describe('eval over a folder of documents', () => {
  it('runs BM25 with a questions file; passages carry heading paths and PDF pages; the corrupt PDF is a warning', async () => {
    const out = join(dir, 'out.json');
    const r = await run([
      '--dataset',
      docs,
      '--questions',
      join(dir, 'q.jsonl'),
      '--retriever',
      'bm25',
      '--k',
      '2,5',
      '--out',
      out,
    ]);
    expect(r.stderr).toContain('warning: broken.pdf: the PDF is damaged and cannot be read');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('over the 2 of 3 questions with gold');
    const json = JSON.parse(await readFile(out, 'utf8')) as Record<string, any>;
    expect(json.summary).toMatchObject({ count: 3, withGold: 2, 'recall@5': 1 });
    const top = json.questions[0].ranking[0];
    expect(top).toMatchObject({
      title: 'Harbour report › 3 Tides › 3.2 Spring tides',
      source: { file: 'harbour-report.pdf', section: ['3 Tides', '3.2 Spring tides'], pages: [3, 3] },
    });
    const titles = json.questions.flatMap((q: any) => q.ranking.map((p: any) => p.title));
    expect(titles).toContain('Engineer biographies › Ada Quillon');
  });

  it('without gold (a .txt questions file) Recall@k is n/a, never 0', async () => {
    const out = join(dir, 'nogold.json');
    const r = await run([
      '--dataset',
      docs,
      '--questions',
      join(dir, 'q.txt'),
      '--retriever',
      'bm25',
      '--k',
      '2',
      '--chunk-words',
      '50',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('n/a');
    const json = JSON.parse(await readFile(out, 'utf8')) as Record<string, any>;
    expect(json.summary['recall@2']).toBeNull();
    expect(json.summary['allGold@2']).toBeNull();
  });

  it('runs a strategy over the documents (BDTR, offline thinker)', async () => {
    const out = join(dir, 'bdtr.json');
    const r = await run([
      '--dataset',
      docs,
      '--questions',
      join(dir, 'q.jsonl'),
      '--retriever',
      'bm25',
      '--strategy',
      'bdtr',
      '--llm',
      'offline',
      '--k',
      '5',
      '--limit',
      '1',
      '--cache-dir',
      'off',
      '--out',
      out,
    ]);
    expect(r.stderr).not.toMatch(/Error:/);
    expect(r.code).toBe(0);
    const json = JSON.parse(await readFile(out, 'utf8')) as Record<string, any>;
    expect(JSON.stringify(json)).toContain('recall@5');
  });

  it('reports reading progress per file, and an abort while reading exits 130 before any question', async () => {
    const r = await run(['--dataset', docs, '--questions', join(dir, 'q.jsonl'), '--retriever', 'bm25', '--k', '2']);
    expect(r.stderr).toContain('reading harbour-report.pdf (3 of 5)');
    const controller = new AbortController();
    controller.abort();
    const io = {
      stdout: '',
      stderr: '',
      out: (t: string) => void (io.stdout += t),
      err: (t: string) => void (io.stderr += t),
    };
    const code = await main(
      ['--dataset', docs, '--questions', join(dir, 'q.jsonl'), '--retriever', 'bm25'],
      io,
      controller.signal,
    );
    expect(code).toBe(130);
    expect(io.stderr).toContain('interrupted while reading the dataset: no question ran');
  });

  it('--questions on a benchmark folder, and a gold item naming no passage, are clear errors', async () => {
    const a = await run(['--dataset', 'public/demo', '--questions', join(dir, 'q.txt'), '--retriever', 'bm25']);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--questions and --chunk-words are for a folder of documents');
    await writeFile(join(dir, 'bad.jsonl'), '{"question": "x", "gold": ["minutes.pdf"]}\n');
    const b = await run(['--dataset', docs, '--questions', join(dir, 'bad.jsonl'), '--retriever', 'bm25']);
    expect(b.code).not.toBe(0);
    expect(b.stderr).toContain('"minutes.pdf" names no imported passage');
  });
});

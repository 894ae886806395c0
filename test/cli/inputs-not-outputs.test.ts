// Inputs are never outputs: --out naming any input file, or an output inside an input folder (--traces
// equal to or inside the dataset folder), exits 2 before anything runs, and the input is byte for byte
// unchanged; links are resolved, so another spelling of the same file is caught too.
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realPathOf, within } from '../../src/cli/path-overlap.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch, TINY_TEXTS, writeTinyDataset } from '../support/scratch.ts';

const scratchDir = scratch('inputs');
const fresh = scratchDir.fresh;

const dataset = async () => writeTinyDataset(await fresh('data'));

/** Every file under `dir` with its content, to compare before and after. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) out[join(e.parentPath, e.name)] = await readFile(join(e.parentPath, e.name), 'utf8');
  return out;
}

describe('an output that is or lies inside an input exits 2 before anything runs', () => {
  const offline = (data: string) => [
    '--dataset',
    data,
    '--retriever',
    'bm25',
    '--strategy',
    'static',
    '--llm',
    'offline',
  ];

  it('--out naming the question file', async () => {
    const data = await dataset();
    const before = await snapshot(data);
    const r = await run([...offline(data), '--out', join(data, 'questions.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--out');
    expect(r.stderr).toContain('the dataset folder');
    expect(await snapshot(data)).toEqual(before);
  });

  it('--out naming a new file inside the dataset folder (the loader reads every JSON file there)', async () => {
    const data = await dataset();
    const before = await snapshot(data);
    expect((await run([...offline(data), '--out', join(data, 'results.json')])).code).toBe(2);
    expect(await snapshot(data)).toEqual(before);
  });

  it.each([
    ['equal to', (d: string) => d],
    ['inside', (d: string) => join(d, 'traces')],
  ])('--traces %s the dataset folder', async (_how, where) => {
    const data = await dataset();
    const before = await snapshot(data);
    const r = await run([...offline(data), '--traces', where(data)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--traces');
    expect(await snapshot(data)).toEqual(before);
    expect(await readdir(data)).toEqual(['corpus.json', 'questions.json']); // no folder made, no probe left
  });

  it('--out naming the --openie file, reached through a link', async () => {
    const data = await dataset();
    const dir = await fresh('openie');
    const file = join(dir, 'openie.json');
    const docs = TINY_TEXTS.map((text, i) => ({
      passage: `Doc ${i}\n${text}`,
      extracted_entities: [],
      extracted_triples: [['Varna', 'city of', 'Bulgaria']],
    }));
    await writeFile(file, JSON.stringify({ docs }));
    await symlink(file, join(dir, 'link.json'));
    const before = await readFile(file, 'utf8');
    const r = await run([
      '--dataset',
      data,
      '--retriever',
      'hipporag2',
      '--openie',
      file,
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--out',
      join(dir, 'link.json'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is the --openie file');
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('--retrieval-memo naming the --query-ner file', async () => {
    const data = await dataset();
    const ner = join(await fresh('ner'), 'q.tsv');
    await writeFile(ner, 'query\ttriples\n');
    const r = await run([
      '--dataset',
      data,
      '--retriever',
      'hipporag2',
      '--query-ner',
      ner,
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--retrieval-memo',
      ner,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--query-ner');
    expect(await readFile(ner, 'utf8')).toBe('query\ttriples\n');
  });

  it('--out naming the --predictions file', async () => {
    const data = await dataset();
    const preds = join(await fresh('preds'), 'p.json');
    await writeFile(preds, JSON.stringify({ q1: 'Bulgaria' }));
    const r = await run(['--dataset', data, '--predictions', preds, '--out', preds]);
    expect(r.code).toBe(2);
    expect(await readFile(preds, 'utf8')).toBe(JSON.stringify({ q1: 'Bulgaria' }));
  });

  it('--traces equal to the --llm replay: folder, and --out inside --score-traces', async () => {
    const data = await dataset();
    const traces = await fresh('traces');
    expect((await run([...offline(data), '--traces', traces])).code).toBe(0);
    const before = await snapshot(traces);
    const replay = await run([
      '--dataset',
      data,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      '--llm',
      `replay:${traces}`,
      '--traces',
      traces,
    ]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('--llm replay:');
    const scored = await run(['--dataset', data, '--score-traces', traces, '--out', join(traces, 'scores.json')]);
    expect(scored.code).toBe(2);
    expect(await snapshot(traces)).toEqual(before);
  });

  it('an output beside the inputs is fine', async () => {
    const data = await dataset();
    const out = join(await fresh('out'), 'r.json');
    expect((await run([...offline(data), '--out', out, '--traces', join(out, '..', 'traces')])).code).toBe(0);
  });
});

describe('real paths', () => {
  it('a path that does not exist yet resolves through its nearest existing folder and its links', async () => {
    const dir = await fresh('real');
    await mkdir(join(dir, 'a'));
    await symlink(join(dir, 'a'), join(dir, 'b'));
    expect(await realPathOf(join(dir, 'b', 'x', 'y.json'))).toBe(join(await realPathOf(join(dir, 'a')), 'x', 'y.json'));
    expect(within('/a/b/c', '/a/b')).toBe(true);
    expect(within('/a/b', '/a/b')).toBe(true);
    expect(within('/a/bc', '/a/b')).toBe(false);
  });
});

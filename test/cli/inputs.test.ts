// Everything the CLI reads back is validated like a dataset file: --score-traces takes regular files only
// (a folder or a FIFO named *.json is refused without opening it, a file over the size cap is refused
// unread), refuses a copy of a trace and traces of questions the dataset does not hold; every input file
// (trace, OpenIE, predictions) is strict UTF-8 with a BOM accepted.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES } from '../../src/cli/text-input.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch } from '../support/scratch.ts';

const DEMO = 'public/demo';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

let traces: string;
const scratchDir = scratch('inputs');
const fresh = scratchDir.fresh;

/** A copy of the two demo traces in a new folder. */
async function folder() {
  const d = await fresh('scored');
  for (const f of await readdir(traces)) await copyFile(join(traces, f), join(d, f));
  return d;
}

beforeAll(async () => {
  traces = await fresh('traces');
  const ran = await run([
    '--dataset',
    DEMO,
    '--retriever',
    'bm25',
    '--strategy',
    'static',
    '--llm',
    'offline',
    '--limit',
    '2',
    '--traces',
    traces,
  ]);
  expect(ran.code).toBe(0);
});

describe('--score-traces reads only what it can trust', () => {
  const score = (dir: string) => run(['--dataset', DEMO, '--score-traces', dir, '--k', '2']);

  it('the folder as written scores', async () => {
    const r = await score(await folder());
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('2 traces read');
  });

  it('a copy of a trace under another name is refused, naming both files', async () => {
    const d = await folder();
    const [first] = (await readdir(d)).sort();
    await copyFile(join(d, first!), join(d, `zz-copy-of-${first}`));
    const r = await score(d);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a second trace of question');
    expect(r.stderr).toContain(`zz-copy-of-${first}`);
  });

  it('traces of questions another dataset holds are refused', async () => {
    const other = await fresh('other');
    await writeFile(join(other, 'corpus.json'), JSON.stringify([{ title: 'A', text: 'a' }]));
    await writeFile(
      join(other, 'questions.json'),
      JSON.stringify([{ _id: 'nope', question: 'q?', answer: 'a', supporting_titles: ['A'] }]),
    );
    const r = await run(['--dataset', other, '--score-traces', await folder()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('traces of another dataset?');
  });

  it.each([
    ['a folder named *.json', (p: string) => mkdir(p), 'expected a file, but this is a folder'],
    [
      'a FIFO named *.json (never opened, so nothing hangs)',
      async (p: string) => execFileSync('mkfifo', [p]),
      'not a regular file',
    ],
    [
      'a file over the size cap (refused unread)',
      (p: string) => writeFile(p, '').then(() => truncate(p, MAX_INPUT_BYTES + 1)),
      'is more than',
    ],
    [
      'invalid UTF-8',
      (p: string) => writeFile(p, Buffer.from([0x7b, 0xff, 0x7d])),
      'invalid byte sequence at byte offset 1',
    ],
  ])('%s: exit 1 naming the file', async (_, make, message) => {
    const d = await folder();
    const p = join(d, 'zz.json');
    await make(p);
    const r = await score(d);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(p);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain('internal error');
  });

  it('a trace with a byte-order mark is read', async () => {
    const d = await folder();
    const [first] = (await readdir(d)).sort();
    await writeFile(join(d, first!), Buffer.concat([BOM, await readFile(join(d, first!))]));
    expect((await score(d)).code).toBe(0);
  });

  it('a string trace version says it is a string', async () => {
    const [first] = (await readdir(traces)).sort();
    const t = JSON.parse(await readFile(join(traces, first!), 'utf8')) as Record<string, unknown>;
    expect(() => loadTrace({ ...t, version: '2' }, 'x.json')).toThrow(
      'trace version "2" (a string, expected a number)',
    );
  });
});

describe('OpenIE and predictions files: strict UTF-8, a BOM accepted', () => {
  async function openie(dir: string, bytes: (json: string) => Buffer) {
    const data = await fresh('data');
    await writeFile(join(data, 'corpus.json'), JSON.stringify([{ title: 'A', text: 'Alba lies in Varna.' }]));
    await writeFile(
      join(data, 'questions.json'),
      JSON.stringify([{ _id: 'q', question: 'Where is Alba?', answer: 'Varna', supporting_titles: ['A'] }]),
    );
    const file = join(dir, 'openie.json');
    const doc = {
      docs: [
        {
          passage: 'A\nAlba lies in Varna.',
          extracted_entities: [],
          extracted_triples: [['Alba', 'lies in', 'Varna']],
        },
      ],
    };
    await writeFile(file, bytes(JSON.stringify(doc)));
    return run(['--dataset', data, '--retriever', 'hipporag2', '--openie', file, '--k', '1']);
  }

  it('an OpenIE file with a BOM is read', async () => {
    const r = await openie(await fresh('oie'), (j) => Buffer.concat([BOM, Buffer.from(j)]));
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('triples: 1 from');
  });

  it('an OpenIE file with invalid UTF-8 is an error naming it, not silently replaced', async () => {
    const dir = await fresh('oie');
    const r = await openie(
      dir,
      (j) => Buffer.from(j.replace('Varna', 'Varn\u00e1')).map((b) => (b === 0xc3 ? 0xff : b)) as Buffer,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(join(dir, 'openie.json'));
    expect(r.stderr).toContain('invalid byte sequence');
  });

  it('a predictions file with a BOM is read', async () => {
    const dir = await fresh('pred');
    const file = join(dir, 'p.json');
    await writeFile(file, Buffer.concat([BOM, Buffer.from(JSON.stringify({}))]));
    const r = await run(['--dataset', DEMO, '--predictions', file]);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
  });
});

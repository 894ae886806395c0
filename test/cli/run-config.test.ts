/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely */
// One description of a run's configuration: every option that changes a retrieval or an answer keeps a
// rerun from reusing traces made without it, options that change nothing reuse them all, and the
// retrieval memo is keyed on corpus content and validated on read.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch } from '../support/scratch.ts';

const scratchDir = scratch('run-config');
const fresh = scratchDir.fresh;

const TEXTS = [
  'Alba Castle stands in Varna, a port city on the Black Sea.',
  'Varna is the third largest city of Bulgaria and lies on the coast.',
  'Bruno Lenz was born in Alba Castle and later moved to Vienna.',
  'Vienna is the capital of Austria and lies on the Danube.',
];

async function dataset(texts = TEXTS) {
  const dir = await fresh('data');
  const corpus = texts.map((text, i) => ({ title: `Doc ${i}`, text }));
  await writeFile(join(dir, 'corpus.json'), JSON.stringify(corpus));
  const questions = [
    {
      _id: 'q1',
      question: 'In which country is the city of Alba Castle?',
      answer: 'Bulgaria',
      supporting_titles: ['Doc 0', 'Doc 1'],
    },
    {
      _id: 'q2',
      question: 'Where did the man born in Alba Castle move?',
      answer: 'Vienna',
      supporting_titles: ['Doc 2', 'Doc 3'],
    },
  ];
  await writeFile(join(dir, 'questions.json'), JSON.stringify(questions));
  return dir;
}

/** A HippoRAG OpenIE file for the corpus above; `variant` changes one triple's object. */
async function openie(dir: string, variant = 'Bulgaria') {
  const file = join(dir, `openie-${variant}.json`);
  const docs = TEXTS.map((text, i) => ({
    passage: `Doc ${i}\n${text}`,
    extracted_entities: [],
    extracted_triples: i === 1 ? [['Varna', 'city of', variant]] : [[`Doc ${i}`, 'mentions', 'Varna']],
  }));
  await writeFile(file, JSON.stringify({ docs }));
  return file;
}

const reusedOf = (stderr: string) =>
  [...stderr.matchAll(/(\d+) finished traces reused/g)].reduce((a, m) => a + Number(m[1]), 0);

describe('the resume key holds every option that changes a retrieval or an answer', () => {
  // [backbone and its flags, the same run with one flag changed, what the change must do]
  const cases: [string, string[], string[], 'not reused' | 'no effect'][] = [
    ['naivege --ge-scorer', ['--retriever', 'naivege'], ['--ge-scorer', 'idf-cosine'], 'not reused'],
    ['naivege --ge-gamma', ['--retriever', 'naivege'], ['--ge-gamma', 'inf'], 'not reused'],
    ['naivege --base', ['--retriever', 'naivege'], ['--base', 'raptor'], 'not reused'],
    ['syncge --ge-scorer', ['--retriever', 'syncge'], ['--ge-scorer', 'idf-cosine'], 'not reused'],
    ['hipporag2 --seed', ['--retriever', 'hipporag2'], ['--seed', 'entities'], 'not reused'],
    ['hipporag2 --base', ['--retriever', 'hipporag2'], ['--base', 'raptor'], 'not reused'],
    ['static --concurrency', ['--retriever', 'bm25'], ['--concurrency', '2'], 'no effect'],
    ['graphrag --base (graphrag has no base)', ['--retriever', 'graphrag'], ['--base', 'raptor'], 'no effect'],
    ['bm25 --k and --limit', ['--retriever', 'bm25'], ['--k', '1,2', '--limit', '2'], 'no effect'],
  ];
  it.each(cases)('%s', async (_, backbone, change, expected) => {
    const data = await dataset();
    const traces = await fresh('traces');
    const base = ['--dataset', data, ...backbone, '--strategy', 'static', '--llm', 'offline', '--traces', traces];
    expect((await run(base)).code).toBe(0);
    const again = await run([...base, ...change]);
    expect(again.code).toBe(0);
    expect(reusedOf(again.stderr)).toBe(expected === 'no effect' ? 2 : 0);
    if (expected === 'not reused') expect(again.stderr).toContain('another backbone configuration');
  });

  it.each(['naivege', 'syncge', 'graphrag', 'hipporag2'])(
    '%s: another --openie content under the same file name is not reused; the same content under another name is',
    async (retriever) => {
      const data = await dataset();
      const traces = await fresh('traces');
      const dir = await fresh('openie');
      const file = await openie(dir);
      const base = [
        '--dataset',
        data,
        '--retriever',
        retriever,
        '--strategy',
        'static',
        '--llm',
        'offline',
        '--traces',
        traces,
      ];
      expect((await run([...base, '--openie', file])).code).toBe(0);
      const copy = join(await fresh('openie'), 'renamed.json');
      await writeFile(copy, await readFile(file));
      expect(reusedOf((await run([...base, '--openie', copy])).stderr)).toBe(2);
      await writeFile(file, await readFile(await openie(dir, 'Romania')));
      const edited = await run([...base, '--openie', file]);
      expect(reusedOf(edited.stderr)).toBe(0);
      expect(edited.stderr).toContain('another backbone configuration');
    },
  );

  it('a strategy option (--rounds on ircot) is not reused', async () => {
    const data = await dataset();
    const traces = await fresh('traces');
    const base = [
      '--dataset',
      data,
      '--retriever',
      'bm25',
      '--strategy',
      'ircot',
      '--llm',
      'offline',
      '--traces',
      traces,
    ];
    expect((await run([...base, '--rounds', '2'])).code).toBe(0);
    expect(reusedOf((await run([...base, '--rounds', '2'])).stderr)).toBe(2);
    const other = await run([...base, '--rounds', '3']);
    expect(reusedOf(other.stderr)).toBe(0);
    expect(other.stderr).toContain('other options');
  });
});

describe('--retrieval-memo: keyed on the configuration and the corpus content, validated on read', () => {
  const argv = (data: string, memo: string, extra: string[] = []) => [
    '--dataset',
    data,
    '--retriever',
    'naivege',
    '--strategy',
    'static',
    '--llm',
    'offline',
    '--retrieval-memo',
    memo,
    ...extra,
  ];

  it('is reused by the same run, refused after a passage text changed and after a backbone option changed', async () => {
    const data = await dataset();
    const memo = join(await fresh('memo'), 'memo.json');
    expect((await run(argv(data, memo))).code).toBe(0);
    const same = await run(argv(data, memo));
    expect(same.code).toBe(0);
    expect(same.stderr).toMatch(/retrieval memo: [1-9]\d* retrievals loaded/);
    const scorer = await run(argv(data, memo, ['--ge-scorer', 'idf-cosine']));
    expect(scorer.code).toBe(1);
    expect(scorer.stderr).toContain(`${memo}: --retrieval-memo: written for backbone`);
    const corpus = JSON.parse(await readFile(join(data, 'corpus.json'), 'utf8')) as any[];
    corpus[1].text = 'Varna is a city of Romania on the coast.';
    await writeFile(join(data, 'corpus.json'), JSON.stringify(corpus));
    const edited = await run(argv(data, memo));
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('written for corpus');
    expect(edited.stderr).not.toContain('internal error');
  });

  it.each([
    ['entries that are not pairs', (m: any) => ({ ...m, entries: [{ key: 'x' }] }), 'entries.0'],
    [
      'string scores',
      (m: any) => ({ ...m, entries: [['5\u0000q', [{ id: 'p', score: '0.5' }]]] }),
      'entries.0.1.0.score',
    ],
    [
      'items without a kind',
      (m: any) => ({ ...m, itemEntries: [['5\u0000q', { results: [], items: [{ id: 'x' }] }]] }),
      'itemEntries.0.1.items.0',
    ],
    ['a file of an older version', (m: any) => ({ ...m, memo: undefined }), 'not a memo this version writes'],
  ])('%s: a clear error naming the file, exit 1', async (_, damage, where) => {
    const data = await dataset();
    const memo = join(await fresh('memo'), 'memo.json');
    expect((await run(argv(data, memo))).code).toBe(0);
    await writeFile(memo, JSON.stringify(damage(JSON.parse(await readFile(memo, 'utf8')))));
    const r = await run(argv(data, memo));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(memo);
    expect(r.stderr).toContain(where);
    expect(r.stderr).not.toMatch(/internal error|at .*\.ts:\d+/);
  });
});

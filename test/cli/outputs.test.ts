/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely */
// One output registry: every path the CLI writes is checked before the run, --out is written first, and a
// fault in any later write (a folder or a missing parent under --retrieval-memo or --export-ft, traces that
// cannot be written, a cache that cannot be written, a late pass that fails) is a sentence naming the flag
// and the path, never an internal error, and never loses --out. An interrupt after the first regime of a
// --regime run still writes what finished.
import { rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { scratch } from '../support/scratch.ts';

/** Runs the CLI; `hook` sees every stderr line as it is printed (to fault the file system mid-run). */
async function run(argv: string[], hook?: (line: string) => void | Promise<void>, signal?: AbortSignal) {
  const pending: Promise<void>[] = [];
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t + '\n'),
    err: (t: string) => {
      io.stderr += t + '\n';
      const p = hook?.(t);
      if (p) pending.push(p);
    },
  } satisfies Io & { stdout: string; stderr: string };
  const code = await main(argv, io, signal);
  await Promise.all(pending);
  return { code, stdout: io.stdout, stderr: io.stderr };
}
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

const scratchDir = scratch('outputs');
const fresh = scratchDir.fresh;

async function dataset(count = 3) {
  const dir = await fresh('data');
  const corpus = Array.from({ length: count }, (_, i) => ({
    title: `Place ${i}`,
    text: `Place ${i} lies on island number ${i} of the archipelago.`,
  }));
  await writeFile(join(dir, 'corpus.json'), JSON.stringify(corpus));
  const questions = corpus.map((_, i) => ({
    _id: `q${i}`,
    question: `Which island holds Place ${i}?`,
    answer: `island ${i}`,
    supporting_titles: [`Place ${i}`],
  }));
  await writeFile(join(dir, 'questions.json'), JSON.stringify(questions));
  return dir;
}

const offline = (data: string, strategy = 'static') => [
  '--dataset',
  data,
  '--retriever',
  'bm25',
  '--strategy',
  strategy,
  '--llm',
  'offline',
];

describe('every output path is checked before the run (exit 2, nothing run)', () => {
  it.each([
    ['--retrieval-memo', 'a folder', async (d: string) => d, 'is a folder'],
    ['--export-ft', 'a folder', async (d: string) => d, 'is a folder'],
    ['--retrieval-memo', 'a file under /proc', async () => '/proc/hopscope-memo.json', 'system file system'],
    ['--export-ft', 'a file under /proc', async () => '/proc/hopscope-ft.jsonl', 'system file system'],
    [
      '--retrieval-memo',
      'a path under a file',
      async (d: string) => {
        await writeFile(join(d, 'file'), 'x');
        return join(d, 'file', 'memo.json');
      },
      'cannot create the folder',
    ],
  ])('%s as %s', async (flag, _, path, message) => {
    const data = await dataset();
    const target = await path(await fresh('target'));
    // the offline thinker's FT lines are asked for explicitly (--export-ft-offline), so the path is what fails
    const optIn = flag === '--export-ft' ? ['--export-ft-offline'] : [];
    const r = await run([...offline(data, 'dualrag'), ...optIn, flag, target]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${flag}: `);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/passages, \d+ of \d+ questions/); // no data was loaded
  });

  it('--out and --retrieval-memo naming the same file are refused', async () => {
    const data = await dataset();
    const file = join(await fresh('same'), 'x.json');
    const r = await run([...offline(data), '--out', file, '--retrieval-memo', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--out and --retrieval-memo name the same file');
  });
});

describe('a fault after the run never loses --out', () => {
  it.each([
    [
      '--retrieval-memo',
      'is replaced by a folder',
      async (p: string) => void (await mkdir(p, { recursive: true })),
      'it is a folder',
    ],
    [
      '--export-ft',
      'loses its folder',
      (p: string) => rm(join(p, '..'), { recursive: true, force: true }),
      'its folder does not exist',
    ],
  ])('%s that %s mid-run: --out written first, the fault named, exit 1', async (flag, _, fault, reason) => {
    const data = await dataset();
    const dir = await fresh('late');
    const target = join(dir, 'sub', flag === '--export-ft' ? 'ft.jsonl' : 'memo.json');
    const out = join(await fresh('out'), 'out.json');
    const strategy = flag === '--export-ft' ? 'dualrag' : 'static';
    let faulted = false;
    const optIn = flag === '--export-ft' ? ['--export-ft-offline'] : [];
    const r = await run([...offline(data, strategy), ...optIn, flag, target, '--out', out], (line) => {
      if (!faulted && /: 3\/3 questions/.test(line)) {
        faulted = true;
        return fault(target);
      }
    });
    expect(faulted).toBe(true);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${flag}: cannot write "${target}" (${reason}`);
    const json = await readJson(out);
    expect(json.summary.count).toBe(3);
    expect(r.stderr.indexOf(`wrote ${out}`)).toBeLessThan(r.stderr.indexOf(`${flag}: cannot write`));
  });

  it('traces that cannot be written: the run goes on, --out holds every question, the fault is named once, exit 1', async () => {
    const data = await dataset();
    const parent = await fresh('traces');
    const traces = join(parent, 't');
    const out = join(await fresh('out'), 'out.json');
    let faulted = false;
    const r = await run([...offline(data), '--traces', traces, '--out', out], (line) => {
      // Synchronously, between two questions: the next trace finds a file where its folder was.
      if (!faulted && /: 1\/3 questions/.test(line)) {
        faulted = true;
        rmSync(traces, { recursive: true, force: true });
        writeFileSync(traces, 'a file where the traces folder was');
      }
    });
    expect(faulted).toBe(true);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(1);
    expect(r.stderr.match(/--traces: cannot write/g)).toHaveLength(1);
    const json = await readJson(out);
    expect(json.summary.count).toBe(3);
    expect(json.problems[0]).toContain('--traces: cannot write');
  });

  it('--equal-budget with dualrag beside static: --out holds both strategies whatever the budget pass does', async () => {
    const data = await dataset();
    const out = join(await fresh('out'), 'out.json');
    const r = await run([...offline(data, 'static,dualrag'), '--equal-budget', '2', '--out', out]);
    expect(r.stderr).not.toContain('internal error');
    const json = await readJson(out);
    expect(Object.keys(json.strategies)).toEqual(['static', 'dualrag']);
    // A budget pass that fails is named and exits 1; one that runs reports its EM.
    if (r.code === 1) expect(json.problems.join(' ')).toContain('--equal-budget 2 pass failed');
    else expect(json.strategies.dualrag.summary.equalBudget.readerTop).toBe(2);
  });
});

describe('a cache that cannot be written', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterAll(() => server.close());

  it('warns once and the run goes on uncached', async () => {
    const data = await dataset();
    server.setScript(() => ({ content: JSON.stringify({ thought: 't', answer: 'island 1' }) }));
    const cache = await fresh('cache');
    // Every shard name is taken by a file: no entry can be written, though the folder itself is writable.
    for (let i = 0; i < 256; i++) await writeFile(join(cache, i.toString(16).padStart(2, '0')), '');
    const r = await run([
      '--dataset',
      data,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      '--llm',
      'openai',
      '--base-url',
      server.baseURL,
      '--model',
      'test-model',
      '--cache-dir',
      cache,
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(r.stderr.match(/cannot write the LLM cache/g)).toHaveLength(1);
    expect(r.stderr).toContain('the run goes on uncached');
  });
});

describe('an interrupt during a --regime run after the first regime', () => {
  it('writes the finished regime to --out and exits 130', async () => {
    const data = await dataset();
    const out = join(await fresh('out'), 'out.json');
    const stop = new AbortController();
    const r = await run(
      [...offline(data), '--regime', 'iterative,no-context', '--out', out],
      (line) => {
        if (/: 3\/3 questions/.test(line)) stop.abort();
      },
      stop.signal,
    );
    expect(r.stderr).not.toContain('no question scores to summarize');
    expect(r.code).toBe(130);
    const json = await readJson(out);
    expect(Object.keys(json.regimes)).toEqual(['no-context']);
    expect(json.regimes['no-context'].summary.count).toBe(3);
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// Issue 16 in the eval CLI: no swapped results (collision-free trace names, resume only of the same
// question of the same run), no lost work (atomic writes, unreadable traces set aside, outputs checked
// before the run, Ctrl-C writes what finished), every provider reply validated, only parsed replies cached.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceFileName } from '../../src/cli/trace-files.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch } from '../support/scratch.ts';

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

const scratchDir = scratch('trust');
const fresh = scratchDir.fresh;

/** A dataset folder: corpus [{title, text}] and questions with supporting titles. */
async function dataset(ids: string[], texts?: string[]) {
  const dir = await fresh('data');
  const corpus = ids.map((_, i) => ({
    title: `Place ${i}`,
    text: texts?.[i] ?? `Place ${i} lies on island number ${i} of the archipelago.`,
  }));
  await writeFile(join(dir, 'corpus.json'), JSON.stringify(corpus));
  await writeFile(
    join(dir, 'questions.json'),
    JSON.stringify(
      ids.map((id, i) => ({
        _id: id,
        question: `Which island holds Place ${i}?`,
        answer: `island ${i}`,
        supporting_titles: [`Place ${i}`],
      })),
    ),
  );
  return dir;
}

describe('traces: collision-free names and a resume that checks what the trace was made with', () => {
  const ids = ['x/1', 'x_1', 'x 1', 'X/1', 'île', '..', 'a'.repeat(300)];

  it('ids that escape alike, differ by case or are not ASCII get their own trace files, and each resumes as itself', async () => {
    expect(new Set(ids.map((id) => traceFileName(id).toLowerCase())).size).toBe(ids.length);
    const data = await dataset(ids);
    const traces = await fresh('traces');
    const argv = [
      '--dataset',
      data,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--k',
      '1',
      '--traces',
      traces,
    ];
    expect((await run(argv)).code).toBe(0);
    const files = (await readdir(traces)).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(ids.length);
    for (const f of files) expect(f.length).toBeLessThan(120);
    const again = await run([...argv, '--out', join(traces, '..', 'again.json')]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`${ids.length} finished traces reused`);
    const json = await readJson(join(traces, '..', 'again.json'));
    expect(json.questions.map((q: any) => q.id)).toEqual(ids);
    for (const id of ids)
      expect(loadTrace(await readFile(join(traces, traceFileName(`static-bm25-${id}`)), 'utf8')).question.id).toBe(id);
  });

  it('a changed corpus reuses nothing', async () => {
    const data = await dataset(['q1', 'q2', 'q3']);
    const traces = await fresh('traces');
    const argv = [
      '--dataset',
      data,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--traces',
      traces,
    ];
    expect((await run(argv)).code).toBe(0);
    const corpus = await readJson(join(data, 'corpus.json'));
    corpus[1].text = 'Place 1 was moved to island 9.';
    await writeFile(join(data, 'corpus.json'), JSON.stringify(corpus));
    const again = await run(argv);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('finished traces reused');
    expect(again.stderr).toContain('3 traces in');
    expect(again.stderr).toContain('another corpus');
  });

  it.each([
    ['backbone', 'hipporag2 base=bm25 triples=openie other.json sha256:0', 'another backbone configuration'],
    ['llm', 'offline thinker (no LLM) offline-thinker/0', 'another LLM version'],
  ])('a trace made with another %s is not reused', async (field, value, reason) => {
    const data = await dataset(['q1', 'q2']);
    const traces = await fresh('traces');
    const argv = [
      '--dataset',
      data,
      '--retriever',
      'hipporag2',
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--traces',
      traces,
    ];
    expect((await run(argv)).code).toBe(0);
    expect((await run(argv)).stderr).toContain('2 finished traces reused');
    const file = join(traces, traceFileName('static-hipporag2-q1'));
    const t = await readJson(file);
    expect(t.provenance).toMatchObject({
      backbone: 'hipporag2 base=bm25 triples=offline-extractor seed=facts llm=none',
      llm: expect.stringMatching(/^offline thinker \(no LLM\) offline-thinker\/\d+$/),
    });
    t.provenance[field] = value;
    await writeFile(file, JSON.stringify(t));
    const other = await run(argv);
    expect(other.stderr).toContain('1 finished traces reused');
    expect(other.stderr).toContain(`1 traces in ${traces} not reused (${reason}`);
  });

  it('a truncated trace is set aside with a warning and its question runs again', async () => {
    const data = await dataset(['q1', 'q2']);
    const traces = await fresh('traces');
    const argv = [
      '--dataset',
      data,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--traces',
      traces,
    ];
    expect((await run(argv)).code).toBe(0);
    const file = join(traces, traceFileName('static-bm25-q2'));
    await truncate(file, 40);
    const again = await run(argv);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('1 finished traces reused');
    expect(again.stderr).toMatch(/warning: .*not JSON.*moved to .*unreadable/);
    expect(loadTrace(await readFile(file, 'utf8')).status).toBe('done');
    expect((await readdir(traces)).some((f) => f.includes('.unreadable-'))).toBe(true);
    expect((await readdir(traces)).some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});

/** A plain file outside the dataset folder (an output path there is refused as overlapping an input). */
const aFile = async () => {
  const f = join(await fresh('file'), 'plain.json');
  await writeFile(f, '{}');
  return f;
};

describe('bad output paths and LLM settings exit 2 before any data is loaded', () => {
  it.each([
    ['--out is a folder', async () => ['--out', await fresh('outdir')], 'is a folder'],
    ['--out under /proc', async () => ['--out', '/proc/hopscope-results.json'], 'system file system'],
    [
      '--traces is a file',
      async () => ['--strategy', 'static', '--llm', 'offline', '--traces', await aFile()],
      'is a file, not a folder',
    ],
    [
      '--cache-dir is a file',
      async () => [
        '--strategy',
        'static',
        '--llm',
        'openai',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--model',
        'm',
        '--cache-dir',
        await aFile(),
      ],
      'is a file, not a folder',
    ],
    [
      '--api-key-env names an unset variable',
      async () => [
        '--strategy',
        'static',
        '--llm',
        'openai',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--model',
        'm',
        '--api-key-env',
        'HOPSCOPE_SURELY_UNSET_KEY',
      ],
      'not set or empty',
    ],
    [
      'a missing replay file',
      async (d: string) => ['--strategy', 'static', '--llm', `replay:${join(d, 'nope.json')}`],
      'no such trace file',
    ],
    ['an unknown --llm', async () => ['--strategy', 'static', '--llm', 'gpt'], 'unknown --llm "gpt"'],
    [
      'a --base-url that is not a URL',
      async () => ['--strategy', 'static', '--llm', 'openai', '--base-url', 'not a url', '--model', 'm'],
      'is not a URL',
    ],
  ])('%s', async (_name, extra, message) => {
    const data = await dataset(['q1']);
    // the corpus must not even be parsed: make it unreadable as JSON
    await writeFile(join(data, 'questions.json'), '[not json');
    const r = await run(['--dataset', data, '--retriever', 'bm25', ...(await extra(data))]);
    expect(r.stderr).toContain(message);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usage:');
  });

  it('--out is written atomically: no temp file is left and the JSON is whole', async () => {
    const data = await dataset(['q1', 'q2']);
    const outDir = await fresh('out');
    const r = await run(['--dataset', data, '--retriever', 'bm25', '--out', join(outDir, 'deep', 'r.json')]);
    expect(r.code).toBe(0);
    expect(await readdir(join(outDir, 'deep'))).toEqual(['r.json']);
    expect((await readJson(join(outDir, 'deep', 'r.json'))).summary.count).toBe(2);
  });
});

describe('file-system faults in the dataset folder are bad data (exit 1) with the path, never an internal error', () => {
  it('a folder named corpus.json', async () => {
    const data = await dataset(['q1']);
    const other = await fresh('weird');
    await writeFile(join(other, 'questions.json'), await readFile(join(data, 'questions.json')));
    await mkdir(join(other, 'corpus.json'));
    const r = await run(['--dataset', other, '--retriever', 'bm25']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/corpus\.json.*is a folder/);
  });

  it('a broken symlink', async () => {
    const data = await dataset(['q1']);
    const other = await fresh('weird');
    await writeFile(join(other, 'questions.json'), await readFile(join(data, 'questions.json')));
    await symlink(join(other, 'gone.json'), join(other, 'corpus.json'));
    const r = await run(['--dataset', other, '--retriever', 'bm25']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/corpus\.json.*(broken link|cannot read)/);
  });
});

describe('encoding', () => {
  it('a UTF-8 byte-order mark is accepted', async () => {
    const data = await dataset(['q1', 'q2']);
    for (const f of ['corpus.json', 'questions.json'])
      await writeFile(join(data, f), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await readFile(join(data, f))]));
    const r = await run(['--dataset', data, '--retriever', 'bm25', '--k', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('R@1');
  });

  it('invalid UTF-8 is reported with the file and byte offset, exit 1', async () => {
    const data = await dataset(['q1']);
    const bytes = await readFile(join(data, 'corpus.json'));
    const at = bytes.indexOf('lies');
    bytes[at] = 0xff;
    await writeFile(join(data, 'corpus.json'), bytes);
    const r = await run(['--dataset', data, '--retriever', 'bm25']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('corpus.json');
    expect(r.stderr).toContain(`invalid byte sequence at byte offset ${at} (0xff)`);
  });
});

describe('against the local OpenAI-compatible server', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterAll(() => server.close());

  const openai = (data: string, extra: string[]) => [
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
    ...extra,
  ];
  const good = (i: number) => ({ content: JSON.stringify({ thought: 't', answer: `island ${i}` }) });
  const which = (body: { messages: { content: string }[] }) =>
    Number(/Which island holds Place (\d+)\?/.exec(body.messages.map((m) => m.content).join('\n'))?.[1]);

  it.each([
    ['a truncated JSON body', '{"id":"x","choices":[{"message":{"content":"{\\"ans'],
    ['choices that are not a list', '{"choices":"nope"}'],
    ['no choices', '{"choices":[]}'],
    ['a body that is not JSON at all', '<html>gateway</html>'],
  ])(
    'a malformed 200 reply (%s) fails that question only, typed, counted, trace kept, --out written, exit 3',
    async (_name, body) => {
      const data = await dataset(['q0', 'q1', 'q2']);
      server.setScript((b) => (which(b) === 1 ? { fault: { kind: 'raw', body } } : good(which(b))));
      const traces = await fresh('traces');
      const out = join(traces, '..', 'out.json');
      const r = await run(openai(data, ['--cache-dir', 'off', '--traces', traces, '--out', out]));
      expect(r.stderr).not.toContain('internal error');
      expect(r.code).toBe(3);
      const json = await readJson(out);
      expect(json.summary.failed).toBe(1);
      expect(json.failed[0].id).toBe('q1');
      expect(json.failed[0].errors[0]).toContain('not a chat completion');
      expect(json.summary.completed).toBe(2);
      expect(json.summary.em).toBe(1); // over the two completed questions; the failed one is not a 0
      const trace = loadTrace(await readFile(join(traces, traceFileName('static-bm25-q1')), 'utf8'));
      expect(trace.status).toBe('failed');
      expect(trace.events.some((e) => e.type === 'retrieve')).toBe(true); // the partial trace is kept
    },
  );

  it.each([
    ['JSON of another shape', { content: '{"thought": "no answer"}' }],
    ['an empty reply', { content: '' }],
    [
      'null content',
      {
        fault: {
          kind: 'raw' as const,
          body: JSON.stringify({ choices: [{ message: { role: 'assistant', content: null } }] }),
        },
      },
    ],
  ])(
    'a reply that does not parse (%s) is not cached: the rerun after fixing the server asks again and succeeds',
    async (_name, bad) => {
      const data = await dataset(['q0', 'q1']);
      const cache = await fresh('cache');
      server.setScript((b) => (which(b) === 1 ? bad : good(which(b))));
      const first = await run(openai(data, ['--cache-dir', cache]));
      expect(first.code).toBe(3);
      const before = server.chats().length;
      server.setScript((b) => good(which(b)));
      const out = join(cache, '..', 'fixed.json');
      const second = await run(openai(data, ['--cache-dir', cache, '--out', out]));
      expect(second.code).toBe(0);
      expect(server.chats().length).toBe(before + 1); // q0 came from the cache, q1 was asked again
      const json = await readJson(out);
      expect(json.summary.em).toBe(1);
      expect(json.summary.tokens.byModule.answer).toMatchObject({ calls: 2, cached: 1 });
    },
  );

  it('SIGINT: in-flight questions end as aborted traces, --out holds what finished, exit 130', async () => {
    const data = await dataset(Array.from({ length: 12 }, (_, i) => `q${i}`));
    server.setScript((b) => ({ ...good(which(b)), delayMs: which(b) < 2 ? 0 : 60_000 }));
    const traces = await fresh('traces');
    const out = join(traces, '..', 'out.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/eval.ts',
        ...openai(data, ['--cache-dir', 'off', '--concurrency', '3', '--traces', traces, '--out', out]),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // wait until the two quick questions are written and the next ones hang on the server
    for (let i = 0; i < 600; i++) {
      const written = await readdir(traces).catch(() => []);
      if (
        written.filter((f) => f.endsWith('.json')).length >= 2 &&
        server.chats().filter((c) => which(c.body!) >= 2).length >= 1
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).not.toContain('internal error');
    const json = await readJson(out);
    expect(json.questions.map((q: any) => q.id)).toEqual(['q0', 'q1']);
    expect(json.summary.aborted).toBeGreaterThanOrEqual(1);
    expect(json.summary.aborted + json.summary.notRun).toBe(10);
    const statuses = await Promise.all(
      (await readdir(traces)).map(async (f) => loadTrace(await readFile(join(traces, f), 'utf8')).status),
    );
    expect(statuses.filter((s) => s === 'done')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'aborted').length).toBe(json.summary.aborted);
  }, 60_000);
});

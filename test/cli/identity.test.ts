/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely */
// Identity is everything that was sent: the LLM cache, the resume key and the retrieval memo tell apart
// two deployments that differ only in the base URL's query or a hidden path segment, the structured-output
// mode, the LLM inside a backbone and the content of every input file. Each input is perturbed alone and
// the earlier result must not be reused.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../src/cli/args.ts';
import { readDatasetDir } from '../../src/cli/dataset-dir.ts';
import { llmIdentity, runConfig } from '../../src/cli/run-config.ts';
import { llmSpecFrom } from '../../src/cli/llm-spec.ts';
import { withCache } from '../../src/core/llm/create-llm.ts';
import type { CachedReply, LlmPort, StructuredMode } from '../../src/core/llm/port.ts';
import { requestTarget } from '../../src/core/llm/base-url.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { createHash } from 'node:crypto';
import { createLlm } from '../../src/core/llm/create-llm.ts';
import { sha256HexSync } from '../../src/core/llm/sha256.ts';
import { OpenAiCompatibleProvider } from '../../src/providers/llm/openai-compatible.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch } from '../support/scratch.ts';

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

const scratchDir = scratch('identity');
const fresh = scratchDir.fresh;

const TEXTS = [
  'Alba Castle stands in Varna, a port city on the Black Sea.',
  'Varna is the third largest city of Bulgaria and lies on the coast.',
  'Bruno Lenz was born in Alba Castle and later moved to Vienna.',
  'Vienna is the capital of Austria and lies on the Danube.',
];
const QUESTIONS = ['In which country is the city of Alba Castle?', 'Where did the man born in Alba Castle move?'];

async function dataset() {
  const dir = await fresh('data');
  await writeFile(join(dir, 'corpus.json'), JSON.stringify(TEXTS.map((text, i) => ({ title: `Doc ${i}`, text }))));
  await writeFile(
    join(dir, 'questions.json'),
    JSON.stringify([
      { _id: 'q1', question: QUESTIONS[0], answer: 'Bulgaria', supporting_titles: ['Doc 0', 'Doc 1'] },
      { _id: 'q2', question: QUESTIONS[1], answer: 'Vienna', supporting_titles: ['Doc 2', 'Doc 3'] },
    ]),
  );
  return dir;
}

/** A HippoRAG query NER file (TSV: query, entities as JSON); `entity` changes the first query's entity. */
async function queryNer(entity: string) {
  const file = join(await fresh('ner'), 'query_ner.tsv');
  const cell = (i: number) =>
    `"${JSON.stringify({ named_entities: [i === 0 ? entity : 'Bruno Lenz'] }).replace(/"/g, '""')}"`;
  await writeFile(file, ['query\ttriples', ...QUESTIONS.map((q, i) => `${q}\t${cell(i)}`)].join('\n') + '\n');
  return file;
}

const reusedOf = (stderr: string) =>
  [...stderr.matchAll(/(\d+) finished traces reused/g)].reduce((a, m) => a + Number(m[1]), 0);

describe('two deployments that differ only in the base URL query never share a cache entry or a trace', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer({
      // each deployment answers with its own name
      script: (_b, _n, req) => ({
        content: JSON.stringify({ thought: 't', answer: /deployment=(\w+)/.exec(req.url)?.[1] ?? 'none' }),
      }),
    });
  });
  afterAll(() => server.close());

  const argv = (data: string, deployment: string, extra: string[]) => [
    '--dataset',
    data,
    '--retriever',
    'bm25',
    '--strategy',
    'static',
    '--llm',
    'openai',
    '--base-url',
    `${server.baseURL}?deployment=${deployment}`,
    '--model',
    'test-model',
    ...extra,
  ];

  it('the cache: beta is asked, never served alpha’s answers', async () => {
    const data = await dataset();
    const cache = await fresh('cache');
    const a = scratchDir.path('alpha');
    const b = scratchDir.path('beta');
    expect((await run(argv(data, 'alpha', ['--cache-dir', cache, '--out', a]))).code).toBe(0);
    const before = server.chats().length;
    expect((await run(argv(data, 'beta', ['--cache-dir', cache, '--out', b]))).code).toBe(0);
    expect(server.chats().length).toBe(before + 2); // both questions asked again
    const beta = await readJson(b);
    expect(beta.questions.map((q: any) => q.answer)).toEqual(['beta', 'beta']);
    // and the same deployment again is served from the cache
    const again = server.chats().length;
    expect((await run(argv(data, 'beta', ['--cache-dir', cache]))).code).toBe(0);
    expect(server.chats().length).toBe(again);
  });

  it('the traces: beta does not resume alpha’s traces', async () => {
    const data = await dataset();
    const traces = await fresh('traces');
    const first = await run(argv(data, 'alpha', ['--cache-dir', 'off', '--traces', traces]));
    expect(first.code).toBe(0);
    const same = await run(argv(data, 'alpha', ['--cache-dir', 'off', '--traces', traces]));
    expect(reusedOf(same.stderr)).toBe(2);
    const other = await run(argv(data, 'beta', ['--cache-dir', 'off', '--traces', traces]));
    expect(reusedOf(other.stderr)).toBe(0);
    expect(other.stderr).toContain('another LLM');
    // the trace names the deployment by hash only: the query is never stored
    const names = await readFile(join(traces, (await import('node:fs')).readdirSync(traces)[0]!), 'utf8');
    expect(names).not.toContain('deployment=');
  });
});

describe('the run configuration holds every input and every LLM that shapes a retrieval', () => {
  const config = async (data: string, flags: string[]) => {
    const args = parseEvalArgs(['--dataset', data, ...flags]);
    return runConfig(args, await readDatasetDir(data));
  };

  it('a path segment or a query the label hides is another LLM; the identity never holds them in clear', () => {
    const id = (url: string) => llmIdentity(llmSpecFrom({ llm: 'openai', baseUrl: url, model: 'm' }));
    const keyed = 'http://h:1/sk-abcdefghijklmnopqrstuvwxyz012345/v1';
    expect(id(keyed)).not.toBe(id('http://h:1/sk-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/v1'));
    expect(id(keyed)).not.toContain('abcdefghij');
    expect(id('http://h:1/v1?deployment=alpha')).not.toBe(id('http://h:1/v1?deployment=beta'));
    expect(id('http://h:1/v1?deployment=alpha')).not.toContain('alpha');
    expect(id('http://h:1/v1')).toBe(id('http://h:1/v1/')); // the same target written two ways
    expect(requestTarget('http://u:p@h:1/v1/#frag')).toBe('http://h:1/v1');
  });

  it('the structured-output mode is part of the LLM identity', () => {
    const spec = llmSpecFrom({ llm: 'openai', baseUrl: 'http://h:1/v1', model: 'm' });
    expect(llmIdentity(spec, 'json_schema')).not.toBe(llmIdentity(spec, 'json_object'));
  });

  it('--query-ner by content: another file with the same name is another configuration', async () => {
    const data = await dataset();
    const a = await config(data, ['--retriever', 'hipporag2', '--query-ner', await queryNer('Alba Castle')]);
    const b = await config(data, ['--retriever', 'hipporag2', '--query-ner', await queryNer('Varna')]);
    const c = await config(data, ['--retriever', 'hipporag2']);
    expect(a.backbone).not.toBe(b.backbone);
    expect(a.backbone).not.toBe(c.backbone);
    expect(a.backbone).toMatch(/query-ner=sha256:[0-9a-f]{16}/);
  });

  it.each([
    ['raptor', []],
    ['graphrag', []],
    ['hipporag2', []],
  ])('the LLM inside %s is keyed, under --llm openai and --llm openai:M@URL alike', async (name, extra) => {
    const data = await dataset();
    const none = await config(data, ['--retriever', name, ...extra, '--strategy', 'static', '--llm', 'offline']);
    const a = await config(data, [
      '--retriever',
      name,
      '--strategy',
      'static',
      '--llm',
      'openai:m@http://127.0.0.1:9/v1?deployment=alpha',
    ]);
    const b = await config(data, [
      '--retriever',
      name,
      '--strategy',
      'static',
      '--llm',
      'openai',
      '--base-url',
      'http://127.0.0.1:9/v1?deployment=beta',
      '--model',
      'm',
    ]);
    expect(none.backbone).toMatch(/(llm|filter)=none/);
    expect(a.backbone).not.toMatch(/(llm|filter)=none/);
    expect(a.backbone).not.toBe(b.backbone);
    expect(a.backbone).not.toContain('alpha');
  });

  it('HippoRAG 2 seeded by entities calls no LLM, so none is keyed', async () => {
    const data = await dataset();
    const c = await config(data, [
      '--retriever',
      'hipporag2',
      '--seed',
      'entities',
      '--strategy',
      'static',
      '--llm',
      'openai:m@http://127.0.0.1:9/v1',
    ]);
    expect(c.backbone).not.toMatch(/(llm|filter)=/);
  });

  it('a retrieval memo made with one --query-ner file is refused with another', async () => {
    const data = await dataset();
    const memo = join(await fresh('memo'), 'memo.json');
    const base = ['--dataset', data, '--retriever', 'hipporag2', '--strategy', 'static', '--llm', 'offline'];
    const first = await run([...base, '--query-ner', await queryNer('Alba Castle'), '--retrieval-memo', memo]);
    expect(first.code).toBe(0);
    const second = await run([...base, '--query-ner', await queryNer('Varna'), '--retrieval-memo', memo]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('--retrieval-memo: written for backbone');
  });

  it('traces made with one --query-ner file are not resumed with another of the same name', async () => {
    const data = await dataset();
    const traces = await fresh('traces');
    const base = ['--dataset', data, '--retriever', 'hipporag2', '--strategy', 'static', '--llm', 'offline'];
    const nerA = await queryNer('Alba Castle');
    expect((await run([...base, '--query-ner', nerA, '--traces', traces])).code).toBe(0);
    await writeFile(nerA, (await readFile(nerA, 'utf8')).replace('Alba Castle""', 'Varna""'));
    const second = await run([...base, '--query-ner', nerA, '--traces', traces]);
    expect(reusedOf(second.stderr)).toBe(0);
  });
});

describe('a replayed LLM is its trace files’ content, not their path', () => {
  it('the same replay folder with other content does not resume', async () => {
    const data = await dataset();
    const source = await fresh('source');
    const base = ['--dataset', data, '--retriever', 'bm25', '--strategy', 'static'];
    expect((await run([...base, '--llm', 'offline', '--traces', source])).code).toBe(0);
    const traces = await fresh('traces');
    const replay = [...base, '--llm', `replay:${source}`, '--traces', traces];
    expect((await run(replay)).code).toBe(0);
    expect(reusedOf((await run(replay)).stderr)).toBe(2);
    // one trace of the replayed folder changes (a latency): another replayed LLM
    const { readdirSync } = await import('node:fs');
    const file = join(
      source,
      readdirSync(source).find((f) => f.endsWith('.json'))!,
    );
    const t = JSON.parse(await readFile(file, 'utf8'));
    for (const e of t.events) if (e.type === 'llm') e.latencyMs += 1;
    await writeFile(file, JSON.stringify(t));
    expect(reusedOf((await run(replay)).stderr)).toBe(0);
  });
});

describe('an LLM port carries its identity to every key a host builds from it', () => {
  it('two deployments share a label, never an identity (stored RAPTOR/GraphRAG trees, built backbones)', () => {
    const port = (url: string) => createLlm({ provider: new OpenAiCompatibleProvider({ baseURL: url, model: 'm' }) });
    const a = port('http://h:1/v1?deployment=alpha');
    const b = port('http://h:1/v1?deployment=beta');
    expect(a.label).toBe(b.label);
    expect(a.identity).not.toBe(b.identity);
    expect(a.identity).not.toContain('alpha');
    expect(a.identity).toBe(port('http://h:1/v1?deployment=alpha').identity);
  });

  it('the synchronous SHA-256 is SHA-256', () => {
    for (const t of ['', 'abc', 'x'.repeat(55), 'x'.repeat(64), 'http://h:1/v1?d=α'])
      expect(sha256HexSync(t)).toBe(createHash('sha256').update(t).digest('hex'));
  });
});

describe('the cache keeps the structured-output mode a JSON reply was made under', () => {
  const store = () => {
    const m = new Map<string, CachedReply>();
    return {
      m,
      get: async (k: string) => m.get(k),
      put: async (k: string, r: CachedReply) => void m.set(k, r),
      clear: async () => m.clear(),
    };
  };
  const port = (mode: StructuredMode): LlmPort & { calls: number } => {
    const p = {
      label: 'p',
      calls: 0,
      async complete() {
        p.calls++;
        return {
          text: '{"a":1}',
          usage: { prompt: 1, completion: 1, total: 2 },
          cached: false,
          latencyMs: 0,
          provider: 'p',
          model: 'm',
          structured: mode,
        };
      },
    };
    return p;
  };

  it('a reply made under json_schema is not served once the server is found to have json_object only', async () => {
    const s = store();
    const req = { module: 'answer', messages: [{ role: 'user' as const, content: 'x' }], json: true };
    let mode: StructuredMode = 'json_schema';
    const inner = port('json_schema');
    const cached = withCache(inner, s, { providerId: 'p', model: 'm', structuredNow: () => mode });
    await cached.complete(req);
    expect((await cached.complete(req)).cached).toBe(true);
    mode = 'json_object';
    expect((await cached.complete(req)).cached).toBe(false);
    expect(inner.calls).toBe(2);
  });

  it('the full request target is in the key', async () => {
    const s = store();
    const req = { module: 'answer', messages: [{ role: 'user' as const, content: 'x' }] };
    const a = withCache(port('none'), s, { providerId: 'p', model: 'm', target: 'http://h/v1?d=a' });
    const b = withCache(port('none'), s, { providerId: 'p', model: 'm', target: 'http://h/v1?d=b' });
    await a.complete(req);
    expect((await b.complete(req)).cached).toBe(false);
    expect(s.m.size).toBe(2);
  });
});

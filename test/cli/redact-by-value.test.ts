// Redact by value, not by shape: every part of the base URL a label does not show (a key in the path, the
// query) is cut from any server text before it is printed or stored, wherever the server echoes it (a 404
// "no route POST /<key>/v1/…", a 400 quoting "subscription-key=…" without the scheme); a base URL with
// whitespace or a header is refused without repeating it; the browser export keeps no server address.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmSpecFrom } from '../../src/cli/llm-spec.ts';
import { baseUrlShapeProblem, hiddenUrlParts, redactUrlsIn } from '../../src/core/llm/base-url.ts';
import { DEFAULT_LLM_SETTINGS, settingsProblems } from '../../src/core/llm/settings.ts';
import { makeRunFile } from '../../src/app/trace/run-file.ts';
import { scrubServer } from '../../src/core/trace/hash.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch, writeTinyDataset } from '../support/scratch.ts';

const scratchDir = scratch('redact');
const fresh = scratchDir.fresh;

const dataset = async () => writeTinyDataset(await fresh('data'));

/** Everything a run left: stderr, stdout, --out and every trace. */
async function everything(r: { stdout: string; stderr: string }, out: string, traces: string) {
  const files = await readdir(traces);
  const texts = await Promise.all(files.map((f) => readFile(join(traces, f), 'utf8')));
  return [r.stdout, r.stderr, await readFile(out, 'utf8'), ...texts].join('\n');
}

const PATH_KEY = 'sk-proj-Q2hhbmdlTWVJbW1lZGlhdGVseTEyMzQ1';
const QUERY_KEY = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA';

describe('by value in the CLI, against the local server', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterAll(() => server.close());

  const argv = (data: string, baseUrl: string, out: string, traces: string) => [
    '--dataset',
    data,
    '--retriever',
    'bm25',
    '--strategy',
    'static',
    '--llm',
    'openai',
    '--base-url',
    baseUrl,
    '--model',
    'test-model',
    '--cache-dir',
    'off',
    '--out',
    out,
    '--traces',
    traces,
  ];

  it('a 404 echoing the request path: the path key is on no output', async () => {
    const data = await dataset();
    const out = scratchDir.path('out');
    const traces = await fresh('traces');
    // the server routes /v1/... only: a key before it is echoed in its 404 "no route POST /<key>/v1/..."
    const base = server.baseURL.replace(/\/v1$/, `/${PATH_KEY}/v1`);
    const r = await run(argv(data, base, out, traces));
    expect(r.code).toBe(3);
    expect(server.log.some((l) => l.path.includes(PATH_KEY))).toBe(true); // it was sent, and echoed
    const all = await everything(r, out, traces);
    expect(all).toContain('no route POST /***/v1/chat/completions');
    expect(all).not.toContain(PATH_KEY);
  });

  it('a 400 quoting the query without the scheme: the value is on no output', async () => {
    server.setScript((_b, _n, req) => ({
      fault: { kind: 'status', status: 400, message: `bad deployment: ${req.url.split('?')[1]} is not allowed` },
    }));
    const data = await dataset();
    const out = scratchDir.path('out');
    const traces = await fresh('traces');
    const r = await run(argv(data, `${server.baseURL}?subscription-key=${QUERY_KEY}`, out, traces));
    expect(r.code).toBe(3);
    const all = await everything(r, out, traces);
    expect(all).toContain('bad deployment: *** is not allowed');
    expect(all).not.toContain(QUERY_KEY);
  });
});

describe('by value: the redaction itself', () => {
  const base = `http://h:1/${PATH_KEY}/v1?subscription-key=${QUERY_KEY}&deployment=alpha`;
  it('every hidden part, raw and decoded, wherever it appears', () => {
    expect(hiddenUrlParts(base)).toEqual(expect.arrayContaining([PATH_KEY, QUERY_KEY, 'alpha']));
    const t = redactUrlsIn(`Cannot POST /${PATH_KEY}/v1/chat; subscription-key=${QUERY_KEY}; d=alpha`, base);
    expect(t).not.toContain(PATH_KEY);
    expect(t).not.toContain(QUERY_KEY);
    expect(t).not.toContain('alpha');
    expect(redactUrlsIn('see /v1/models', base)).toBe('see /v1/models'); // short shown segments stay
    // the label, which may be shown, is left as it is
    const azure = 'https://x.example.com/openai/deployments/gpt4o-prod?api-version=2024-02-01';
    expect(redactUrlsIn(`${azure} said: deployment gpt4o-prod (api-version=2024-02-01) not found`, azure)).toBe(
      'https://x.example.com/openai/deployments/gpt4o-prod said: deployment *** (***) not found',
    );
  });
});

describe('a base URL holding whitespace or a header is refused, without repeating it', () => {
  it.each([
    ['a pasted curl header', `http://h:1/v1 -H "Authorization: Bearer ${QUERY_KEY}"`],
    ['a line break', `http://h:1/v1\nx-api-key: ${QUERY_KEY}`],
    ['a header without spaces', `http://h:1/v1/Authorization:${QUERY_KEY}`],
  ])('%s', (_n, url) => {
    expect(baseUrlShapeProblem(url)).toBeDefined();
    let message = '';
    try {
      llmSpecFrom({ llm: 'openai', baseUrl: url, model: 'm' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('--base-url is not a base URL');
    expect(message).not.toContain(QUERY_KEY);
    const problems = settingsProblems({ ...DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: url, model: 'm' });
    expect(problems.join(' ')).toContain('not a server address');
    expect(problems.join(' ')).not.toContain(QUERY_KEY);
  });

  it('the CLI exits 2 before anything runs', async () => {
    const data = await dataset();
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
      `http://127.0.0.1:9/v1 -H "Authorization: Bearer ${QUERY_KEY}"`,
      '--model',
      'm',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain(QUERY_KEY);
  });
});

describe('the browser export keeps no server address', () => {
  it('not in the provenance, the options, error or warning messages, nor the labels', async () => {
    const text = await readFile(new URL('../fixtures/traces/bdtr-openai-demo-02.json', import.meta.url), 'utf8');
    const trace = loadTrace(JSON.parse(text));
    const at = 'http://10.1.2.3:8080/v1';
    const local = {
      ...trace,
      llm: `${trace.llm} @ ${at}`,
      provenance: { llm: `openai-compatible m @ ${at} target=sha256:0123`, corpus: 'c' },
      options: { ...trace.options, factFilter: `LLM recognition filter (openai-compatible m @ ${at})` },
      events: [
        ...trace.events,
        { type: 'error' as const, t: 1, round: 0, module: 'answer', message: `llm: ${at} has no model "m" (404)` },
        { type: 'warning' as const, t: 1, round: 0, module: 'answer', message: 'connect ECONNREFUSED 10.1.2.3:8080' },
      ],
    };
    const file = makeRunFile(local, (id) => ({ id, title: 't', text: 'x' }));
    const json = JSON.stringify(file);
    expect(json).not.toContain('10.1.2.3');
    expect(file.trace.provenance?.llm).toBe('openai-compatible m target=sha256:0123');
    expect(file.trace.options.factFilter).toBe('LLM recognition filter (openai-compatible m)');
    expect(scrubServer('connect ECONNREFUSED localhost:11434')).toBe('connect ECONNREFUSED (server)');
  });
});

// What the CLI prints and records carries no secret and cannot drive the terminal: LLM labels are built
// from scheme, host, port and path only (a key under any query name, in the path or in the fragment stays
// out of stderr, --out and traces), and control characters from question ids or a server's error text
// are escaped.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlLabel } from '../../src/core/llm/base-url.ts';
import { printable } from '../../src/cli/printable.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch } from '../support/scratch.ts';

const scratchDir = scratch('labels');
const fresh = scratchDir.fresh;

async function dataset(ids: string[]) {
  const dir = await fresh('data');
  const corpus = ids.map((_, i) => ({ title: `Place ${i}`, text: `Place ${i} lies on island number ${i}.` }));
  await writeFile(join(dir, 'corpus.json'), JSON.stringify(corpus));
  const questions = ids.map((id, i) => ({
    _id: id,
    question: `Which island holds Place ${i}?`,
    answer: `island ${i}`,
    supporting_titles: [`Place ${i}`],
  }));
  await writeFile(join(dir, 'questions.json'), JSON.stringify(questions));
  return dir;
}

const SECRET = 'Zq7sEcReT0k3n';
let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());

describe('LLM labels: scheme, host, port and path only', () => {
  it.each([
    [`https://apim.example.test/v1?subscription-key=${SECRET}`, 'https://apim.example.test/v1'],
    [`https://fn.example.test/api/v1?code=${SECRET}&x=1`, 'https://fn.example.test/api/v1'],
    [`http://127.0.0.1:8080/v1?access_key=${SECRET}`, 'http://127.0.0.1:8080/v1'],
    [`http://127.0.0.1:8080/v1#${SECRET}`, 'http://127.0.0.1:8080/v1'],
    [`http://u:${SECRET}@h.test:81/v1/`, 'http://h.test:81/v1'],
    ['https://h.test/keys/abc/v1', 'https://h.test/keys/***/v1'],
    ['https://h.test/sk-proj-abcdef/v1', 'https://h.test/***/v1'],
    ['https://h.test/8f3c2a9d7e6b5a4c3d2e1f0a9b8c7d6e/v1', 'https://h.test/***/v1'],
    [
      'https://h.test/openai/deployments/gpt-4o-mini-2024-07-18/v1',
      'https://h.test/openai/deployments/gpt-4o-mini-2024-07-18/v1',
    ],
  ])('%s is shown as %s', (url, label) => {
    expect(urlLabel(url)).toBe(label);
  });

  it.each([
    ['a query parameter no deny-list knows', (b: string) => `${b}?subscription-key=${SECRET}`],
    ['a fragment', (b: string) => `${b}#key=${SECRET}`],
  ])('a key in %s of --base-url or the judge URL reaches neither stderr, --out nor the traces', async (_, url) => {
    const data = await dataset(['q0', 'q1']);
    server.setScript((body) =>
      body.messages.some((m) => m.content.includes('Ground-truth Answer'))
        ? { content: 'Yes' }
        : { content: JSON.stringify({ thought: 't', answer: 'island 0' }) },
    );
    const traces = await fresh('traces');
    const out = scratchDir.path('out');
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
      url(server.baseURL),
      '--model',
      'test-model',
      '--judge',
      'openai',
      '--cache-dir',
      'off',
      '--traces',
      traces,
      '--out',
      out,
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const written = [r.stdout, r.stderr, await readFile(out, 'utf8')];
    for (const f of await readdir(traces)) written.push(await readFile(join(traces, f), 'utf8'));
    expect(written.join('\n')).toContain(`openai-compatible test-model @ ${server.baseURL.replace(/\/+$/, '')}`);
    expect(written.join('\n')).not.toContain(SECRET);
  });
});

describe('control characters in what the CLI prints', () => {
  it('printable escapes ESC, C1 CSI, BEL, bidi overrides and line breaks', () => {
    expect(printable('a\u001b]0;title\u0007b\u009b2Jc\nd\u202ee')).toBe('a\\x1b]0;title\\x07b\\x9b2Jc\\nd\\u202ee');
  });

  it('a question id and a server error with OSC, CSI and a newline reach stderr escaped', async () => {
    const evil = 'q\u001b]0;pwned\u0007\u001b[2J\nINFO forged line';
    const data = await dataset(['q0', evil]);
    server.setScript(() => ({ fault: { kind: 'status', status: 400, message: 'bad\u001b[31m red\nERROR forged' } }));
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
      'off',
    ]);
    expect(r.code).toBe(3);
    const printed = r.stdout + r.stderr;
    // eslint-disable-next-line no-control-regex -- the raw characters must be absent
    expect(printed).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(printed).not.toMatch(/^INFO forged line/m);
    expect(printed).not.toMatch(/^ERROR forged/m);
    expect(r.stderr).toContain('failed q\\x1b]0;pwned\\x07\\x1b[2J\\nINFO forged line');
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely */
// A 1 MB reply of unclosed brackets costs its question a typed error, not the run: the next questions go
// on, and Ctrl-C while others are in flight still exits 130 with --out written (the process, spawned, gets
// a real SIGINT). No timing is asserted.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

let root: string;
let server: OpenAiServer;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hopscope-long-reply-'));
  server = await startOpenAiServer();
});
afterAll(() => server.close());

async function dataset(count: number) {
  const dir = join(root, 'data');
  await mkdir(dir, { recursive: true });
  const ids = Array.from({ length: count }, (_, i) => i);
  await writeFile(
    join(dir, 'corpus.json'),
    JSON.stringify(ids.map((i) => ({ title: `Place ${i}`, text: `Place ${i} lies on island number ${i}.` }))),
  );
  await writeFile(
    join(dir, 'questions.json'),
    JSON.stringify(
      ids.map((i) => ({
        _id: `q${i}`,
        question: `Which island holds Place ${i}?`,
        answer: `island ${i}`,
        supporting_titles: [`Place ${i}`],
      })),
    ),
  );
  return dir;
}

const which = (body: { messages: { content: string }[] }) =>
  Number(/Which island holds Place (\d+)\?/.exec(body.messages.map((m) => m.content).join('\n'))?.[1]);

describe('a 1 MB reply of unclosed brackets, then Ctrl-C', () => {
  it('the question fails typed, the next is answered, SIGINT exits 130 with --out written', async () => {
    const data = await dataset(8);
    server.setScript((b) => {
      const q = which(b);
      if (q === 0) return { content: '['.repeat(1_000_000) };
      if (q === 1) return { content: JSON.stringify({ thought: 't', answer: 'island 1' }) };
      return { content: JSON.stringify({ thought: 't', answer: `island ${q}` }), delayMs: 60_000 };
    });
    const traces = join(root, 'traces');
    const out = join(root, 'out.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/eval.ts',
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
        '--concurrency',
        '2',
        '--traces',
        traces,
        '--out',
        out,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let i = 0; i < 600; i++) {
      const written = await readdir(traces).catch(() => []);
      if (written.filter((f) => f.endsWith('.json')).length >= 2 && server.chats().some((c) => which(c.body!) >= 2))
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).not.toContain('internal error');
    const json = JSON.parse(await readFile(out, 'utf8')) as Record<string, any>;
    expect(json.questions.map((q: any) => q.id)).toEqual(['q0', 'q1']);
    expect(json.failed.map((f: any) => f.id)).toEqual(['q0']);
    expect(json.failed[0].errors[0]).toContain('1000000 characters');
    expect(json.questions[1].answer).toBe('island 1');
  }, 60_000);
});

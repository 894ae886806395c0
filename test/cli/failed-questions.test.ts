/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// Failures are never results: a strategy run whose LLM is a closed port on 127.0.0.1 fails every
// question; the summary says completed 0, failed 5, its metrics are null (not 0), the table states the
// basis on the line of the numbers, and the CLI exits 3. A run where some questions fail scores the
// completed ones only.
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../support/cli-runner.ts';
import { demoScriptFailing } from '../support/demo-failing-script.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

const DEMO = 'public/demo';

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((done) => s.close(() => done()));
  return port;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-failed-'));
});

const llmArgs = (baseURL: string) => [
  '--llm',
  'openai',
  '--base-url',
  baseURL,
  '--model',
  'test-model',
  '--cache-dir',
  'off',
];

describe('failed questions are counted, never scored', () => {
  it('--llm openai against a dead server on 5 questions: failed 5, completed 0, R@5 null, exit 3', async () => {
    const out = join(dir, 'dead.json');
    const port = await closedPort();
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      ...llmArgs(`http://127.0.0.1:${port}/v1`),
      '--limit',
      '5',
      '--k',
      '2,5',
      '--out',
      out,
    ]);
    expect(r.code).toBe(3);
    const json = JSON.parse(await readFile(out, 'utf8')) as Record<string, any>;
    expect(json.summary.failed).toBe(5);
    expect(json.summary.completed).toBe(0);
    expect(json.summary.count).toBe(0);
    expect(json.summary['recall@5']).toBeNull();
    expect(json.summary['allGold@2']).toBeNull();
    expect(json.summary.em).toBeUndefined();
    expect(json.failed).toHaveLength(5);
    // the table's number line says its basis, and prints no number for a run with none completed
    const line = r.stdout.split('\n').find((l) => l.startsWith('all ') && l.includes('completed'));
    expect(line).toMatch(/^all\s+0\s+n\/a\s+n\/a\s+completed 0 of 5 \(5 failed, not scored\)$/);
    expect(r.stderr).toContain('5 of 5 questions failed (not scored');
  }, 120_000);

  describe('against the local OpenAI-compatible server', () => {
    let server: OpenAiServer;
    beforeAll(async () => {
      server = await startOpenAiServer();
    });
    afterAll(() => server.close());

    it('some failed: the means are over the completed questions, the basis beside them, paired intervals in --out', async () => {
      const { script } = await demoScriptFailing(DEMO, 1);
      server.setScript(script);
      const out = join(dir, 'some.json');
      const r = await run([
        '--dataset',
        DEMO,
        '--retriever',
        'bm25',
        '--strategy',
        'static,single',
        ...llmArgs(server.baseURL),
        '--limit',
        '4',
        '--k',
        '5',
        '--out',
        out,
      ]);
      expect(r.code).toBe(3);
      const json = JSON.parse(await readFile(out, 'utf8')) as Record<string, any>;
      const s = json.strategies.static.summary;
      expect(s).toMatchObject({ failed: 1, completed: 3, count: 3 });
      expect(s.em).toBe(1); // the three scripted right answers; the failed question is not a 0
      const perQuestion = json.strategies.static.questions.filter((q: any) => q.status === 'done');
      const mean = perQuestion.reduce((a: number, q: any) => a + q.recall[5], 0) / perQuestion.length;
      expect(s['recall@5']).toBeCloseTo(mean);
      expect(r.stdout).toMatch(/^all\s+3\s.*completed 3 of 4 \(1 failed, not scored\)$/m);
      // static vs single on the questions both completed (3), with a paired bootstrap interval
      expect(json.paired.method).toContain('bootstrap');
      const rec = json.paired.comparisons.find((c: any) => c.metric === 'recall@5');
      expect(rec).toMatchObject({ a: 'static', b: 'single' });
      expect(rec.interval.n).toBe(3);
      expect(rec.interval.lo).toBeLessThanOrEqual(rec.interval.diff);
      expect(rec.interval.hi).toBeGreaterThanOrEqual(rec.interval.diff);
      expect(['ahead', 'tied', 'behind']).toContain(rec.interval.verdict);
      expect(r.stdout).toContain('against each other strategy');
    });
  });
});

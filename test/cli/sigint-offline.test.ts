// Ctrl-C during an offline-thinker run (no I/O at all between questions) still stops the CLI: the batch
// yields to the event loop between questions, so the signal handler runs; --out holds what finished and
// the exit code is 130. Real data: the HotpotQA set in ../shared/data, BDTR over BM25.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const data = fileURLToPath(new URL('../../../shared/data/hotpotqa', import.meta.url));

describe('eval CLI: SIGINT in an offline run', () => {
  it('stops between questions, writes what finished, exits 130', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hopscope-sigint-'));
    const out = join(dir, 'out.json');
    const args = [
      '--import',
      'tsx',
      'src/cli/eval.ts',
      '--dataset',
      data,
      '--retriever',
      'bm25',
      '--strategy',
      'bdtr',
      '--llm',
      'offline',
      '--cache-dir',
      'off',
      '--out',
      out,
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // No --traces: nothing is written while questions run, the case where the signal used to wait for the end.
    for (let i = 0; i < 1200 && !/bdtr/.test(stderr + stdout); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 4000));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('SIGINT: stopping');
    expect(stderr).not.toContain('internal error');
    const json = JSON.parse(await readFile(out, 'utf8')) as {
      questions: unknown[];
      summary: { notRun: number; aborted: number };
    };
    expect(json.questions.length).toBeGreaterThanOrEqual(1);
    expect(json.questions.length).toBeLessThan(742);
    expect(json.questions.length + json.summary.notRun + json.summary.aborted).toBe(742);
  }, 180_000);
});

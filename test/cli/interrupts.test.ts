// Interrupts: one Ctrl-C delivered twice within a second (terminal and launcher) is one interrupt, a later
// one exits; the eval stops when its launcher is gone (`kill -TERM` of a `sh -c` or `npm run` launcher does
// not reach tsx and the eval below it), writing --out for what finished.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { interruptHandler, launcherChain, watchLaunchers } from '../../src/cli/interrupts.ts';

describe('interruptHandler', () => {
  it('aborts on the first signal, ignores a repeat within a second, exits on a later one', () => {
    let now = 0;
    const exits: number[] = [];
    const said: string[] = [];
    const stop = new AbortController();
    const on = interruptHandler(stop, { exit: (c) => exits.push(c), say: (t) => said.push(t), now: () => now });
    on('SIGINT');
    expect(stop.signal.aborted).toBe(true);
    now = 400;
    on('SIGINT');
    expect(exits).toEqual([]);
    now = 1500;
    on('SIGINT');
    expect(exits).toEqual([130]);
    expect(said.join('')).toContain('SIGINT again');
  });
});

describe('launcherChain and watchLaunchers', () => {
  const procs: Record<number, { ppid: number; argv: string[] }> = {
    40: { ppid: 30, argv: ['/usr/bin/node', '/app/node_modules/.bin/tsx', 'src/cli/eval.ts'] },
    30: { ppid: 20, argv: ['sh', '-c', 'tsx src/cli/eval.ts'] },
    20: { ppid: 10, argv: ['npm run eval --dataset x'] },
    10: { ppid: 1, argv: ['-bash'] },
  };

  it('walks up through tsx, sh -c and npm, and stops at the user shell', () => {
    expect(launcherChain(40, (p) => procs[p])).toEqual([40, 30, 20]);
    expect(launcherChain(10, (p) => procs[p])).toEqual([]);
  });

  it('calls back once when a launcher above the parent is gone', async () => {
    const alive = new Set([40, 30, 20]);
    let gone = 0;
    const stopWatching = watchLaunchers(() => gone++, {
      ppid: () => 40,
      chain: [40, 30, 20],
      isAlive: (p) => alive.has(p),
      intervalMs: 5,
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(gone).toBe(0);
    alive.delete(30);
    for (let i = 0; i < 400 && gone === 0; i++) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 30));
    expect(gone).toBe(1);
    stopWatching();
  });
});

describe('kill -TERM of a launcher that does not pass the signal on', () => {
  it('the eval below it stops, writes --out for what finished and exits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hopscope-orphan-'));
    const out = join(dir, 'out.json');
    const data = fileURLToPath(new URL('../../../shared/data/hotpotqa', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    // "; true" keeps sh as the parent of tsx (no exec); sh does not forward SIGTERM to it.
    const command = `"${tsx}" src/cli/eval.ts --dataset "${data}" --retriever bm25 --strategy bdtr --llm offline --cache-dir off --out "${out}"; true`;
    const launcher = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    launcher.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    for (let i = 0; i < 1200 && !/bdtr: \d+\/\d+ questions/.test(stderr); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(stderr).toMatch(/bdtr: \d+\/\d+ questions/);
    launcher.kill('SIGTERM');
    // The eval's pipes stay open after sh is gone; they close when the eval (and tsx above it) exit.
    await new Promise<void>((resolve) => launcher.stderr.on('close', () => resolve()));
    expect(stderr).toContain('the launching process is gone: stopping');
    expect(stderr).not.toContain('internal error');
    const json = JSON.parse(await readFile(out, 'utf8')) as { questions: unknown[]; summary: { notRun: number } };
    expect(json.questions.length).toBeGreaterThanOrEqual(1);
    expect(json.summary.notRun).toBeGreaterThan(0);
  }, 240_000);
});

describe('interruptHandler before its exit', () => {
  it('runs beforeExit on the second interrupt only, and exits even when it throws', () => {
    let now = 0;
    const calls: string[] = [];
    const on = interruptHandler(new AbortController(), {
      exit: (c) => calls.push(`exit ${c}`),
      say: (t) => calls.push(t.trim()),
      now: () => now,
      beforeExit: () => {
        calls.push('save');
        throw new Error('disk full');
      },
    });
    on('SIGINT');
    expect(calls.some((c) => c === 'save')).toBe(false);
    now = 2000;
    on('SIGINT');
    expect(calls.slice(-3)).toEqual(['save', 'could not write what finished: disk full', 'exit 130']);
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// Ctrl-C after the plain runs: during the counterfactual, --equal-budget or --judge pass the run's abort
// signal stops the pass, the exit is 130 (never 1 with a problem line) and --out holds the finished
// plain run; a second Ctrl-C (writeFinishedOnExit, what the handler runs before its exit) writes the
// finished runs at once. The local server aborts the run's signal at the pass's first call: the passes
// repeat the plain run's prompts (rerun, equal budget) or send the judge's prompt.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main, writeFinishedOnExit, type Io } from '../../src/cli/eval.ts';
import { interruptHandler } from '../../src/cli/interrupts.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { moduleOf, replyStyleScript } from '../support/reply-styles.ts';

let dir: string;
let server: OpenAiServer;
let trigger: (body: { messages: { content: string }[] }, repeat: boolean) => void = () => {};
/** Prompts the server has answered in this test (a repeat is a pass after the plain run). */
const seen = new Set<string>();
beforeEach(() => seen.clear());
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-interrupt-passes-'));
  const styles = replyStyleScript();
  server = await startOpenAiServer({
    models: ['json'],
    script: (body, n, request) => {
      const key = JSON.stringify(body.messages);
      trigger(body, seen.has(key));
      seen.add(key);
      return styles.script(body, n, request);
    },
  });
});
afterAll(() => server.close());

async function run(argv: string[], stop: AbortController) {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t + '\n'),
    err: (t: string) => void (io.stderr += t + '\n'),
  } satisfies Io & Record<string, unknown>;
  const code = await main(argv, io, stop.signal);
  return { code, ...io };
}

const base = (out: string) => [
  ...['--dataset', 'public/demo', '--retriever', 'bm25', '--strategy', 'bdtr'],
  ...['--llm', `openai:json@${server.baseURL}`, '--k', '5', '--cache-dir', 'off', '--out', out],
];

describe('Ctrl-C after the plain run', () => {
  it.each([
    ['the counterfactual pass', ['--counterfactual', 'rerun'], (_b: any, repeat: boolean) => repeat],
    ['the --equal-budget pass', ['--equal-budget', '1'], (_b: any, repeat: boolean) => repeat],
    ['the --judge pass', ['--judge', 'SERVER'], (b: any) => moduleOf(b) === 'dualrag.judge'],
  ] as const)(
    'during %s: exit 130, --out holds the plain run',
    async (_name, extra, when) => {
      const out = join(dir, `${extra[0]!.slice(2)}.json`);
      const stop = new AbortController();
      let fired = 0;
      trigger = (body, repeat) => {
        if (!stop.signal.aborted && when(body, repeat)) {
          fired++;
          stop.abort();
        }
      };
      try {
        const r = await run(
          [...base(out), ...extra.map((a) => (a === 'SERVER' ? `openai:json@${server.baseURL}` : a))],
          stop,
        );
        expect(fired).toBe(1);
        expect(r.stderr).not.toMatch(/^error:/m);
        expect(r.code).toBe(130);
        const json = JSON.parse(await readFile(out, 'utf8'));
        expect(json.questions.length).toBeGreaterThan(0);
        expect(json.summary.failed).toBe(0);
        if (extra[0] === '--counterfactual') expect(json.summary.counterfactual.applied).toBe(0);
        if (extra[0] === '--equal-budget') expect(json.summary.equalBudget).toBeUndefined();
      } finally {
        trigger = () => {};
      }
    },
    120_000,
  );

  it('a second Ctrl-C during the counterfactual pass writes the finished plain run before its exit', async () => {
    const out = join(dir, 'twice.json');
    const stop = new AbortController();
    let written: any;
    const exits: number[] = [];
    const handler = interruptHandler(stop, {
      exit: (c) => exits.push(c),
      say: () => {},
      beforeExit: writeFinishedOnExit,
      graceMs: 0,
    });
    trigger = (_body, repeat) => {
      if (!repeat || exits.length) return;
      handler('SIGINT');
      handler('SIGINT');
      written = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
    };
    try {
      await run([...base(out), '--counterfactual', 'rerun'], stop);
      expect(exits).toEqual([130]);
      expect(written?.interrupted).toMatch(/interrupted twice/);
      expect(written.strategies.bdtr.questions.length).toBeGreaterThan(0);
    } finally {
      trigger = () => {};
    }
  }, 120_000);
});

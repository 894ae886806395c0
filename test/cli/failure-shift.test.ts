/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// The failure shift between the first two strategies of a run: printed, and written in --out as
// `shift`, its cells adding up to the questions both strategies ran.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';

async function run(argv: string[]) {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t + '\n'),
    err: (t: string) => void (io.stderr += t + '\n'),
  } satisfies Io & Record<string, unknown>;
  const code = await main(argv, io);
  return { code, ...io };
}
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-shift-'));
});

describe('failure shift in the CLI', () => {
  it('prints the matrix of the first two strategies and writes it in --out as shift, its counts adding up', async () => {
    const out = join(dir, 'shift.json');
    const r = await run([
      ...['--dataset', 'public/demo', '--retriever', 'bm25', '--strategy', 'ircot,bdtr,static'],
      ...['--llm', 'offline', '--k', '5', '--cache-dir', 'off', '--out', out],
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Failure shift IRCoT -> BDTR over the 15 questions both ran/);
    const { shift } = await readJson(out);
    expect(shift).toMatchObject({ a: 'ircot', b: 'bdtr', questions: 15 });
    const cells = Object.values(shift.outcomes as Record<string, string[]>);
    expect(cells.flat().sort()).toEqual(json15());
    expect(shift.flags.reduce((n: number, c: any) => n + c.questions.length, 0)).toBe(15);
  }, 120_000);
});

const json15 = () => Array.from({ length: 15 }, (_, i) => `demo-${String(i + 1).padStart(2, '0')}`);

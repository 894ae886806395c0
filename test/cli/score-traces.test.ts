/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// `--score-traces` (issue 11): the numbers of a folder of traces equal those of the run that wrote
// them; v1 traces and browser run files score too; a trace that does not validate exits 1 naming it.
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../support/cli-runner.ts';

const DEMO = 'public/demo';

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-score-'));
});

describe('--score-traces', () => {
  it('gives the numbers of the run that wrote the traces, bridge recall included', async () => {
    const traces = join(dir, 'traces');
    const ran = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static,bdtr',
      '--llm',
      'offline',
      '--cache-dir',
      'off',
      '--k',
      '2,5',
      '--traces',
      traces,
      '--out',
      join(dir, 'ran.json'),
    ]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('bridge gold');
    const scored = await run([
      '--dataset',
      DEMO,
      '--score-traces',
      traces,
      '--k',
      '2,5',
      '--out',
      join(dir, 'scored.json'),
    ]);
    expect(scored.code).toBe(0);
    const a = await readJson(join(dir, 'ran.json'));
    const b = await readJson(join(dir, 'scored.json'));
    for (const s of ['static', 'bdtr']) {
      expect(b.strategies[s].summary).toEqual(a.strategies[s].summary);
      expect(b.strategies[s].questions).toEqual(a.strategies[s].questions);
    }
    // The same pairs (a folder has no run order, so a pair may be listed as B vs A).
    const pairs = (c: any) =>
      Object.fromEntries(
        ['byEm', 'byAllGold'].map((by) => [
          by,
          c[by].map((p: any) => (p.a < p.b ? p : { ...p, a: p.b, b: p.a, onlyA: p.onlyB, onlyB: p.onlyA })),
        ]),
      );
    expect(pairs(b.complementarity)).toEqual(pairs(a.complementarity));
    // The demo's structured gold (gold titles) gives bridges; BDTR reports their recall beside Recall@k.
    expect(a.strategies.bdtr.summary.bridgeQuestions).toBeGreaterThan(0);
    expect(a.strategies.bdtr.summary['bridgeRecall@5']).toBeGreaterThanOrEqual(0);
    const q = a.strategies.bdtr.questions.find((x: any) => x.bridgeIds.length > 0);
    for (const id of q.bridgeIds) expect(q.goldIds).toContain(id);
    expect(q.bridgeRanksByRound).toHaveLength(q.recallByRound.length);
  });

  it('scores version-1 traces and browser run files', async () => {
    const old = join(dir, 'old');
    await mkdir(old);
    await copyFile('test/fixtures/traces/bdtr-offline-demo-01.json', join(old, 'a.json'));
    await copyFile('test/fixtures/traces/v1-run-file.json', join(old, 'b.json'));
    const r = await run(['--dataset', DEMO, '--score-traces', old, '--k', '2', '--out', join(dir, 'old.json')]);
    expect(r.code).toBe(0);
    const out = await readJson(join(dir, 'old.json'));
    expect(Object.keys(out.strategies).sort()).toEqual(['bdtr', 'ircot']);
    expect(out.strategies.bdtr.summary['recall@2']).toBe(1);
  });

  it('exits 1 naming the file of a trace that does not validate', async () => {
    const bad = join(dir, 'bad');
    await mkdir(bad);
    await copyFile('test/fixtures/traces/bdtr-offline-demo-01.json', join(bad, 'good.json'));
    await writeFile(join(bad, 'broken.json'), JSON.stringify({ version: 2, id: 'x', events: 'nope' }));
    const r = await run(['--dataset', DEMO, '--score-traces', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(join(bad, 'broken.json'));
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('refuses to be combined with a run', async () => {
    const r = await run(['--dataset', DEMO, '--score-traces', dir, '--retriever', 'bm25']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--score-traces runs nothing: it cannot be combined with --retriever');
  });
});

describe('--score-traces keeps oracle traces apart', () => {
  it('oracle branches and gold-context traces are reported only under an oracle label, never compared', async () => {
    const traces = join(dir, 'with-oracles');
    const ran = await run([
      ...['--dataset', DEMO, '--retriever', 'bm25', '--strategy', 'static,bdtr', '--llm', 'offline'],
      ...['--cache-dir', 'off', '--k', '5', '--traces', traces, '--regime', 'iterative,gold-context'],
      ...['--counterfactual', 'gold-bridge@1', '--out', join(dir, 'with-oracles-ran.json')],
    ]);
    expect(ran.code).toBe(0);
    // one folder holding the plain traces, the gold-context traces and the oracle branches
    const { readdir } = await import('node:fs/promises');
    const branches = (await readdir(join(traces, 'counterfactual'))).filter((f) => f.endsWith('.json'));
    expect(branches.length).toBeGreaterThan(0);
    for (const f of branches) await copyFile(join(traces, 'counterfactual', f), join(traces, `branch-${f}`));
    const scored = await run([
      ...['--dataset', DEMO, '--score-traces', traces, '--k', '5', '--out', join(dir, 'with-oracles.json')],
    ]);
    expect(scored.code).toBe(0);
    const out = await readJson(join(dir, 'with-oracles.json'));
    // the folder mixes regimes, so every group names its regime
    expect(Object.keys(out.strategies).sort()).toEqual(['bdtr · iterative', 'static · iterative']);
    const oracles = Object.entries(out.oracles) as [string, any][];
    expect(oracles.map(([name]) => name).sort()).toEqual([
      'bdtr · gold-context',
      'bdtr · iterative · branch gold-bridge@1',
      'static · gold-context',
      'static · iterative · branch gold-bridge@1', // written though not applied: its trace says why
    ]);
    for (const [, o] of oracles) expect(o).toMatchObject({ oracle: true, label: expect.stringMatching(/ORACLE/) });
    // comparisons: the two plain strategies only
    const names = new Set(out.complementarity.byEm.flatMap((p: any) => [p.a, p.b]));
    expect([...names].sort()).toEqual(['bdtr · iterative', 'static · iterative']);
    expect(scored.stdout).toMatch(
      /bdtr · iterative · branch gold-bridge@1 \(ORACLE: reads the gold; not a strategy result\)/,
    );
    expect(scored.stdout).toMatch(/bdtr · gold-context \(ORACLE/);
  });
});

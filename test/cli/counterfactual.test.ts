/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// `--counterfactual`: rerun gives every strategy's per-question rankings and answers unchanged;
// gold-bridge@1 on 2Wiki reports failed/fixed/broken per strategy, labelled oracle, and every branch's
// pool after round 1 holds every bridge passage.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { bridgeOf } from '../../src/core/eval/bridge.ts';
import { RUNNABLE } from '../../src/core/strategies/index.ts';
import { loadTrace } from '../../src/core/trace/load.ts';

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
  dir = await mkdtemp(join(tmpdir(), 'hopscope-counterfactual-'));
});

describe('--counterfactual rerun', () => {
  it.each([
    ['bm25', RUNNABLE.filter((s) => s !== 'gear')],
    ['naivege', ['gear']],
  ] as const)(
    'on %s: every question of every strategy keeps its ranking and answer',
    async (retriever, strategies) => {
      const out = join(dir, `rerun-${retriever}.json`);
      const r = await run([
        ...['--dataset', 'public/demo', '--retriever', retriever, '--strategy', strategies.join(',')],
        ...['--llm', 'offline', '--k', '5', '--cache-dir', 'off', '--counterfactual', 'rerun', '--out', out],
      ]);
      expect(r.stderr).not.toMatch(/Error|at .*\.ts:\d+/);
      expect(r.code).toBe(0);
      const json = await readJson(out);
      const per = strategies.length === 1 ? { [strategies[0]]: json } : json.strategies;
      for (const name of strategies) {
        const s = per[name];
        expect(s.summary.counterfactual).toMatchObject({
          spec: 'rerun@1',
          oracle: false,
          notApplied: 0,
          branchFailed: 0,
          plainFailed: 0,
          changed: 0,
          fixed: 0,
          broken: 0,
          'recallDelta@5': 0,
        });
        expect(s.summary.counterfactual.questions).toBe(s.questions.length);
        expect(s.summary.counterfactual.applied).toBe(s.questions.length);
        for (const q of s.questions) {
          expect(q.counterfactual.status).toBe('applied');
          expect(q.counterfactual.changed).toBe(false);
          expect(q.counterfactual.firstDifference).toBeNull();
          expect(q.counterfactual.answer).toEqual(q.answer);
          expect(q.counterfactual.recall).toEqual(q.recall);
        }
      }
    },
    300_000,
  );

  it('a bad spec is a usage error naming the flag', async () => {
    const r = await run([
      ...['--dataset', 'public/demo', '--retriever', 'bm25', '--strategy', 'bdtr', '--llm', 'offline'],
      ...['--counterfactual', 'gold-bridge'],
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--counterfactual: counterfactual "gold-bridge": gold-bridge needs a round/);
  });
});

/** ../shared beside the repository (the data is read there, never copied). */
const besideRepo = fileURLToPath(new URL('../../../shared/data/2wikimultihopqa', import.meta.url));
// a worktree elsewhere falls back to the machine's copy
const TWOWIKI = existsSync(besideRepo) ? besideRepo : '/work/shared/data/2wikimultihopqa';

describe('--counterfactual gold-bridge@1 on 2Wiki', () => {
  it('reports failed/fixed/broken per strategy as an oracle, and round 1 pools hold every bridge passage', async () => {
    const out = join(dir, 'bridge.json');
    const traces = join(dir, 'traces');
    const r = await run([
      ...['--dataset', TWOWIKI, '--retriever', 'bm25', '--strategy', 'bdtr,irgs'],
      ...['--llm', 'offline', '--limit', '12', '--k', '5', '--cache-dir', 'off', '--traces', traces],
      ...['--counterfactual', 'gold-bridge@1', '--out', out],
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('counterfactual gold-bridge@1 (ORACLE: reads the gold; not a strategy result) · bdtr');
    const json = await readJson(out);
    for (const name of ['bdtr', 'irgs']) {
      const cf = json.strategies[name].summary.counterfactual;
      expect(cf).toMatchObject({ spec: 'gold-bridge@1', oracle: true });
      for (const key of ['questions', 'failed', 'fixed', 'broken', 'recallDelta@5', 'bridgeRecallDelta@5'])
        expect(typeof cf[key]).toBe('number');
      expect(cf.questions).toBe(12);
      expect(cf.applied + cf.notApplied + cf.branchFailed + cf.plainFailed).toBe(12);
      expect(cf.applied).toBeGreaterThan(0);
      expect(cf.fixed).toBeLessThanOrEqual(cf.failed);
      expect(cf['bridgeRecallDelta@5']).toBeGreaterThan(0);
    }
    const files = await readdir(join(traces, 'counterfactual'));
    const ran = (s: string) =>
      json.strategies[s].questions.filter((q: any) => q.counterfactual.branchStatus !== undefined).length;
    expect(files.length).toBe(ran('bdtr') + ran('irgs'));
    for (const f of files) {
      const t = loadTrace(JSON.parse(await readFile(join(traces, 'counterfactual', f), 'utf8')), f);
      expect(t.branch).toMatchObject({ oracle: true, label: 'gold-bridge@1' });
      if (t.events.some((e) => e.type === 'warning' && e.module === 'whatif')) continue; // not applied
      const bridge = [...bridgeOf(t.question).ids];
      expect(bridge.length).toBeGreaterThan(0);
      const pool = t.events.findLast((e) => e.type === 'pool' && e.round === 1);
      if (pool?.type !== 'pool') throw new Error(`${f}: no pool after round 1`);
      expect(pool.pool.slice(0, bridge.length).map((p) => p.id)).toEqual(expect.arrayContaining(bridge));
    }
  }, 300_000);
});

describe('only what ran is counted', () => {
  it('gold-bridge@1 on static,bdtr: static rows are "not applied" with the reason and are not counted', async () => {
    const out = join(dir, 'static-bdtr.json');
    const r = await run([
      ...['--dataset', 'public/demo', '--retriever', 'bm25', '--strategy', 'static,bdtr'],
      ...['--llm', 'offline', '--k', '5', '--cache-dir', 'off', '--counterfactual', 'gold-bridge@1', '--out', out],
    ]);
    expect(r.code).toBe(0);
    const json = await readJson(out);
    const st = json.strategies.static;
    expect(st.summary.counterfactual).toMatchObject({ applied: 0, changed: 0, fixed: 0, broken: 0, branchFailed: 0 });
    expect(st.summary.counterfactual.notApplied).toBe(st.questions.length);
    expect(st.summary.counterfactual['recallDelta@5']).toBeNull(); // no applied row: no delta (NaN in JSON)
    for (const q of st.questions) {
      expect(q.counterfactual.status).toBe('not-applied');
      expect(q.counterfactual.changed).toBe(false);
      expect(q.counterfactual.reason).toMatch(/not applied|no bridge/);
    }
    expect(r.stdout).toMatch(/not applied demo-01: /);
    const bd = json.strategies.bdtr.summary.counterfactual;
    expect(bd.applied).toBeGreaterThan(0);
    expect(bd.applied + bd.notApplied).toBe(json.strategies.bdtr.questions.length);
  }, 120_000);

  it('against a server that fails the branches: nothing is counted as changed, the rows say why, exit 3', async () => {
    // The server answers every prompt once (in the reply styles real models use) and refuses a prompt it
    // has seen: a rerun's live calls repeat the plain run's prompts, so every branch that calls it fails.
    const { replyStyleScript } = await import('../support/reply-styles.ts');
    const { startOpenAiServer } = await import('../support/openai-server.ts');
    const styles = replyStyleScript();
    const seen = new Set<string>();
    const server = await startOpenAiServer({
      models: ['json'],
      script: (body, n, request) => {
        const key = JSON.stringify(body.messages);
        if (seen.has(key)) return { fault: { kind: 'status', status: 400, message: 'refused: this prompt again' } };
        seen.add(key);
        return styles.script(body, n, request);
      },
    });
    try {
      const out = join(dir, 'failing-server.json');
      const r = await run([
        ...['--dataset', 'public/demo', '--retriever', 'bm25', '--strategy', 'bdtr'],
        ...['--llm', `openai:json@${server.baseURL}`, '--k', '5', '--cache-dir', 'off'],
        ...['--counterfactual', 'rerun', '--out', out],
      ]);
      const json = await readJson(out);
      const cf = json.summary.counterfactual;
      expect(cf.branchFailed).toBeGreaterThan(0);
      expect(cf.changed).toBe(0);
      expect(cf.applied + cf.branchFailed + cf.notApplied + cf.plainFailed).toBe(json.questions.length);
      for (const q of json.questions.filter((x: any) => x.counterfactual.status === 'branch-failed')) {
        expect(q.counterfactual.changed).toBe(false);
        expect(q.counterfactual.reason).toMatch(/refused|400/);
      }
      expect(r.stdout).toMatch(/branch failed demo-\d+: /);
      expect(r.stderr).toMatch(/counterfactual branch\(es\) failed/);
      expect(r.code).toBe(3);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('gold-bridge@1 on static,bdtr against a server that fails the branches', () => {
  it('static rows are not applied, nothing is counted as changed, the failed branches say why, exit 3', async () => {
    const { replyStyleScript } = await import('../support/reply-styles.ts');
    const { startOpenAiServer } = await import('../support/openai-server.ts');
    const styles = replyStyleScript();
    // the server answers the plain runs and fails every call once BDTR's plain run has finished (its
    // last progress line): every branch call that is not replayed from the trace fails
    let failing = false;
    const server = await startOpenAiServer({
      models: ['json'],
      script: (body, n, request) =>
        failing
          ? { fault: { kind: 'status', status: 400, message: 'the server is down for branches' } }
          : styles.script(body, n, request),
    });
    try {
      const out = join(dir, 'gold-bridge-failing.json');
      const io = {
        stdout: '',
        stderr: '',
        out: (t: string) => void (io.stdout += t + '\n'),
        err: (t: string) => {
          io.stderr += t + '\n';
          if (/bdtr: 15\/15 questions/.test(t)) failing = true;
        },
      } satisfies Io & Record<string, unknown>;
      const code = await main(
        [
          ...['--dataset', 'public/demo', '--retriever', 'bm25', '--strategy', 'static,bdtr'],
          ...['--llm', `openai:json@${server.baseURL}`, '--k', '5', '--cache-dir', 'off'],
          ...['--counterfactual', 'gold-bridge@1', '--out', out],
        ],
        io,
      );
      expect(failing).toBe(true);
      const json = await readJson(out);
      const st = json.strategies.static.summary.counterfactual;
      expect(st).toMatchObject({ applied: 0, changed: 0, notApplied: json.strategies.static.questions.length });
      const bd = json.strategies.bdtr.summary.counterfactual;
      expect(bd.branchFailed).toBeGreaterThan(0);
      expect(bd.changed).toBe(0);
      expect(bd.applied + bd.notApplied + bd.branchFailed + bd.plainFailed).toBe(json.strategies.bdtr.questions.length);
      expect(bd.applied).toBe(0);
      for (const q of json.strategies.bdtr.questions.filter((x: any) => x.counterfactual.status === 'branch-failed'))
        expect(q.counterfactual.reason).toMatch(/down for branches|400/);
      expect(code).toBe(3);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('replays serve what was read', () => {
  it('--traces T, then --counterfactual rerun over the same command: traces read back from files change nothing', async () => {
    const traces = join(dir, 'rerun-from-files');
    const strategies = 'bdtr,ircot,gear,dualrag,planner';
    const argv = (out: string) => [
      ...['--dataset', 'public/demo', '--retriever', 'bm25', '--strategy', strategies, '--llm', 'offline'],
      ...['--k', '5', '--cache-dir', 'off', '--traces', traces, '--out', out],
    ];
    expect((await run(argv(join(dir, 'plain.json')))).code).toBe(0);
    const out = join(dir, 'rerun-from-files.json');
    const r = await run([...argv(out), '--counterfactual', 'rerun']);
    expect(r.code).toBe(0);
    const json = await readJson(out);
    for (const name of strategies.split(',')) {
      const s = json.strategies[name];
      expect(s.summary.counterfactual).toMatchObject({ applied: s.questions.length, changed: 0 });
      for (const q of s.questions) expect(q.counterfactual.firstDifference).toBeNull();
    }
  }, 300_000);
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// The eval CLI end to end in this process (main(argv, io)): real files, the demo dataset, the offline
// thinker, the replay provider, and the local OpenAI-compatible server for a failing LLM call.
import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../support/cli-runner.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import { traceFileName } from '../../src/cli/trace-files.ts';
import { demoScriptFailing } from '../support/demo-failing-script.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

const DEMO = 'public/demo';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-cli-'));
});

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

describe('bad arguments exit 2 with a sentence and the usage', () => {
  it.each([
    [[], '--dataset <dir> is required'],
    [['--dataset', DEMO], 'give --retriever <name>, --predictions <file> or --score-traces <dir>'],
    [['--dataset', DEMO, '--retriever', 'tfidf'], '--retriever must be one of'],
    [['--dataset', DEMO, '--retriever', 'bm25', '--k', '0,5'], '--k must be a positive whole number, got "0"'],
    [['--dataset', DEMO, '--retriever', 'bm25', '--strategy', 'bdtr'], '--strategy needs --llm'],
    [['--dataset', DEMO, '--retriever', 'bm25', '--strategy', 'magic', '--llm', 'offline'], 'unknown strategy "magic"'],
    [['--dataset', DEMO, '--retriever', 'bm25', '--frobnicate'], "Unknown option '--frobnicate'"],
    [['--dataset', join(DEMO, 'missing'), '--retriever', 'bm25'], 'is not a folder'],
    [
      ['--dataset', DEMO, '--retriever', 'hipporag2', '--seed', 'phrases'],
      '--seed must be facts or entities, got "phrases"',
    ],
    [['--dataset', DEMO, '--retriever', 'bm25', '--seed', 'facts'], '--seed is an option of --retriever hipporag2'],
    [['--dataset', DEMO, '--retriever', 'bm25', '--llm', 'openai'], '--llm is used by --strategy'],
  ])('%j', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('usage:');
    expect(r.stdout).toBe('');
  });
});

describe('the backbones of BDTR Table 1 run from the CLI and say what stands in for what', () => {
  it.each([
    [['--retriever', 'hipporag2'], 'seeds: retrieved facts, scored by BM25 over triple strings'],
    [['--retriever', 'hipporag2', '--seed', 'entities'], 'seeds: linked query entities'],
    [['--retriever', 'raptor'], 'extractive summary (no LLM'],
    [['--retriever', 'graphrag'], 'extractive community report (no LLM'],
  ])('%j', async (args, label) => {
    const r = await run(['--dataset', DEMO, ...args, '--k', '2,5']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(label);
    expect(r.stdout).toMatch(/all +\d+ +0\.\d{3}/);
  });
});

describe('bad data exits 1 and names the file and record', () => {
  it('a malformed question record', async () => {
    const bad = join(dir, 'bad-dataset');
    await mkdir(bad, { recursive: true });
    await writeFile(join(bad, 'corpus.json'), JSON.stringify([{ title: 'A', text: 'alpha' }]));
    await writeFile(
      join(bad, 'questions.json'),
      JSON.stringify([
        { _id: 'q1', question: 'What?', answer: 'a', supporting_titles: ['A'] },
        { _id: 'q2', answer: 'b' },
      ]),
    );
    const r = await run(['--dataset', bad, '--retriever', 'bm25']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: .*questions\.json/);
    expect(r.stderr).toMatch(/record 1|\[1\]/);
  });

  it('a predictions file that is not an object of strings', async () => {
    const file = join(dir, 'preds-bad.json');
    await writeFile(file, JSON.stringify({ 'demo-01': 42 }));
    const r = await run(['--dataset', DEMO, '--predictions', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('preds-bad.json');
    expect(r.stderr).toContain('demo-01');
  });
});

describe('retrieval and predictions', () => {
  it('writes the JSON contract: flat summary keys, per-question ranking cut to max k, gold ranks', async () => {
    const out = join(dir, 'bm25.json');
    const r = await run(['--dataset', DEMO, '--retriever', 'bm25', '--k', '2,5,10', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('R@5');
    const json = await readJson(out);
    expect(json.summary.count).toBe(15);
    for (const key of ['recall@2', 'recall@5', 'recall@10', 'allGold@5']) expect(json.summary[key]).toBeGreaterThan(0);
    expect(Object.keys(json.summary.byType)).toEqual(expect.arrayContaining(['bridge', 'comparison']));
    expect(json.summary.byType.bridge['recall@5']).toBeGreaterThan(0);
    const q = json.questions[0];
    expect(Object.keys(q)).toEqual(expect.arrayContaining(['id', 'type', 'goldIds', 'ranking', 'goldRanks']));
    expect(q.ranking.length).toBeGreaterThan(0);
    expect(q.ranking.length).toBeLessThanOrEqual(10);
    expect(q.goldRanks).toHaveLength(q.goldIds.length);
    // goldRanks are read off the ranking written next to them
    q.goldIds.forEach((id: string, i: number) => {
      const at = q.ranking.findIndex((x: { id: string }) => x.id === id);
      expect(q.goldRanks[i]).toBe(at === -1 ? null : at + 1);
    });
  });

  it('scores given answers (EM/F1/Acc), missing ones count 0', async () => {
    const questions = JSON.parse(await readFile(join(DEMO, 'demo.json'), 'utf8')) as { _id: string; answer: string }[];
    const file = join(dir, 'preds.json');
    await writeFile(
      file,
      JSON.stringify({ [questions[0]!._id]: `the ${questions[0]!.answer}`, [questions[1]!._id]: 'nothing like it' }),
    );
    const out = join(dir, 'scores.json');
    const r = await run(['--dataset', DEMO, '--predictions', file, '--out', out]);
    expect(r.code).toBe(0);
    const json = await readJson(out);
    expect(json.summary.em).toBeCloseTo(1 / questions.length);
    expect(json.missing).toHaveLength(questions.length - 2);
  });
});

describe('strategy batches', () => {
  it('BDTR with the offline thinker: traces written, labelled, identical at concurrency 1 and 8, and replayed to identical metrics', async () => {
    const traces = join(dir, 'traces');
    const a = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'hipporag2',
      '--strategy',
      'bdtr',
      '--llm',
      'offline',
      '--k',
      '2,5,10',
      '--traces',
      traces,
      '--out',
      join(dir, 'c1.json'),
    ]);
    expect(a.code).toBe(0);
    expect(a.stderr).toContain('offline thinker (no LLM)');
    expect(a.stdout).toContain('offline thinker (no LLM)');
    const c1 = await readJson(join(dir, 'c1.json'));
    expect(c1.llm).toBe('offline thinker (no LLM)');
    expect(c1.summary.recallByRound.length).toBeGreaterThanOrEqual(3);
    expect(c1.summary.tokens.byModule['bdtr.verifier'].calls).toBe(15);
    const files = await readdir(traces);
    expect(files).toHaveLength(15);
    const trace = loadTrace(await readFile(join(traces, files[0]!), 'utf8'));
    expect(trace.events.some((e) => e.type === 'promote')).toBe(true);

    const b = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'hipporag2',
      '--strategy',
      'bdtr',
      '--llm',
      'offline',
      '--k',
      '2,5,10',
      '--concurrency',
      '8',
      '--out',
      join(dir, 'c8.json'),
    ]);
    expect(b.code).toBe(0);
    const c8 = await readJson(join(dir, 'c8.json'));
    const stable = (j: Record<string, any>) => j.questions.map((q: Record<string, unknown>) => ({ ...q, wallMs: 0 }));
    expect(stable(c8)).toEqual(stable(c1));

    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'hipporag2',
      '--strategy',
      'bdtr',
      '--llm',
      `replay:${traces}`,
      '--k',
      '2,5,10',
      '--out',
      join(dir, 'replay.json'),
    ]);
    expect(r.code).toBe(0);
    const replay = await readJson(join(dir, 'replay.json'));
    expect(replay.llm).toMatch(/^replay of/);
    const metrics = (j: Record<string, any>) =>
      j.questions.map((q: Record<string, any>) => [q.id, q.ranking, q.answer, q.em, q.f1, q.recallByRound]);
    expect(metrics(replay)).toEqual(metrics(c1));
    expect(replay.summary['recall@5']).toBe(c1.summary['recall@5']);
  });

  it('a rerun with --traces reuses the finished traces (resume)', async () => {
    const traces = join(dir, 'resume');
    await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'ircot',
      '--llm',
      'offline',
      '--limit',
      '4',
      '--traces',
      traces,
    ]);
    const again = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'ircot',
      '--llm',
      'offline',
      '--limit',
      '6',
      '--traces',
      traces,
    ]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('4 finished traces reused');
    expect(await readdir(traces)).toHaveLength(6);
    // other options (here more rounds) are another run: nothing is reused
    const other = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'ircot',
      '--llm',
      'offline',
      '--limit',
      '6',
      '--rounds',
      '3',
      '--traces',
      traces,
    ]);
    expect(other.code).toBe(0);
    expect(other.stderr).not.toContain('finished traces reused');
    expect(other.stderr).toContain('6 traces in');
    expect(other.stderr).toContain('not reused (other options)');
  });

  it('several strategies on the same questions get a complementarity table', async () => {
    const out = join(dir, 'multi.json');
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static,bdtr',
      '--llm',
      'offline',
      '--k',
      '5',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Complementarity');
    expect(r.stdout).toContain('Which pair fuses best (RRF k = 60');
    expect((await readJson(out)).pairFusion[0]).toMatchObject({
      a: 'static',
      b: 'bdtr',
      shared: 15,
      fused: expect.any(Number),
    });
    const json = await readJson(out);
    expect(Object.keys(json.strategies)).toEqual(['static', 'bdtr']);
    const pair = json.complementarity.byAllGold[0];
    expect(pair).toMatchObject({ a: 'static', b: 'bdtr', shared: 15 });
    expect(pair.both + pair.onlyA + pair.onlyB + pair.neither).toBe(15);
  });

  it('--reader-top gives every strategy the same reader budget, recorded in the traces and shown in the results', async () => {
    const out = join(dir, 'budget.json');
    const traces = join(dir, 'budget-traces');
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static,bdtr,tog',
      '--llm',
      'offline',
      '--k',
      '5',
      '--limit',
      '4',
      '--reader-top',
      '3',
      '--traces',
      traces,
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('reader budget: readerTop 3 (mean 3.00 passages read)');
    expect(r.stdout).toContain('ToG-style (Fig. 11)');
    const json = await readJson(out);
    for (const s of ['static', 'tog'])
      expect(json.strategies[s].summary).toMatchObject({ readerTop: 3, readerPassages: 3, normalize: 'minmax' });
    // BM25's scores have a scale per query: BDTR's default min-max normalises each retrieval before Eq. 4
    expect(json.strategies.bdtr.summary).toMatchObject({ readerTop: 3, readerPassages: 3, normalize: 'minmax' });
    expect(json.strategies.bdtr.summary.llmCallsPerQuestion).toBe(5); // 2 dual thoughts, chain, verifier, reader
    expect(json.strategies.bdtr.summary.roundsUsed).toBe(2);
    expect(json.strategies.tog.title).toBe('ToG-style (Fig. 11)');
    const files = await readdir(traces);
    const bdtr = loadTrace(
      await readFile(
        join(
          traces,
          files.find((f) => f.startsWith('bdtr-'))!,
        ),
        'utf8',
      ),
    );
    expect(bdtr.options).toMatchObject({ readerTop: 3 });
  });

  it('without --reader-top each strategy reads its paper setting; --normalize none reaches the traces', async () => {
    const out = join(dir, 'paper-budget.json');
    const traces = join(dir, 'none-traces');
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static,bdtr',
      '--llm',
      'offline',
      '--k',
      '5',
      '--limit',
      '3',
      '--normalize',
      'none',
      '--equal-budget',
      '5',
      '--traces',
      traces,
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const json = await readJson(out);
    // --equal-budget 5: static already reads 5 (same numbers); BDTR is rerun with readerTop 5
    expect(json.strategies.static.summary.equalBudget).toEqual({
      readerTop: 5,
      em: json.strategies.static.summary.em,
      f1: json.strategies.static.summary.f1,
      readerPassages: json.strategies.static.summary.readerPassages,
    });
    expect(json.strategies.bdtr.summary.equalBudget).toMatchObject({ readerTop: 5, em: expect.any(Number) });
    expect(r.stdout).toContain('at equal budget readerTop 5 (mean 5.00 read): EM');
    expect((await readdir(traces)).filter((f) => f.startsWith('bdtr-'))).toHaveLength(3); // the budget pass writes no traces
    expect(json.strategies.static.summary).toMatchObject({ readerTop: 5, normalize: 'none' });
    expect(json.strategies.bdtr.summary).toMatchObject({ readerTop: 'all', normalize: 'none' });
    const t = loadTrace(
      await readFile(
        join(
          traces,
          (await readdir(traces)).find((f) => f.startsWith('bdtr-'))!,
        ),
        'utf8',
      ),
    );
    expect(t.options).toMatchObject({ normalize: 'none', readerTop: 'all' });
    expect(t.events.find((e) => e.type === 'pool')).toBeDefined();
    const bad = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--normalize',
      'zscore',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--normalize must be one of minmax, none, got "zscore"');
  });

  it("--retrieval-memo carries retrievals to the next run of the same backbone and refuses another backbone's file", async () => {
    const memo = join(dir, 'memo.json');
    const first = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static,ircot',
      '--llm',
      'offline',
      '--k',
      '5',
      '--limit',
      '3',
      '--retrieval-memo',
      memo,
      '--out',
      join(dir, 'm1.json'),
    ]);
    expect(first.code).toBe(0);
    const written = await readJson(memo);
    expect(written).toMatchObject({ backbone: 'bm25' });
    expect(written.entries.length).toBeGreaterThan(3);
    const again = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static,ircot',
      '--llm',
      'offline',
      '--k',
      '5',
      '--limit',
      '3',
      '--retrieval-memo',
      memo,
      '--out',
      join(dir, 'm2.json'),
    ]);
    expect(again.stderr).toContain(`retrieval memo: ${written.entries.length} retrievals loaded`);
    const [m1, m2] = [await readJson(join(dir, 'm1.json')), await readJson(join(dir, 'm2.json'))];
    for (const s of ['static', 'ircot'])
      expect(m2.strategies[s].questions.map((q: any) => q.ranking)).toEqual(
        m1.strategies[s].questions.map((q: any) => q.ranking),
      );
    const other = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'hipporag2',
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--limit',
      '1',
      '--retrieval-memo',
      memo,
    ]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('--retrieval-memo: written for backbone "bm25"');
  });

  describe('against the local OpenAI-compatible server', () => {
    let server: OpenAiServer;
    beforeAll(async () => {
      server = await startOpenAiServer();
    });
    afterAll(() => server.close());

    it('a question whose LLM call fails is recorded as failed with its error; the batch goes on and counts it', async () => {
      const { doomed, script } = await demoScriptFailing(DEMO, 1);
      server.setScript(script);
      const traces = join(dir, 'failing');
      const out = join(dir, 'failing.json');
      const r = await run([
        '--dataset',
        DEMO,
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
        '--limit',
        '4',
        '--cache-dir',
        'off',
        '--traces',
        traces,
        '--out',
        out,
      ]);
      expect(r.code).toBe(3); // everything written, but a question failed
      expect(r.stderr).toContain(`failed ${doomed._id}`);
      const json = await readJson(out);
      expect(json.summary.failed).toBe(1);
      expect(json.summary.completed).toBe(3);
      expect(json.summary.count).toBe(3); // the failed question is counted, never scored
      expect(json.summary.em).toBe(1); // three scripted right answers over the three completed
      expect(json.failed[0].id).toBe(doomed._id);
      const trace = loadTrace(await readFile(join(traces, traceFileName(`static-bm25-${doomed._id}`)), 'utf8'));
      expect(trace.status).toBe('failed');
      expect(trace.events.find((e) => e.type === 'error')).toMatchObject({ module: 'answer' });
      expect(server.chats().length).toBeGreaterThanOrEqual(4);
    });

    it('hipporag2 --llm openai: the top facts of every question go through the recognition-memory filter', async () => {
      // The model keeps the first candidate fact it was shown (as HippoRAG 2's filter would return it).
      server.setScript((body) => {
        const last = body.messages.at(-1)!.content;
        const first = /\{"fact": \[(\[[^\]]*\])/.exec(last)?.[1] ?? '';
        return { content: `[[ ## fact_after_filter ## ]]\n{"fact": [${first}]}\n\n[[ ## completed ## ]]` };
      });
      const before = server.chats().length;
      const r = await run([
        '--dataset',
        DEMO,
        '--retriever',
        'hipporag2',
        '--llm',
        'openai',
        '--base-url',
        server.baseURL,
        '--model',
        'test-model',
        '--limit',
        '3',
        '--cache-dir',
        'off',
        '--k',
        '2,5',
      ]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('filter: recognition memory (hipporag2-dspy-filter/1');
      const sent = server.chats().slice(before);
      expect(sent).toHaveLength(3);
      expect(sent[0]!.body!.messages).toHaveLength(22);
      expect(sent[0]!.body!.messages.at(-1)!.content).toContain('[[ ## fact_before_filter ## ]]');
    });

    it('reports tokens by module exactly as the server counted them, and a rerun of the batch makes no request', async () => {
      const questions = JSON.parse(await readFile(join(DEMO, 'demo.json'), 'utf8')) as {
        _id: string;
        question: string;
        answer: string;
      }[];
      server.setScript((body) => {
        const prompt = body.messages.map((m) => m.content).join('\n');
        const i = questions.findIndex((x) => prompt.includes(x.question));
        return {
          content: JSON.stringify({ thought: 'scripted', answer: questions[i]?.answer ?? 'unknown' }),
          usage: { prompt_tokens: 100 + i, completion_tokens: 7 },
        };
      });
      const cache = join(dir, 'llm-cache');
      const argv = (out: string) => [
        '--dataset',
        DEMO,
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
        '--limit',
        '5',
        '--concurrency',
        '2',
        '--cache-dir',
        cache,
        '--out',
        join(dir, out),
      ];
      const before = server.chats().length;
      expect((await run(argv('first.json'))).code).toBe(0);
      const sent = server.chats().slice(before);
      expect(sent).toHaveLength(5);
      const first = await readJson(join(dir, 'first.json'));
      const answer = first.summary.tokens.byModule.answer;
      expect(answer).toMatchObject({ calls: 5, cached: 0, completion: 35 });
      expect(answer.prompt).toBe(100 + 101 + 102 + 103 + 104); // the usage the server reported for questions 0..4
      expect(first.summary.em).toBe(1);

      expect((await run(argv('second.json'))).code).toBe(0);
      expect(server.chats().length).toBe(before + 5);
      const second = await readJson(join(dir, 'second.json'));
      expect(second.summary.tokens.byModule.answer).toMatchObject({ calls: 5, cached: 5 });
      const same = (j: Record<string, any>) =>
        j.questions.map((q: Record<string, any>) => [q.id, q.ranking, q.answer, q.em]);
      expect(same(second)).toEqual(same(first));
    });
  });
});

// Each kind of intervention on a BDTR demo run (offline thinker): the change happens at its step and
// nothing before it differs; with a model on the local OpenAI-compatible server, the replayed rounds
// make no request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStrategy, type StrategyName } from '../../../src/core/strategies/index.ts';
import type { Trace, TraceEventOf } from '../../../src/core/trace/schema.ts';
import { runBranch, WhatIfError } from '../../../src/core/whatif/branch.ts';
import { parseCounterfactual, verifierSelection } from '../../../src/core/whatif/counterfactual.ts';
import { comparable, firstDifference } from '../../../src/core/whatif/diff.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../../support/openai-server.ts';
import { bm25, dataset, demoContext, passages } from './demo.ts';

const q = dataset.questions[0]!;
const meta = { corpus: dataset.corpus, retrieverName: 'bm25' };
const pools = (t: Trace, round: number) =>
  t.events.filter((e): e is TraceEventOf<'pool'> => e.type === 'pool' && e.round === round);
const roundStart = (t: Trace, round: number) => t.events.findIndex((e) => e.round >= round);

async function plain(name: StrategyName = 'bdtr') {
  const { ctx } = await demoContext(name);
  return { ctx, parent: await runStrategy(name, q, ctx, meta) };
}

describe('interventions on a BDTR demo run', () => {
  it("drop round 1's top passage: gone from round 1 on, identical before", async () => {
    const { ctx, parent } = await plain();
    const top = pools(parent, 1)[0]!.pool[0]!.id;
    const branch = await runBranch(parent, { kind: 'pool', round: 1, drop: [top] }, ctx);
    const first = firstDifference(parent.events, branch.events);
    expect(first).not.toBeNull();
    expect(first!).toBeGreaterThanOrEqual(roundStart(parent, 1));
    expect(branch.branch!.step).toBe(roundStart(parent, 1));
    for (const e of branch.events.filter((e) => e.round >= 1)) {
      if (e.type === 'pool') expect(e.pool.map((p) => p.id)).not.toContain(top);
      if (e.type === 'retrieve') expect(e.results.map((r) => r.id)).not.toContain(top);
    }
    expect(pools(branch, 0).map(comparable)).toEqual(pools(parent, 0).map(comparable));
  });

  it('insert the gold passages at the top after round 1', async () => {
    const { ctx, parent } = await plain();
    const gold = q.gold;
    const branch = await runBranch(parent, { kind: 'pool', round: 1, insert: { ids: gold, rank: 1 } }, ctx, {
      oracle: true,
      label: 'gold-all@1',
    });
    expect(
      pools(branch, 1)[0]!
        .pool.slice(0, gold.length)
        .map((p) => p.id),
    ).toEqual(gold);
    expect(branch.branch).toMatchObject({ oracle: true, label: 'gold-all@1' });
    expect(branch.events.some((e) => e.type === 'warning' && e.module === 'whatif')).toBe(false);
  });

  it("edit round 1's slow thought: recorded and retrieved with the new text", async () => {
    const { ctx, parent } = await plain();
    const slow = parent.events.find((e) => e.type === 'thought' && e.kind === 'slow')!;
    if (slow.type !== 'thought') throw new Error('no slow thought');
    const to = 'Where was the spouse born?';
    const branch = await runBranch(parent, { kind: 'text', round: 1, from: slow.text, to }, ctx);
    const edited = branch.events.find((e) => e.type === 'thought' && e.kind === 'slow');
    expect(edited).toMatchObject({ text: to });
    expect(branch.events.some((e) => e.type === 'retrieve' && e.label === 'slow' && e.query === to)).toBe(true);
  });

  it("toggle the verifier's selection: drop-promoted selects nothing and promotes nothing", async () => {
    const { ctx, parent } = await plain();
    const verify = parent.events.find((e) => e.type === 'verify');
    expect(verify?.type === 'verify' && verify.selected.length).toBeGreaterThan(0);
    const branch = await runBranch(parent, verifierSelection(parent, []), ctx);
    expect(branch.events.find((e) => e.type === 'verify')).toMatchObject({ selected: [] });
    expect(branch.events.find((e) => e.type === 'promote')).toMatchObject({ moves: [] });
    expect(branch.branch!.replayed).toBe(parent.events.filter((e) => e.type === 'llm').length - 2);
  });

  it('change the depth from round 1 on: round 0 keeps its depth', async () => {
    const { ctx, parent } = await plain();
    const branch = await runBranch(parent, { kind: 'options', round: 1, options: { depth: 3 } }, ctx);
    for (const e of branch.events.filter((e) => e.type === 'retrieve'))
      expect(e.results.length <= 3).toBe(e.round >= 1);
  });

  it('a bad intervention or spec is a clear error', async () => {
    const { ctx, parent } = await plain();
    await expect(runBranch(parent, { kind: 'reply', call: 99, text: '' }, ctx)).rejects.toThrow(
      /has \d+ LLM call\(s\); there is no call 100/,
    );
    await expect(runBranch(parent, { kind: 'pool', round: -1 } as never, ctx)).rejects.toThrow(WhatIfError);
    expect(() => parseCounterfactual('gold-bridge')).toThrow(/needs a round, e.g. gold-bridge@1/);
    expect(() => parseCounterfactual('bridge@1')).toThrow(/unknown counterfactual "bridge@1"/);
    expect(parseCounterfactual('rerun')).toMatchObject({ text: 'rerun@1', oracle: false });
    expect(parseCounterfactual('gold-all@2')).toMatchObject({ text: 'gold-all@2', oracle: true, round: 2 });
  });
});

describe('a branch from round 2 with a model on the local test server', () => {
  let server: OpenAiServer;
  const reply = (body: ChatBody): string => {
    const text = body.messages.map((m) => m.content).join('\n');
    if (text.includes('For every turn, produce two outputs'))
      return `Fast Thought: ${q.question}\nSlow Thought: ${q.question} born`;
    if (text.includes('Write the reasoning chain')) return 'A -> B -> ?';
    if (text.includes('You are a careful reasoning verifier.')) return '{"covered_doc_indices":[2,1]}';
    return '{"thought":"scripted","answer":"scripted"}';
  };
  beforeAll(async () => {
    server = await startOpenAiServer({ script: (body) => ({ content: reply(body) }) });
  });
  afterAll(() => server.close());

  it('makes no request for rounds 0 and 1 and one for every later call', async () => {
    const llm = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });
    const ctx = { retriever: bm25, llm, prompts: STRATEGY_PROMPTS, passages };
    const parent = await runStrategy('bdtr', q, { ...ctx, options: { rounds: 3 } }, meta);
    const calls = parent.events.filter((e) => e.type === 'llm');
    const early = calls.filter((e) => e.round < 2).length;
    expect(early).toBe(1);
    expect(server.chats().length).toBe(calls.length);
    const before = server.chats().length;
    const branch = await runBranch(parent, { kind: 'rerun', round: 2 }, ctx);
    expect(server.chats().length - before).toBe(calls.length - early);
    expect(branch.branch!.replayed).toBe(early);
    expect(firstDifference(parent.events, branch.events)).toBeNull();
  });
});

describe('pool changes on a GEAR demo run (its own pool, rebuilt each step)', () => {
  const gearMeta = { corpus: dataset.corpus, retrieverName: 'naivege' };
  const gearRun = async () => {
    const { ctx } = await demoContext('gear');
    return { ctx, parent: await runStrategy('gear', q, ctx, gearMeta) };
  };

  it("drop round 1's top passage: gone from every pool and retrieval from round 1 on, no warning", async () => {
    const { ctx, parent } = await gearRun();
    const top = pools(parent, 1)[0]!.pool[0]!.id;
    const branch = await runBranch(parent, { kind: 'pool', round: 1, drop: [top] }, ctx);
    expect(pools(branch, 1).length).toBeGreaterThan(0);
    for (const e of branch.events.filter((e) => e.round >= 1)) {
      if (e.type === 'pool') expect(e.pool.map((p) => p.id)).not.toContain(top);
      if (e.type === 'retrieve' && e.label !== 'passageLink') expect(e.results.map((r) => r.id)).not.toContain(top);
    }
    expect(branch.events.some((e) => e.type === 'warning' && e.module === 'whatif')).toBe(false);
  });

  it('insert a passage at the top after round 1: pinned in that pool, in its contexts and the final list', async () => {
    const { ctx, parent } = await gearRun();
    const inPool = new Set(parent.events.flatMap((e) => (e.type === 'pool' ? e.pool.map((p) => p.id) : [])));
    const outsider = dataset.corpus.passages.find((p) => !inPool.has(p.id))!.id;
    const branch = await runBranch(parent, { kind: 'pool', round: 1, insert: { ids: [outsider], rank: 1 } }, ctx);
    expect(pools(branch, 1)[0]!.pool[0]!.id).toBe(outsider);
    expect(
      branch.events.some(
        (e) =>
          e.type === 'retrieve' &&
          e.round === 1 &&
          e.label.includes('graph expansion') &&
          e.results[0]?.id === outsider,
      ),
    ).toBe(true);
    const last = branch.events.filter((e): e is TraceEventOf<'pool'> => e.type === 'pool').at(-1)!;
    expect(last.pool.map((p) => p.id)).toContain(outsider);
    expect(branch.events.some((e) => e.type === 'warning' && e.module === 'whatif')).toBe(false);
  });

  it('a rerun still reproduces the plain run', async () => {
    const { ctx, parent } = await gearRun();
    const branch = await runBranch(parent, { kind: 'rerun', round: 1 }, ctx);
    expect(firstDifference(parent.events, branch.events)).toBeNull();
  });
});

describe('every text edit takes effect or says why not', () => {
  it('GEAR: an edited rewrite is the query the next step retrieves', async () => {
    const { ctx, retrieverName } = await demoContext('gear');
    let done = 0;
    for (const question of dataset.questions) {
      const parent = await runStrategy('gear', question, ctx, { corpus: dataset.corpus, retrieverName });
      const rewrite = parent.events.find((e) => e.type === 'thought' && e.kind === 'rewrite');
      if (rewrite?.type !== 'thought') continue;
      const to = 'Tobias Venn birthplace';
      const branch = await runBranch(parent, { kind: 'text', round: rewrite.round, from: rewrite.text, to }, ctx);
      expect(branch.events.find((e) => e.type === 'thought' && e.kind === 'rewrite')).toMatchObject({ text: to });
      const next = branch.events.find((e) => e.type === 'retrieve' && e.round === rewrite.round + 1);
      expect(next).toMatchObject({ query: to });
      expect(branch.events.some((e) => e.type === 'warning' && e.module === 'whatif')).toBe(false);
      done++;
      break;
    }
    expect(done).toBe(1);
  });

  it('an edit no retrieval uses (a DualRAG reasoning step) is reported as changing the record only', async () => {
    const { ctx, retrieverName } = await demoContext('dualrag');
    const parent = await runStrategy('dualrag', q, ctx, { corpus: dataset.corpus, retrieverName });
    const reasoner = parent.events.find((e) => e.type === 'thought' && e.kind === 'reasoner');
    if (reasoner?.type !== 'thought') throw new Error('no reasoner thought');
    const branch = await runBranch(
      parent,
      { kind: 'text', round: reasoner.round, from: reasoner.text, to: 'an edited reasoning step' },
      ctx,
    );
    const warning = branch.events.find((e) => e.type === 'warning' && e.module === 'whatif');
    expect(warning).toMatchObject({ message: expect.stringMatching(/changed the record only/) });
  });
});

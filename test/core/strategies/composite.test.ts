// `auto` (the complexity router) and `ensemble` (RRF of member strategies) against a scripted LLM.
import { describe, expect, it } from 'vitest';
import { rrf } from '../../../src/core/retrievers/rrf.ts';
import { runStrategy, traceRanking } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import { ROUTER_PARAMS } from '../../../src/core/strategies/router-params.ts';
import {
  entityCount,
  isComparison,
  nestingCount,
  route,
  routeFeatures,
  type RouterParams,
} from '../../../src/core/strategies/router.ts';
import { foldTrace } from '../../../src/core/trace/fold.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm } from './scripted.ts';

const Q = question.question;
const lists = {
  [Q]: [
    { id: 'p1', score: 10 },
    { id: 'p2', score: 6 },
    { id: 'p3', score: 2 },
  ],
  'Who directed Film One?': [
    { id: 'p4', score: 5 },
    { id: 'p2', score: 3 },
  ],
  'Film One, directed by Ann Lee: where was she born?': [
    { id: 'p5', score: 1 },
    { id: 'p6', score: 0.5 },
  ],
  'Film One was directed by Ann Lee.': [
    { id: 'p6', score: 3 },
    { id: 'p1', score: 1 },
  ],
};
// IRGS queries (question + generation) retrieve what the question retrieves.
const anyQuery = new Proxy(lists, { get: (t, k: string) => t[k] ?? t[Q] });
const script = (extra: Record<string, string[]> = {}) =>
  new ScriptedLlm({
    'bdtr.dual-thought': Array.from(
      { length: 2 },
      () => 'Fast Thought: Who directed Film One?\nSlow Thought: Film One, directed by Ann Lee: where was she born?',
    ),
    'bdtr.reasoning-chain': ['Film One -> directed by -> Ann Lee -> born in -> ?'],
    'bdtr.verifier': ['{"covered_doc_indices":[5]}'],
    'ircot.step': ['Film One was directed by Ann Lee.', 'So the answer is: Paris'],
    // whichever route the fitted default takes
    'gcot.step': ['Film One was directed by Ann Lee.', 'So the answer is: Paris'],
    'tog.sufficiency': ['Film One was directed by Ann Lee.', 'So the answer is: Paris'],
    'irgs.generate': Array.from({ length: 2 }, () => 'Ann Lee directed Film One. Final answer: Paris'),
    answer: Array.from({ length: 3 }, () => '{"thought":"t","answer":"Paris"}'),
    ...extra,
  });
const run = (
  name: 'auto' | 'ensemble' | 'bdtr' | 'ircot' | 'static',
  options?: Record<string, unknown>,
  llm = script(),
) =>
  runStrategy(
    name,
    question,
    { retriever: fixedRetriever(anyQuery), llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(8), options },
    meta,
  );

describe('router features (available before any LLM call)', () => {
  it('reads comparison wording, names, nesting and the score head', () => {
    expect(isComparison('Which film came out first, Alpha or Beta?')).toBe(true);
    expect(isComparison('Are Paris and Lyon both in France?')).toBe(true);
    expect(isComparison('Who is older, Ann Lee or Bob Ray?')).toBe(true);
    expect(isComparison(Q)).toBe(false);
    expect(entityCount('Who directed Film One and the Count of Monte Cristo?')).toBe(2);
    expect(nestingCount("Who is the mother of the director of Ann's film?")).toBe(3);
    expect(routeFeatures(Q, lists[Q]!)).toEqual({
      comparison: false,
      entities: 1,
      words: 8,
      nested: 1,
      yesNo: false,
      ratio2: 0.6,
      ratio5: 0,
    });
    expect(routeFeatures('Did Ann Lee and Bob Ray both act?', []).yesNo).toBe(true);
  });
  it('the rule is a decision tree: below the threshold left, at or above right; why lists the tests', () => {
    const p: RouterParams = {
      tree: {
        feature: 'comparison',
        at: 0.5,
        below: { feature: 'ratio2', at: 0.5, below: { leaf: 'ircot' }, above: { leaf: 'bdtr' } },
        above: { leaf: 'static' },
      },
      fittedOn: 'test',
    };
    const f = routeFeatures(Q, lists[Q]!);
    expect(route(f, p)).toEqual({ choice: 'bdtr', why: 'comparison 0 < 0.500, ratio2 0.600 >= 0.500' });
    expect(route({ ...f, ratio2: 0.4 }, p).choice).toBe('ircot');
    expect(route({ ...f, comparison: true }, p)).toEqual({ choice: 'static', why: 'comparison 1 >= 0.500' });
    expect(route(f, { tree: { leaf: 'gcot' }, fittedOn: 'test' })).toEqual({ choice: 'gcot', why: 'single route' });
  });
});

describe('auto', () => {
  it.each(['static', 'ircot', 'bdtr'] as const)(
    'routed to %s: records the decision and ends exactly as that strategy',
    async (choice) => {
      const router = { tree: { leaf: choice }, fittedOn: 'test' };
      const auto = await run('auto', { router });
      const alone = await run(choice);
      expect(foldTrace(auto.events).route).toBe(choice);
      expect(auto.events.find((e) => e.type === 'thought' && e.kind === 'route')).toMatchObject({
        round: 0,
        text: expect.stringContaining('"ratio2":0.6'),
      });
      expect(auto.events.findIndex((e) => e.type === 'thought' && e.kind === 'route')).toBeLessThan(
        auto.events.findIndex((e) => e.type === 'llm'),
      );
      expect(traceRanking(auto)).toEqual(traceRanking(alone));
      expect(foldTrace(auto.events).llmCalls).toBe(foldTrace(alone.events).llmCalls);
      expect(traceAnswer(auto)).toBe('Paris');
      expect(auto.options).toMatchObject({ router });
      expect(loadTrace(JSON.stringify(auto))).toEqual(auto);
    },
  );
  it("decide llm: one route call (the LLM's own judgment) before the chosen strategy's calls", async () => {
    const llm = script({ 'auto.route': ['{"route": "IRCoT", "reason": "two hops"}'] });
    const auto = await run('auto', { decide: 'llm' }, llm);
    const alone = await run('ircot');
    expect(foldTrace(auto.events).route).toBe('ircot');
    expect(auto.events.find((e) => e.type === 'thought' && e.kind === 'route')).toMatchObject({
      text: expect.stringMatching(/^route: ircot \| LLM judgment: two hops \| features /),
    });
    expect(foldTrace(auto.events).llmCalls).toBe(foldTrace(alone.events).llmCalls + 1);
    expect(traceRanking(auto)).toEqual(traceRanking(alone));
    const shown = auto.events.find((e) => e.type === 'context' && e.module === 'auto.route');
    expect(shown?.type === 'context' && shown.ids).toEqual(['p1', 'p2', 'p3']);
  });
  it('decide llm: a route off the menu is a warning and the fitted rule decides, saying so', async () => {
    const llm = script({ 'auto.route': ['{"route": "gear", "reason": "?"}'] });
    const router = { tree: { leaf: 'static' as const }, fittedOn: 'test' };
    const auto = await run('auto', { decide: 'llm', router }, llm);
    expect(auto.status).toBe('done');
    expect(auto.events.filter((e) => e.type === 'warning')).toEqual([
      expect.objectContaining({
        module: 'auto.route',
        message: expect.stringContaining('route "gear" is not one of static, ircot, irgs, bdtr'),
      }),
    ]);
    expect(foldTrace(auto.events).route).toBe('static');
    expect(auto.events.find((e) => e.type === 'thought' && e.kind === 'route')).toMatchObject({
      text: expect.stringContaining('single route'),
    });
  });
  it('defaults to the fitted parameters and passes an explicit reader budget on', async () => {
    const auto = await run('auto', { readerTop: 2 });
    expect(auto.options).toMatchObject({ router: ROUTER_PARAMS, readerTop: 2 });
    const read = auto.events.findLast((e) => e.type === 'context' && e.module === 'answer');
    expect(read?.type === 'context' && read.ids).toHaveLength(2);
  });
});

describe('ensemble', () => {
  it('runs each member on its own recorder, fuses their final contexts with RRF (k = 60) and reads the fused top 5', async () => {
    const trace = await run('ensemble', { members: ['ircot', 'bdtr'] });
    const ircot = await run('ircot');
    const bdtr = await run('bdtr');
    const fused = rrf([traceRanking(ircot), traceRanking(bdtr)], { k: 60 });
    expect(traceRanking(trace).map((r) => r.id)).toEqual(fused.map((r) => r.id));
    expect(traceRanking(trace)[0]!.score).toBeCloseTo(fused[0]!.score, 12);
    expect(
      trace.events
        .filter((e) => e.type === 'thought' && e.kind === 'member')
        .map((e) => e.type === 'thought' && e.text),
    ).toEqual(['member 1/2: ircot', 'member 2/2: bdtr']);
    expect(trace.events.some((e) => e.type === 'cutoff')).toBe(false); // BDTR's cut is a member-cutoff thought
    expect(trace.events.find((e) => e.type === 'thought' && e.kind === 'member-cutoff')).toBeDefined();
    const modules = trace.events.flatMap((e) => (e.type === 'llm' ? [e.module] : []));
    expect(modules).toEqual([
      'ircot.step',
      'ircot.step',
      'bdtr.dual-thought',
      'bdtr.dual-thought',
      'bdtr.reasoning-chain',
      'bdtr.verifier',
      'answer',
    ]);
    const read = trace.events.findLast((e) => e.type === 'context' && e.module === 'answer');
    expect(read?.type === 'context' && read.ids).toEqual(fused.slice(0, 5).map((r) => r.id));
    expect(trace.events.map((e) => e.t)).toEqual([...trace.events.map((e) => e.t)].sort((a, b) => a - b));
    expect(loadTrace(JSON.stringify(trace))).toEqual(trace);
    expect(traceAnswer(trace)).toBe('Paris');
  });
  it('rejects a member that is itself composite', async () => {
    await expect(run('ensemble', { members: ['auto', 'bdtr'] })).rejects.toThrow(/members/);
  });
});

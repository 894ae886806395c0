// Metrics read off a strategy trace (per-round recall, gold ranks, tokens by module, answer scores)
// and the complementarity table (BDTR Fig. 3).
import { describe, expect, it } from 'vitest';
import { complementarity } from '../../../src/core/eval/complementarity.ts';
import { runMetrics } from '../../../src/core/eval/run-metrics.ts';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm, tickClock } from './scripted.ts';

const Q = question.question;
const lists = {
  [Q]: [
    { id: 'p1', score: 2 },
    { id: 'p2', score: 1 },
    { id: 'p6', score: 0 },
  ],
  'Ann Lee directed Film One.': [
    { id: 'p4', score: 1 },
    { id: 'p5', score: 0 },
  ],
};

describe('runMetrics', () => {
  it('reads recall per round, gold ranks, costs and answer scores from an IRCoT trace', async () => {
    const llm = new ScriptedLlm({
      'ircot.step': ['Ann Lee directed Film One.', 'So the answer is: Paris'],
      answer: ['{"thought":"t","answer":"Paris"}'],
    });
    const trace = await runStrategy(
      'ircot',
      question,
      { retriever: fixedRetriever(lists), llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(8), now: tickClock() },
      meta,
    );
    const m = runMetrics(trace, [2, 5]);
    // gold p4, p6. Round 0: p1, p2, p6 -> p6 at 3. Round 1: p1 1, p4 1, p2 .5, p6 0, p5 0.
    expect(m.goldRanksByRound).toEqual([
      [null, 3],
      [2, 4],
    ]);
    expect(m.recallByRound).toEqual([
      { 2: 0, 5: 0.5 },
      { 2: 0.5, 5: 1 },
    ]);
    expect(m.recall).toEqual({ 2: 0.5, 5: 1 });
    expect(m.allGold).toEqual({ 2: 0, 5: 1 });
    expect(m.goldRanks).toEqual([2, 4]);
    expect(m).toMatchObject({
      answer: 'Paris',
      em: 1,
      f1: 1,
      acc: 1,
      llmCalls: 3,
      status: 'done',
      strategy: 'ircot',
      type: 'compositional',
      hops: 2,
    });
    expect(m.tokensByModule).toEqual({
      'ircot.step': { calls: 2, cached: 0, prompt: 2, completion: 2, total: 4 },
      answer: { calls: 1, cached: 0, prompt: 1, completion: 1, total: 2 },
    });
    expect(m.wallMs).toBe(trace.events.at(-1)!.t);
  });
  it('reports a failed run with its error and no answer scores', async () => {
    const trace = await runStrategy(
      'ircot',
      question,
      {
        retriever: fixedRetriever(lists),
        llm: new ScriptedLlm({ 'ircot.step': [''] }),
        prompts: STRATEGY_PROMPTS,
        passages: passagesOf(8),
      },
      meta,
    );
    const m = runMetrics(trace, [5]);
    expect(m.status).toBe('failed');
    expect(m.errors).toEqual([expect.stringContaining('ircot.step')]);
    expect(m.em).toBeUndefined();
    expect(m.recall).toEqual({ 5: 0.5 }); // the round-0 pool is still the ranking
  });
});

describe('complementarity', () => {
  it('counts, per pair, the questions each run solves that the other does not', () => {
    const runs = new Map([
      [
        'ircot',
        new Map([
          ['q1', true],
          ['q2', false],
          ['q3', true],
          ['q4', false],
        ]),
      ],
      [
        'irgs',
        new Map([
          ['q1', true],
          ['q2', true],
          ['q3', false],
          ['q5', true],
        ]),
      ],
      [
        'bdtr',
        new Map([
          ['q1', false],
          ['q2', false],
          ['q3', false],
          ['q4', false],
        ]),
      ],
    ]);
    expect(complementarity(runs)).toEqual([
      { a: 'ircot', b: 'irgs', shared: 3, both: 1, onlyA: 1, onlyB: 1, neither: 0 },
      { a: 'ircot', b: 'bdtr', shared: 4, both: 0, onlyA: 2, onlyB: 0, neither: 2 },
      { a: 'irgs', b: 'bdtr', shared: 3, both: 0, onlyA: 2, onlyB: 0, neither: 1 },
    ]);
  });
});

// The baselines (static, IRCoT Fig. 10, ToG Fig. 11, GCoT Fig. 12, IRGS Fig. 13) against a scripted
// LLM: prompts carry the right pieces, replies are parsed, the trace is the one the script implies.
import { describe, expect, it } from 'vitest';
import { runStrategy, traceRanking, type StrategyName } from '../../../src/core/strategies/index.ts';
import { traceAnswer, traceRoundRankings } from '../../support/trace.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm } from './scripted.ts';

const Q = question.question;
const ANSWER = '{"thought":"t","answer":"Paris"}';
const lists = {
  [Q]: [
    { id: 'p1', score: 8 },
    { id: 'p2', score: 4 },
    { id: 'p3', score: 0 },
  ], // 1, .5, 0
  'Film One was directed by Ann Lee.': [
    { id: 'p4', score: 3 },
    { id: 'p1', score: 1 },
  ], // p4 1, p1 0
  'Need the birthplace of Ann Lee.': [
    { id: 'p5', score: 2 },
    { id: 'p3', score: 1 },
    { id: 'p2', score: 0 },
  ], // 1, .5, 0
  [`${Q} Ann Lee directed Film One. Final answer: Paris`]: [
    { id: 'p6', score: 9 },
    { id: 'p2', score: 3 },
  ], // 1, 0
  [`${Q} Ann Lee was born in Paris.`]: [
    { id: 'p4', score: 5 },
    { id: 'p6', score: 5 },
  ], // 1, 1
};
const run = (name: StrategyName, llm: ScriptedLlm, options?: Record<string, unknown>) =>
  runStrategy(
    name,
    question,
    { retriever: fixedRetriever(lists), llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(8), options },
    meta,
  );

describe('static', () => {
  it('retrieves once with the question and answers from the top 5', async () => {
    const llm = new ScriptedLlm({ answer: [ANSWER] });
    const trace = await run('static', llm);
    expect(trace.events.map((e) => e.type)).toEqual(['round.start', 'retrieve', 'pool', 'context', 'llm', 'answer']);
    expect(traceRanking(trace)).toEqual([
      { id: 'p1', score: 1 },
      { id: 'p2', score: 0.5 },
      { id: 'p3', score: 0 },
    ]);
    expect(traceAnswer(trace)).toBe('Paris');
    expect(llm.userText('answer')).toContain('Wikipedia Title: Title 3');
  });
  it('can skip the answer step (retrieval only, no LLM call)', async () => {
    const llm = new ScriptedLlm({});
    const trace = await run('static', llm, { answer: false });
    expect(llm.requests).toHaveLength(0);
    expect(trace.status).toBe('done');
  });
  it('rejects an unknown option as a programmer error', async () => {
    await expect(run('static', new ScriptedLlm({}), { rounds: 'two' })).rejects.toThrow(
      /strategies\.static: option .*"rounds"/,
    );
  });
});

describe('IRCoT, ToG, GCoT', () => {
  it('IRCoT: first sentence as the next query, collected paragraphs shown and read, "So the answer is:" anywhere stops', async () => {
    const llm = new ScriptedLlm({
      'ircot.step': [
        'Film One was directed by Ann Lee. Ann Lee was born in St. Louis, maybe.',
        'Ann Lee was born in Paris. So the answer is: Paris.',
      ],
      answer: [ANSWER],
    });
    const trace = await run('ircot', llm, { rounds: 3 });
    expect(llm.requests.filter((r) => r.module === 'ircot.step')).toHaveLength(2);
    expect(llm.requests[0]!.messages[0]!.content).toContain(
      'If you believe you have reached the final step, begin your response with: "So the answer is:".',
    );
    expect(llm.userText('ircot.step', 1)).toContain('Thoughts so far:\nFilm One was directed by Ann Lee.\n');
    expect(llm.userText('ircot.step', 1)).not.toContain('St. Louis');
    // the second step is shown the whole collection in collection order: p1 p2 p3 (question), then p4
    const shown = trace.events.filter((e) => e.type === 'context' && e.module === 'ircot.step');
    expect(shown.map((e) => e.type === 'context' && e.ids)).toEqual([
      ['p1', 'p2', 'p3'],
      ['p1', 'p2', 'p3', 'p4'],
    ]);
    expect(trace.events.find((e) => e.type === 'retrieve' && e.label === 'cot')).toMatchObject({
      query: 'Film One was directed by Ann Lee.',
    });
    // round 1: p1 max(1, 0) = 1, p4 1 (new, after p1), p2 .5, p3 0
    expect(traceRoundRankings(trace)).toEqual([
      [
        { id: 'p1', score: 1 },
        { id: 'p2', score: 0.5 },
        { id: 'p3', score: 0 },
      ],
      [
        { id: 'p1', score: 1 },
        { id: 'p4', score: 1 },
        { id: 'p2', score: 0.5 },
        { id: 'p3', score: 0 },
      ],
    ]);
    expect(
      trace.events.filter((e) => e.type === 'thought').map((e) => e.type === 'thought' && [e.round, e.kind, e.text]),
    ).toEqual([
      [1, 'cot', 'Film One was directed by Ann Lee.'],
      [2, 'cot', 'Ann Lee was born in Paris. So the answer is: Paris.'],
      [2, 'stop', 'stop at round 2: the reply says "So the answer is:"'],
    ]);
    expect(
      trace.events
        .filter((e) => e.type === 'context' && e.module === 'answer')
        .map((e) => e.type === 'context' && e.ids),
    ).toEqual([['p1', 'p4', 'p2', 'p3']]);
    expect(trace.options).toMatchObject({
      stepK: 5,
      maxParagraphs: 15,
      readerTop: 'all',
      prompts: { 'ircot.step': 'bdtr-fig10/2' },
    });
  });

  it("IRCoT adds each retrieval's top K and stops collecting at the cap", async () => {
    const llm = new ScriptedLlm({
      'ircot.step': ['Film One was directed by Ann Lee.', 'Need the birthplace of Ann Lee.'],
      answer: [ANSWER],
    });
    const trace = await run('ircot', llm, { stepK: 2, maxParagraphs: 3 });
    // question: p1 p2 (K = 2); step 1: p4 (p1 already in); step 2: cap reached, p5 is not added
    expect(traceRanking(trace).map((r) => r.id)).toEqual(['p1', 'p4', 'p2']);
    expect(llm.userText('answer')).not.toContain('Title 5');
  });

  it('ToG retrieves with what is missing until the information is sufficient', async () => {
    const llm = new ScriptedLlm({
      'tog.sufficiency': ['Need the birthplace of Ann Lee.', 'So the answer is: Paris'],
      answer: [ANSWER],
    });
    const trace = await run('tog', llm);
    expect(llm.requests[0]!.messages[0]!.content).toContain(
      'Your task: Evaluate whether the given information is sufficient to answer the question.',
    );
    // round 1: p1 1, p5 1, p2 max(.5, 0) = .5, p3 max(0, .5) = .5 (p2 first: earlier in the pool)
    expect(traceRanking(trace).map((r) => [r.id, r.score])).toEqual([
      ['p1', 1],
      ['p5', 1],
      ['p2', 0.5],
      ['p3', 0.5],
    ]);
    expect(trace.events.find((e) => e.type === 'retrieve' && e.label === 'sufficiency')).toMatchObject({
      query: 'Need the birthplace of Ann Lee.',
      round: 1,
    });
  });

  it('GCoT stops after the round cap without a final answer', async () => {
    const llm = new ScriptedLlm({
      'gcot.step': ['Need the birthplace of Ann Lee.', 'Film One was directed by Ann Lee.'],
      answer: [ANSWER],
    });
    const trace = await run('gcot', llm);
    expect(llm.requests[0]!.messages[0]!.content).toContain(
      'only articulate what is still missing or what bridge evidence should be retrieved next.',
    );
    expect(traceRoundRankings(trace)).toHaveLength(3);
    expect(
      trace.events.filter((e) => e.type === 'thought').every((e) => e.type === 'thought' && e.kind === 'subquery'),
    ).toBe(true);
    expect(trace.options).toMatchObject({
      rounds: 2,
      prompts: { 'gcot.step': 'bdtr-fig12/1', answer: STRATEGY_PROMPTS.answer.version },
    });
  });

  it('an empty step reply fails the run with the module named', async () => {
    const trace = await run('ircot', new ScriptedLlm({ 'ircot.step': ['   '] }));
    expect(trace.status).toBe('failed');
    expect(trace.events.at(-1)).toMatchObject({ type: 'error', module: 'ircot.step' });
  });
});

describe('IRGS (Iter-RetGen)', () => {
  it('retrieves with question + generation and, by default, replaces the context', async () => {
    const llm = new ScriptedLlm({
      'irgs.generate': ['Ann Lee directed Film One. Final answer: Paris', 'Ann Lee was born in Paris.'],
      answer: [ANSWER],
    });
    const trace = await run('irgs', llm);
    const prompt = llm.userText('irgs.generate', 0);
    expect(prompt).toContain(
      'Based on the following documents, answer the question with concise reasoning and a final answer. Keep the reasoning under 100 English words.',
    );
    expect(prompt).toContain(`Question: ${Q}`);
    expect(llm.userText('irgs.generate', 1)).toContain('Wikipedia Title: Title 6'); // the round-1 context is the new retrieval
    const rounds = traceRoundRankings(trace);
    expect(rounds[1]).toEqual([
      { id: 'p6', score: 1 },
      { id: 'p2', score: 0 },
    ]);
    expect(rounds[2]).toEqual([
      { id: 'p4', score: 1 },
      { id: 'p6', score: 1 },
    ]);
    const pool2 = trace.events.filter((e) => e.type === 'pool')[2];
    expect(pool2?.type === 'pool' && pool2.pool.map((p) => p.delta)).toEqual([null, -1]);
  });
  it('accumulates with the Eq. 4 update when merge is "max"', async () => {
    const llm = new ScriptedLlm({
      'irgs.generate': ['Ann Lee directed Film One. Final answer: Paris', 'Ann Lee was born in Paris.'],
      answer: [ANSWER],
    });
    const trace = await run('irgs', llm, { merge: 'max' });
    expect(traceRanking(trace).map((r) => r.id)).toEqual(['p1', 'p6', 'p4', 'p2', 'p3']);
  });
});

// Adaptive stopping (BDTR open question 1): `stable` stops when a round changed neither the top-5 set
// nor the queries; `llm` stops when the sufficiency check answers; `fixed` runs every round.
import { describe, expect, it } from 'vitest';
import { runStrategy, type StrategyName } from '../../../src/core/strategies/index.ts';
import { foldTrace } from '../../../src/core/trace/fold.ts';
import { querySimilarity, topSetStable } from '../../../src/core/strategies/stopping.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../../../src/providers/llm/offline-thinker.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm } from './scripted.ts';

const Q = question.question;
const top = [
  { id: 'p1', score: 5 },
  { id: 'p2', score: 4 },
  { id: 'p3', score: 3 },
  { id: 'p4', score: 2 },
  { id: 'p5', score: 1 },
  { id: 'p6', score: 0 },
];
const lists: Record<string, typeof top> = {
  [Q]: top,
  'Where was the director of Film One born': top, // a thought that repeats the question
  'Who directed Film One?': [
    { id: 'p7', score: 9 },
    { id: 'p8', score: 1 },
  ], // a new passage enters the top 5
  'Ann Lee birthplace?': [{ id: 'p7', score: 9 }],
};
const ANSWER = '{"thought":"t","answer":"Paris"}';
const run = (name: StrategyName, llm: ScriptedLlm, options: Record<string, unknown>) =>
  runStrategy(
    name,
    question,
    { retriever: fixedRetriever(lists), llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(8), options },
    meta,
  );

describe('stopping helpers', () => {
  it('querySimilarity is the content-word Jaccard; topSetStable compares sets, not orders', () => {
    expect(querySimilarity('Where was the director of Film One born?', 'where was the director of film one born')).toBe(
      1,
    );
    expect(querySimilarity('Who directed Film One?', 'Where was Ann Lee born?')).toBe(0);
    const r = (ids: string) => ids.split('').map((id) => ({ id, score: 0 }));
    expect(topSetStable(r('abcdef'), r('edcbaz'))).toBe(true);
    expect(topSetStable(r('abcdef'), r('zbcdea'))).toBe(false);
  });
});

describe('adaptive stopping', () => {
  const repeating = () =>
    new ScriptedLlm({
      'bdtr.dual-thought': Array.from(
        { length: 4 },
        () =>
          'Fast Thought: Where was the director of Film One born\nSlow Thought: Where was the director of Film One born',
      ),
      'bdtr.reasoning-chain': ['A -> b -> C -> ?'],
      'bdtr.verifier': ['{"covered_doc_indices":[1]}'],
      'stop.sufficiency': ['So the answer is: Paris'],
      answer: [ANSWER],
    });

  it('fixed (the paper) runs every round', async () => {
    const trace = await run('bdtr', repeating(), { rounds: 3 });
    expect(foldTrace(trace.events).roundsUsed).toBe(3);
    expect(trace.options).toMatchObject({ stop: 'fixed' });
  });

  it('stable stops BDTR after a round that left the top-5 set unchanged with repeated thoughts', async () => {
    const llm = repeating();
    const trace = await run('bdtr', llm, { rounds: 3, stop: 'stable' });
    expect(foldTrace(trace.events).roundsUsed).toBe(1);
    expect(llm.requests.filter((r) => r.module === 'bdtr.dual-thought')).toHaveLength(1);
    expect(trace.events.find((e) => e.type === 'thought' && e.kind === 'stop')).toMatchObject({
      round: 1,
      text: expect.stringContaining('top-5 set did not change'),
    });
    expect(trace.events.some((e) => e.type === 'verify')).toBe(true); // BGEC still runs after the stop
    expect(trace.status).toBe('done');
  });

  it('stable goes on while a round brings new passages into the top 5', async () => {
    const llm = new ScriptedLlm({
      'gcot.step': ['Who directed Film One?', 'Who directed Film One?', 'Ann Lee birthplace?'],
      answer: [ANSWER],
    });
    const trace = await run('gcot', llm, { rounds: 3, stop: 'stable' });
    // round 1 brings p7 (new top); round 2 repeats round 1's query and changes nothing: stop
    expect(foldTrace(trace.events).roundsUsed).toBe(2);
    expect(llm.requests.filter((r) => r.module === 'gcot.step')).toHaveLength(2);
  });

  it('llm stops when the sufficiency check answers, one extra call per checked round', async () => {
    const llm = repeating();
    const trace = await run('bdtr', llm, { rounds: 3, stop: 'llm' });
    expect(foldTrace(trace.events).roundsUsed).toBe(1);
    expect(llm.requests.filter((r) => r.module === 'stop.sufficiency')).toHaveLength(1);
    expect(llm.userText('stop.sufficiency')).toContain(`Question: ${Q}`);
    expect(trace.events.find((e) => e.type === 'thought' && e.kind === 'stop')).toMatchObject({
      text: expect.stringContaining('sufficiency check answers (Paris)'),
    });
    expect(trace.options).toMatchObject({ stop: 'llm', prompts: { 'tog.sufficiency': STRATEGY_PROMPTS.tog.version } });
  });

  it('works for IRCoT and IRGS, and the offline thinker answers the stop check', async () => {
    const ircot = await run(
      'ircot',
      new ScriptedLlm({ 'ircot.step': ['Where was the director of Film One born', 'x'], answer: [ANSWER] }),
      { rounds: 2, stop: 'stable' },
    );
    expect(foldTrace(ircot.events).roundsUsed).toBe(1);
    const anyQuery = fixedRetriever(new Proxy({} as Record<string, typeof top>, { get: () => top }));
    const offline = await runStrategy(
      'irgs',
      question,
      {
        retriever: anyQuery,
        llm: createOfflineThinker(),
        prompts: STRATEGY_PROMPTS,
        passages: passagesOf(8),
        options: { rounds: 2, stop: 'llm' },
      },
      meta,
    );
    expect(offline.status).toBe('done');
    expect(offline.events.filter((e) => e.type === 'llm' && e.module === 'stop.sufficiency')).toHaveLength(1); // checked after round 1 only
  });
});

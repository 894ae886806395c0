// The planner (paper 004's controller) against a scripted LLM: retrieval per step, the context manager
// (current top + best earlier passages), plan events with carried anchors, the step cap, the composer's
// citations, and a parse failure kept as a failed trace.
import { describe, expect, it } from 'vitest';
import { runStrategy, traceRanking } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import { carriedAnchors } from '../../../src/core/strategies/planner.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { traceSchema } from '../../../src/core/trace/schema.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm } from './scripted.ts';

const Q = question.question;
const lists = {
  [Q]: [
    { id: 'p1', score: 9 },
    { id: 'p2', score: 5 },
    { id: 'p3', score: 1 },
  ],
  'director of Film One Ann Lee': [
    { id: 'p4', score: 4 },
    { id: 'p5', score: 2 },
  ],
  'birthplace of Ann Lee': [
    { id: 'p6', score: 7 },
    { id: 'p4', score: 3 },
  ],
};
const step = (o: Record<string, unknown>) =>
  JSON.stringify({ partial_answer: 'pa', sufficiency: 0.3, anchors: [], ...o });
const run = (llm: ScriptedLlm, options?: Record<string, unknown>) =>
  runStrategy(
    'planner',
    question,
    {
      retriever: fixedRetriever(lists),
      llm,
      prompts: STRATEGY_PROMPTS,
      passages: passagesOf(8),
      options: { depth: 2, ...options },
    },
    meta,
  );

describe('planner', () => {
  it('plans, retrieves each sub-query, carries the best earlier passages, composes with citations', async () => {
    const llm = new ScriptedLlm({
      'planner.step': [
        step({
          partial_answer: 'Film One is a film.',
          action: 'continue',
          next_query: 'director of Film One Ann Lee',
          anchors: ['Film One', 'Bob'],
        }),
        step({
          partial_answer: 'Ann Lee directed Film One.',
          action: 'continue',
          next_query: 'birthplace of Ann Lee',
          anchors: ['Ann Lee'],
        }),
        step({ partial_answer: 'Ann Lee was born in Paris.', action: 'finalize', sufficiency: 0.9 }),
      ],
      'planner.compose': ['{"answer": "Paris", "citations": [1, 3]}'],
    });
    const trace = await run(llm, { carry: 1 });
    expect(trace.status).toBe('done');
    expect(traceSchema.safeParse(trace).success).toBe(true); // plan events, citations: a valid v2 trace
    const contexts = trace.events
      .filter((e) => e.type === 'context')
      .map((e) => e.type === 'context' && [e.round, e.module, e.ids]);
    // depth 2: step 1 shows p1, p2; step 2 p4, p5 + the best earlier (p1); step 3 p6, p4 + p1 (best of earlier, not current)
    expect(contexts).toEqual([
      [1, 'planner.step', ['p1', 'p2']],
      [2, 'planner.step', ['p4', 'p5', 'p1']],
      [3, 'planner.step', ['p6', 'p4', 'p1']],
      [3, 'planner.compose', ['p6', 'p4', 'p1']],
    ]);
    const plans = trace.events.filter((e) => e.type === 'plan');
    expect(
      plans.map((e) => e.type === 'plan' && [e.round, e.step, e.action, e.subquery, e.sufficiency, e.anchors]),
    ).toEqual([
      [1, 1, 'continue', 'director of Film One Ann Lee', 0.3, ['Film One']], // "Bob" is not in the query: not carried
      [2, 2, 'continue', 'birthplace of Ann Lee', 0.3, ['Ann Lee']],
      [3, 3, 'finalize', undefined, 0.9, []],
    ]);
    // the anchors the planner named are kept, carried or not ("Bob" was named but not carried)
    expect(plans.map((e) => e.type === 'plan' && e.declared)).toEqual([['Film One', 'Bob'], ['Ann Lee'], []]);
    expect(llm.userText('planner.step', 2)).toContain(
      'Step 2: searched "director of Film One Ann Lee"; partial answer: Ann Lee directed Film One.',
    );
    expect(llm.userText('planner.compose')).toContain(
      'Partial answers:\n1. Film One is a film.\n2. Ann Lee directed Film One.\n3. Ann Lee was born in Paris.',
    );
    const answer = trace.events.findLast((e) => e.type === 'answer');
    expect(answer).toMatchObject({ text: 'Paris', citations: ['p6', 'p1'] });
    expect(traceAnswer(trace)).toBe('Paris');
    expect(traceRanking(trace).map((r) => r.id)).toEqual(expect.arrayContaining(['p1', 'p4', 'p6']));
    expect(trace.options).toMatchObject({
      rounds: 5,
      depth: 2,
      carry: 1,
      prompts: { 'planner.step': 'hopscope-planner-step/1', 'planner.compose': 'hopscope-planner-compose/1' },
    });
  });

  it('stops at the step cap with a warning, finalizing what the planner wanted to continue', async () => {
    const llm = new ScriptedLlm({
      'planner.step': [
        step({ action: 'continue', next_query: 'director of Film One Ann Lee' }),
        step({ action: 'continue', next_query: 'birthplace of Ann Lee' }),
      ],
      'planner.compose': ['{"answer": "insufficient evidence", "citations": []}'],
    });
    const trace = await run(llm, { rounds: 2 });
    expect(llm.requests.filter((r) => r.module === 'planner.step')).toHaveLength(2);
    expect(llm.userText('planner.step', 1)).toContain('It is the last step: finalize.');
    expect(trace.events.filter((e) => e.type === 'plan').map((e) => e.type === 'plan' && e.action)).toEqual([
      'continue',
      'finalize',
    ]);
    expect(trace.events.find((e) => e.type === 'warning')).toMatchObject({
      module: 'planner.step',
      message: expect.stringMatching(/step cap reached/),
    });
    expect(trace.events.findLast((e) => e.type === 'answer')).toMatchObject({
      text: 'insufficient evidence',
      citations: [],
    });
  });

  it('keeps a bad planner reply as a failed trace with an error event', async () => {
    const trace = await run(new ScriptedLlm({ 'planner.step': ['{"action": "continue"}'] }));
    expect(trace.status).toBe('failed');
    expect(trace.events.at(-1)).toMatchObject({ type: 'error', module: 'planner.step' });
  });

  it('carries only anchors the query contains', () => {
    expect(carriedAnchors(['Ann Lee', 'Paris', ''], 'where was ann lee born')).toEqual(['Ann Lee']);
  });
});

// Every form a real model writes is read into the prompt's schema, and the form is named: strict JSON,
// fenced, inside chatter, after a think block, and each paper prompt's own text format.
import { describe, expect, it } from 'vitest';
import { runStrategy } from '../../src/core/strategies/index.ts';
import * as reader from '../../src/prompts/qa-reader.ts';
import * as verifier from '../../src/prompts/bdtr-verifier.ts';
import * as planner from '../../src/prompts/planner-step.ts';
import * as composer from '../../src/prompts/planner-composer.ts';
import * as reasoner from '../../src/prompts/dualrag-reasoner.ts';
import * as entities from '../../src/prompts/dualrag-entity-identifier.ts';
import * as dualAnswer from '../../src/prompts/dualrag-answer.ts';
import * as route from '../../src/prompts/auto-route.ts';
import * as ircot from '../../src/prompts/ircot-step.ts';
import * as dual from '../../src/prompts/bdtr-dual-thought.ts';
import * as gearReason from '../../src/prompts/gear-reasoning.ts';
import { LlmOutputError, withoutThink } from '../../src/prompts/parse.ts';
import { STRATEGY_PROMPTS } from '../../src/prompts/strategy-prompts.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm } from '../core/strategies/scripted.ts';

const json = '{"thought": "Vell was born in Oskby.", "answer": "Oskby."}';

describe('the JSON family', () => {
  it.each([
    ['json', json],
    ['fenced-json', '```json\n' + json + '\n```'],
    ['json-in-text', 'Sure! Here is my reply: ' + json + ' Hope this helps.'],
    ['think+json', '<think>The passage says {born in Oskby}.</think>\n' + json],
    ['think+json', 'Reasoning without the opening tag.</think>' + json],
  ])('reads %s', (form, reply) => {
    expect(reader.read(reply)).toEqual({ value: { thought: 'Vell was born in Oskby.', answer: 'Oskby' }, form });
  });
});

describe("each prompt's own text format", () => {
  it('the reader: "Thought: ... Answer: ..." (the Thought label optional, as the prompt ends with it)', () => {
    expect(reader.read('Thought: Vell was born in Oskby.\nAnswer: Oskby.')).toEqual({
      value: { thought: 'Vell was born in Oskby.', answer: 'Oskby' },
      form: 'text-format',
    });
    expect(reader.read('<think>hmm</think>Vell was born in Oskby.\n**Answer:** Oskby')).toEqual({
      value: { thought: 'Vell was born in Oskby.', answer: 'Oskby' },
      form: 'think+text-format',
    });
  });
  it('the verifier: a bare list, the key as a label, documents by name', () => {
    expect(verifier.read('[17, 3]')).toMatchObject({ value: { covered_doc_indices: [17, 3] }, form: 'text-format' });
    expect(verifier.parse('covered_doc_indices: 4, 2', 30)).toEqual({ indices: [3, 1], dropped: [] });
    expect(verifier.parse('The strongest are Doc 7 and Doc 2.', 30)).toEqual({ indices: [6, 1], dropped: [] });
  });
  it('the planner step: labelled lines, continue and finalize', () => {
    expect(
      planner.read(
        'Partial answer: Film One was directed by Ann Lee.\nAction: continue\nNext query: "birthplace of Ann Lee"\nSufficiency: 0.4\nAnchors: Ann Lee',
      ),
    ).toEqual({
      value: {
        partial_answer: 'Film One was directed by Ann Lee.',
        action: 'continue',
        next_query: 'birthplace of Ann Lee',
        sufficiency: 0.4,
        anchors: ['Ann Lee'],
      },
      form: 'text-format',
    });
    expect(planner.parse('**Partial answer:** Ann Lee was born in Paris.\nFINALIZE\nSufficiency: 0.9')).toEqual({
      partialAnswer: 'Ann Lee was born in Paris.',
      action: 'finalize',
      sufficiency: 0.9,
      anchors: [],
    });
    expect(() => planner.parse('Partial answer: x\nAction: continue\nSufficiency: high')).toThrow(LlmOutputError);
  });
  it('the composer: citations labelled or in brackets', () => {
    expect(composer.parse('Answer: Paris.\nCitations: 1, 2', 3)).toEqual({ answer: 'Paris', citations: [0, 1] });
    expect(composer.parse('Answer: Paris [2][3]', 3)).toEqual({ answer: 'Paris', citations: [1, 2] });
  });
  it("DualRAG's reasoner, entity identifier and answer", () => {
    expect(reasoner.parse('Reasoning: Ann Lee directed Film One.\nNeed retrieval: yes')).toEqual({
      reasoning: 'Ann Lee directed Film One.',
      needRetrieval: true,
    });
    expect(entities.parse('Entity: Ann Lee\nQueries: Ann Lee birthplace; where was Ann Lee born\n')).toEqual([
      { entity: 'Ann Lee', queries: ['Ann Lee birthplace', 'where was Ann Lee born'] },
    ]);
    expect(entities.parse('1. **Entity:** Film One\n- Film One director\n- who directed Film One')).toEqual([
      { entity: 'Film One', queries: ['Film One director', 'who directed Film One'] },
    ]);
    expect(dualAnswer.read('Answer: Paris')).toEqual({ value: { answer: 'Paris' }, form: 'text-format' });
    expect(dualAnswer.read('Paris')).toEqual({ value: { answer: 'Paris' }, form: 'text-format' });
  });
  it("the router's route line", () => {
    expect(route.parse('Route: ircot\nReason: two hops', ['single', 'ircot'])).toEqual({
      route: 'ircot',
      reason: 'two hops',
    });
  });
  it('text prompts read their format after a think block', () => {
    expect(ircot.read('<think>Let me see.</think>\nSo the answer is: Paris.')).toEqual({
      value: { final: true, text: 'So the answer is: Paris.', answer: 'Paris' },
      form: 'think+text-format',
    });
    expect(dual.read('Fast Thought: A?\nSlow Thought: B?').form).toBe('text-format');
    expect(gearReason.parse('<think>x</think>Answerable: Yes\nAnswer: Paris')).toMatchObject({ answer: 'Paris' });
    expect(withoutThink('no think here')).toEqual({ body: 'no think here', think: false });
  });
  it('a reply that fits nothing names the module', () => {
    const e = (() => {
      try {
        planner.parse('I think we should search more.');
      } catch (x) {
        return x as LlmOutputError;
      }
    })();
    expect(e).toBeInstanceOf(LlmOutputError);
    expect(e?.module).toBe('planner.step');
    expect(e?.message).toContain("nor the prompt's text format");
  });
});

describe('the trace records the form read', () => {
  const lists = new Proxy({} as Record<string, { id: string; score: number }[]>, {
    get: () => [
      { id: 'p1', score: 2 },
      { id: 'p2', score: 1 },
    ],
  });
  const run = (reply: string) =>
    runStrategy(
      'static',
      question,
      {
        retriever: fixedRetriever(lists),
        llm: new ScriptedLlm({ answer: [reply] }),
        prompts: STRATEGY_PROMPTS,
        passages: passagesOf(3),
      },
      meta,
    );
  it.each([
    ['json', '{"thought": "t", "answer": "Paris"}'],
    ['text-format', 'Thought: Ann Lee was born in Paris.\nAnswer: Paris'],
    ['think+json', '<think>t</think>{"thought": "t", "answer": "Paris"}'],
  ])('%s', async (form, reply) => {
    const trace = await run(reply);
    const llm = trace.events.find((e) => e.type === 'llm');
    expect(llm).toMatchObject({ module: 'answer', replyForm: form, response: reply });
    expect(trace.events.find((e) => e.type === 'answer')).toMatchObject({ text: 'Paris' });
  });
  it('an unreadable reply: no form, the reply kept, an error naming the module', async () => {
    const trace = await run('{"thought": "I do not know."}');
    const llm = trace.events.find((e) => e.type === 'llm');
    expect(llm).toMatchObject({ response: '{"thought": "I do not know."}' });
    expect(llm && 'replyForm' in llm).toBe(false);
    expect(trace.events.find((e) => e.type === 'error')).toMatchObject({ module: 'answer' });
  });
});

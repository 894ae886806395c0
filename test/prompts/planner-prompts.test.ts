// Golden and malformed-output tests for the planner's prompts (ours: paper 004 prints none).
import { describe, expect, it } from 'vitest';
import * as composer from '../../src/prompts/planner-composer.ts';
import * as planner from '../../src/prompts/planner-step.ts';
import { LlmOutputError } from '../../src/prompts/parse.ts';

const docs = [
  { title: 'Film One', text: 'Film One was directed by Ann Lee.' },
  { title: 'Ann Lee', text: 'Ann Lee was born in Paris.' },
];

describe('planner.step', () => {
  it('shows numbered documents, the question, earlier steps and the step budget', () => {
    const m = planner.build(
      'Where was the director of Film One born?',
      docs,
      [{ step: 1, query: 'Film One', partialAnswer: 'Ann Lee directed Film One.' }],
      2,
      5,
    );
    expect(m.map((x) => x.role)).toEqual(['system', 'user']);
    expect(m[0]!.content).toContain('"finalize"');
    expect(m[1]!.content).toBe(
      'Doc 1: Wikipedia Title: Film One\nFilm One was directed by Ann Lee.\nDoc 2: Wikipedia Title: Ann Lee\nAnn Lee was born in Paris.\n' +
        '\nQuestion: Where was the director of Film One born?\nEarlier steps:\nStep 1: searched "Film One"; partial answer: Ann Lee directed Film One.\n\nThis is step 2 of at most 5.\nYour JSON:',
    );
    expect(planner.build('q', [], [], 5, 5)[1]!.content).toContain('It is the last step: finalize.');
  });
  it('parses continue and finalize replies', () => {
    expect(
      planner.parse(
        '```json\n{"partial_answer": "Ann Lee directed it", "action": "continue", "next_query": " Ann Lee birthplace ", "sufficiency": 0.4, "anchors": ["Ann Lee"]}\n```',
      ),
    ).toEqual({
      partialAnswer: 'Ann Lee directed it',
      action: 'continue',
      subquery: 'Ann Lee birthplace',
      sufficiency: 0.4,
      anchors: ['Ann Lee'],
    });
    expect(planner.parse('{"partial_answer": "Paris", "action": "finalize", "sufficiency": 1}')).toEqual({
      partialAnswer: 'Paris',
      action: 'finalize',
      sufficiency: 1,
      anchors: [],
    });
  });
  it.each([
    ['prose', 'I would search for Ann Lee.', 'no JSON'],
    [
      'continue without a query',
      '{"partial_answer": "", "action": "continue", "sufficiency": 0.2}',
      'needs a non-empty next_query',
    ],
    ['sufficiency above 1', '{"partial_answer": "", "action": "finalize", "sufficiency": 1.5}', 'sufficiency'],
    ['an unknown action', '{"partial_answer": "", "action": "stop", "sufficiency": 0.5}', 'action'],
  ])('rejects %s with LlmOutputError', (_, reply, reason) => {
    expect(() => planner.parse(reply)).toThrow(LlmOutputError);
    expect(() => planner.parse(reply)).toThrow(reason);
  });
});

describe('planner.compose', () => {
  it('shows documents and partial answers; citations come back 0-based', () => {
    const m = composer.build('Where was the director of Film One born?', docs, ['Ann Lee directed Film One.']);
    expect(m[0]!.content).toContain('"insufficient evidence"');
    expect(m[1]!.content).toContain(
      '\nQuestion: Where was the director of Film One born?\nPartial answers:\n1. Ann Lee directed Film One.\n',
    );
    expect(composer.parse('{"answer": "Paris.", "citations": [2, 1, 2]}', 2)).toEqual({
      answer: 'Paris',
      citations: [1, 0],
    });
  });
  it.each([
    [
      'a citation outside the documents',
      '{"answer": "Paris", "citations": [3]}',
      'citation 3 is not a document number (1-2)',
    ],
    ['an empty answer', '{"answer": " ", "citations": []}', 'the answer is empty'],
    ['citations as text', '{"answer": "Paris", "citations": "1"}', 'citations'],
  ])('rejects %s with LlmOutputError', (_, reply, reason) => {
    expect(() => composer.parse(reply, 2)).toThrow(LlmOutputError);
    expect(() => composer.parse(reply, 2)).toThrow(reason);
  });
});

// Golden and malformed-output tests for the QA reader (HippoRAG rag_qa, JSON-adapted).
import { describe, expect, it } from 'vitest';
import * as qa from '../../src/prompts/qa-reader.ts';
import { LlmOutputError } from '../../src/prompts/parse.ts';

describe('qa-reader', () => {
  const passages = [
    { title: 'Tarrow Lighthouse', text: 'Tarrow Lighthouse was designed by Maren Vell.' },
    { title: 'Maren Vell', text: 'Maren Vell was born in Oskby.' },
  ];

  it('builds the rag_qa layout: system, one-shot (5 passages), then the passages and the question', () => {
    const m = qa.build('Where was the designer of Tarrow Lighthouse born?', passages);
    expect(m.map((x) => x.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(m[0]?.content.startsWith('As an advanced reading comprehension assistant')).toBe(true);
    expect(m[1]?.content.match(/Wikipedia Title: /g)).toHaveLength(5);
    expect(m[1]?.content.endsWith("\n\nQuestion: When was Neville A. Stanton's employer founded?\nThought: ")).toBe(
      true,
    );
    expect(qa.parse(m[2]!.content)).toEqual({
      thought:
        'The employer of Neville A. Stanton is University of Southampton. The University of Southampton was founded in 1862.',
      answer: '1862',
    });
    expect(m[3]?.content).toBe(
      'Wikipedia Title: Tarrow Lighthouse\nTarrow Lighthouse was designed by Maren Vell.\n' +
        'Wikipedia Title: Maren Vell\nMaren Vell was born in Oskby.\n' +
        '\n\nQuestion: Where was the designer of Tarrow Lighthouse born?\nThought: ',
    );
  });

  it('tolerates fences and prose, drops the final period of the answer', () => {
    expect(
      qa.parse('Here is my answer:\n```json\n{"thought": "Vell was born in Oskby.", "answer": "Oskby."}\n```'),
    ).toEqual({
      thought: 'Vell was born in Oskby.',
      answer: 'Oskby',
    });
  });

  it.each([
    ['prose with an answer marker', 'Vell was born in Oskby, so the answer is: **Oskby**.\nDone.', 'Oskby'],
    ['prose with two markers: the last', 'My first answer: Vell. Then Oskby. So the answer is: Oskby', 'Oskby'],
    ['one line of prose', 'Oskby.\nBecause Vell was born there.', 'Oskby'],
  ])('reads %s as free text', (_n, reply, answer) => {
    expect(qa.read(reply)).toMatchObject({ value: { answer }, form: 'free-text' });
  });

  it.each([
    ['an empty reply', '  \n ', 'empty'],
    ['an unclosed think block', '<think>Vell was born in', 'not closed'],
    ['a missing answer', '{"thought": "hmm"}', 'answer'],
    ['an empty answer', '{"thought": "hmm", "answer": "  "}', 'the answer is empty'],
    ['a number for the answer', '{"thought": "", "answer": 1862}', 'answer'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    let caught: unknown;
    try {
      qa.parse(reply);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(LlmOutputError);
    expect((caught as LlmOutputError).module).toBe('answer');
    expect((caught as LlmOutputError).reason).toContain(reason);
  });
});

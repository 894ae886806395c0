// The GEAR appendix J prompts: texts as printed with the inputs in place, golden replies parsed,
// malformed replies raise LlmOutputError naming the module.
import { describe, expect, it } from 'vitest';
import * as qa from '../../src/prompts/gear-qa.ts';
import * as rewrite from '../../src/prompts/gear-query-rewrite.ts';
import * as reader from '../../src/prompts/gear-reader.ts';
import * as reasoning from '../../src/prompts/gear-reasoning.ts';
import { llmOutputFailure as failure } from '../support/llm-output-failure.ts';

const docs = [
  { title: 'Film One', text: 'Film One is a film directed by Ann Lee.' },
  { title: 'Ann Lee', text: 'Ann Lee was born in Paris.' },
];
const gist: [string, string, string][] = [['Film One', 'directed by', 'Ann Lee']];

describe('reader with and without gist memory (J.2)', () => {
  it('without a memory: no preliminary facts, empty Facts', () => {
    const [m] = reader.build('Where was the director of Film One born?', docs);
    expect(m!.role).toBe('user');
    expect(m!.content).toContain('Your task is to find facts that help answer an input question.');
    expect(m!.content).toContain(
      'You should present these facts as knowledge triples, which are structured as ("subject", "predicate", "object").',
    );
    expect(m!.content).toContain(
      'Facts: ("Neville A. Stanton", "employer", "University of Southampton"), ("University of Southampton", "founded in", "1862")',
    );
    expect(m!.content).toContain(
      'Now you are given some documents:\nWikipedia Title: Film One\nFilm One is a film directed by Ann Lee.\nWikipedia Title: Ann Lee\n',
    );
    expect(m!.content).toContain(
      'Based on these documents, find additional supporting fact(s) that may help answer the following question.',
    );
    expect(m!.content).not.toContain('preliminary facts');
    expect(m!.content).toContain(
      'Note: if the information you are given is insufficient, output only the relevant facts you can find.',
    );
    expect(m!.content.endsWith('Question: Where was the director of Film One born?\nFacts: ')).toBe(true);
  });
  it('with a memory: the blue text and the gist triples', () => {
    const [m] = reader.build('Q?', docs, gist);
    expect(m!.content).toContain(
      'Based on these documents and some preliminary facts provided below, find additional supporting fact(s)',
    );
    expect(m!.content.endsWith('Question: Q?\nFacts: ("Film One", "directed by", "Ann Lee")')).toBe(true);
  });
  it('reads the tuples of a golden reply, with prose, curly quotes, lists and bad groups', () => {
    expect(reader.parse('("Film One", "directed by", "Ann Lee"), ("Ann Lee", "born in", "Paris")')).toEqual({
      triples: [
        ['Film One', 'directed by', 'Ann Lee'],
        ['Ann Lee', 'born in', 'Paris'],
      ],
      rejected: 0,
    });
    expect(
      reader.parse(
        'Facts: (“Ann Lee”, “born in”, “Paris”) (see Doc 2), ["Ann Lee", "born in", "Paris"], ("Ann Lee", "nationality"), (\'Paris\', \'capital of\', \'France\')',
      ),
    ).toEqual({
      triples: [
        ['Ann Lee', 'born in', 'Paris'],
        ['Paris', 'capital of', 'France'],
      ],
      rejected: 1,
    });
    expect(
      reader.parse('```\n("Neville A. Stanton\'s employer", "is", "University of Southampton")\n```').triples,
    ).toEqual([["Neville A. Stanton's employer", 'is', 'University of Southampton']]);
  });
  it.each([
    ['prose', 'Ann Lee was born in Paris.', 'no ("subject"'],
    ['only broken tuples', '("Ann Lee", "born in")', 'no ("subject"'],
    ['an empty reply', '  ', 'empty'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    const e = failure(() => reader.parse(reply));
    expect(e.module).toBe('gear.reader');
    expect(e.reason).toContain(reason);
  });
});

describe('reasoning for termination (J.2)', () => {
  it('builds the task text with the question and the gist memory', () => {
    const [m] = reasoning.build('Where was the director of Film One born?', gist);
    expect(m!.content).toContain(
      'Task Description:\nYou are given an input question and a set of known facts:\nQuestion: Where was the director of Film One born?\nFacts: ("Film One", "directed by", "Ann Lee")\n',
    );
    expect(m!.content).toContain(
      '1. If the provided facts contain the answer to the question, you should reply as follows:\nAnswerable: Yes\nAnswer: ...',
    );
    expect(m!.content).toContain('2. If not, you should explain why and reply as follows:\nAnswerable: No\nWhy: ...');
    expect(m!.content.endsWith('Your reply:')).toBe(true);
  });
  it('parses both verdicts, with markdown and prose around them', () => {
    expect(reasoning.parse('Answerable: Yes\nAnswer: Paris.')).toEqual({
      answerable: true,
      answer: 'Paris',
      text: 'Answerable: Yes\nAnswer: Paris.',
    });
    expect(reasoning.parse('Looking at the facts.\n**Answerable:** **Yes**\n**Answer:** Paris')).toMatchObject({
      answerable: true,
      answer: 'Paris',
    });
    expect(reasoning.parse('answerable: yes. Answer: Paris')).toMatchObject({ answerable: true, answer: 'Paris' });
    expect(
      reasoning.parse('Answerable: No\nWhy: The facts name the director, Ann Lee,\nbut not her birthplace.'),
    ).toMatchObject({
      answerable: false,
      reason: 'The facts name the director, Ann Lee,\nbut not her birthplace.',
    });
  });
  it.each([
    ['no verdict', 'The facts are insufficient.', 'no "Answerable'],
    ['a verdict other than Yes/No', 'Answerable: Maybe\nWhy: x', 'no "Answerable'],
    ['Yes without Answer', 'Answerable: Yes\nParis', 'without an "Answer:"'],
    ['Yes with an empty Answer', 'Answerable: Yes\nAnswer: ...', 'no answer'],
    ['No without Why', 'Answerable: No', 'without a "Why:"'],
    ['an empty reply', '', 'empty'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    const e = failure(() => reasoning.parse(reply));
    expect(e.module).toBe('gear.reasoning');
    expect(e.reason).toContain(reason);
  });
});

describe('query re-writing (J.2)', () => {
  it('builds the task text with the example and the inputs', () => {
    const [m] = rewrite.build(
      'Where was the director of Film One born?',
      gist,
      "The facts do not give Ann Lee's birthplace.",
    );
    expect(m!.content).toContain(
      'Your task is to analyze the question given the provided facts and determine what else information is needed for the next step.',
    );
    expect(m!.content).toContain(
      'Question: What region of the state where Guy Shepherdson was born, contains SMA Negeri 68?\nFacts: ("Guy Shepherdson", "born in", "Jakarta")\nReason: The provided facts only indicate',
    );
    expect(m!.content).toContain('Next Question: What region of Jakarta contains SMA Negeri 68?');
    expect(
      m!.content.endsWith(
        'Your Task:\nQuestion: Where was the director of Film One born?\nFacts: ("Film One", "directed by", "Ann Lee")\nReason: The facts do not give Ann Lee\'s birthplace.\nNext Question:',
      ),
    ).toBe(true);
  });
  it('reads the bare question or the labelled one', () => {
    expect(rewrite.parse(' Where was Ann Lee born?\n')).toBe('Where was Ann Lee born?');
    expect(rewrite.parse('Reason: we lack her birthplace.\nNext Question: "Where was Ann Lee born?"\nThanks')).toBe(
      'Where was Ann Lee born?',
    );
    expect(rewrite.parse('**Next Question:**\nWhere was Ann Lee born?')).toBe('Where was Ann Lee born?');
  });
  it.each([
    ['a Reason without a question', 'Reason: we lack her birthplace.', 'no "Next Question:"'],
    ['an empty Next Question', 'Next Question:   ', 'no question'],
    ['an empty reply', '', 'empty'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    const e = failure(() => rewrite.parse(reply));
    expect(e.module).toBe('gear.query-rewrite');
    expect(e.reason).toContain(reason);
  });
});

describe('question answering (J.3)', () => {
  it('with passages: preamble, the in-context example, the instruction, the passages', () => {
    const [m] = qa.build('Where was the director of Film One born?', docs);
    expect(
      m!.content.startsWith(`${qa.preamble}\n\n=====\nFor example:\n\n=====\nWikipedia Title: Edward L. Cahn\n`),
    ).toBe(true);
    expect(m!.content).toContain(
      'Question: When did the director of film Laughter In Hell die?\nAnswer: August 25, 1963.\n\n=====\n',
    );
    expect(m!.content).toContain(
      'Given the following text passages and questions, please present a concise, definitive answer, devoid of additional elaborations, and of maximum length of 6 words.',
    );
    expect(
      m!.content.endsWith(
        'Wikipedia Title: Film One\nFilm One is a film directed by Ann Lee.\n\nWikipedia Title: Ann Lee\nAnn Lee was born in Paris.\nQuestion: Where was the director of Film One born?\n\nAnswer:',
      ),
    ).toBe(true);
  });
  it('without passages: the instruction and the question only', () => {
    expect(qa.build('Q?', [])[0]!.content).toBe(
      'Given the following question, please present a concise, definitive answer, devoid of additional elaborations, and of maximum length of 6 words.\n\nQuestion: Q?\n\nAnswer:',
    );
  });
  it('reads the answer, a repeated label and a trailing period dropped', () => {
    expect(qa.parse(' Paris.')).toEqual({ answer: 'Paris' });
    expect(qa.parse('**Answer:** August 25, 1963.\nThe director died then.')).toEqual({ answer: 'August 25, 1963' });
  });
  it('raises LlmOutputError for an empty answer', () => {
    expect(failure(() => qa.parse('')).module).toBe('gear.qa');
    expect(failure(() => qa.parse('Answer:  ')).reason).toContain('no answer');
  });
});

describe('gear-reader: brackets inside quoted parts', () => {
  it('keeps a title with a year in brackets whole', async () => {
    const { parse } = await import('../../src/prompts/gear-reader.ts');
    expect(parse('("Merrow Queen (1952)", "mentions", "Sound of Merrin Race")').triples).toEqual([
      ['Merrow Queen (1952)', 'mentions', 'Sound of Merrin Race'],
    ]);
  });
});

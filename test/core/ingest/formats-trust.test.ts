// Formats users already have (issue 16): HippoRAG 2's question files for its other datasets, and a
// question file imported without its corpus.
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../src/core/errors.ts';
import { loadDataset, parseCorpus } from '../../../src/core/ingest/index.ts';

const corpus = {
  name: 'popqa_corpus.json',
  text: JSON.stringify([
    { title: 'Vell', text: 'Vell is a poet born in Oster.' },
    { title: 'Oster', text: 'Oster is a port town.' },
  ]),
};

describe("HippoRAG 2's own question format: context of [title, []] pairs, answer a list", () => {
  it('imports gold from the context titles and every answer', () => {
    const questions = {
      name: 'popqa.json',
      text: JSON.stringify([
        {
          id: 'p1',
          question: 'Where was Vell born?',
          answer: ['Oster', 'Oster town'],
          context: [
            ['Vell', []],
            ['Oster', []],
          ],
        },
        { question: 'What is Oster?', answer: ['a port town'], context: [['Oster', []]] },
      ]),
    };
    const d = loadDataset('popqa', [questions, corpus]);
    const ids = d.corpus.passages.map((p) => p.id);
    expect(d.questions[0]).toMatchObject({ id: 'p1', answers: ['Oster', 'Oster town'], gold: ids });
    expect(d.questions[1]).toMatchObject({ id: '1', answers: ['a port town'], gold: [ids[1]] });
  });

  it('a title the corpus lacks is an ImportError naming the record and field', () => {
    const questions = {
      name: 'popqa.json',
      text: JSON.stringify([{ id: 'p1', question: 'Q?', answer: ['x'], context: [['Nowhere', []]] }]),
    };
    expect(() => loadDataset('popqa', [questions, corpus])).toThrow(/record 0, field "context\[0\]"/);
  });
});

describe('a question file imported alone', () => {
  it('says to add the corpus instead of naming a missing corpus field', () => {
    const questions = {
      name: 'musique.json',
      text: JSON.stringify([
        {
          id: 'q',
          question: 'Q?',
          answer: 'a',
          paragraphs: [{ title: 'A', paragraph_text: 'a', is_supporting: true }],
        },
      ]),
    };
    expect(() => parseCorpus([questions])).toThrow(ImportError);
    expect(() => parseCorpus([questions])).toThrow('this is a question file, not a corpus: add its corpus file');
  });
});

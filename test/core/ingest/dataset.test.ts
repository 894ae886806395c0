import { describe, expect, it } from 'vitest';
import { BRIDGE_RULES } from '../../../src/core/eval/bridge.ts';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { importError } from './helpers.ts';

const corpus = { name: 'toy_corpus.json', text: JSON.stringify([{ title: 'Beta', text: 'Beta is a river.' }]) };
const questions = {
  name: 'toy.json',
  text: JSON.stringify([
    { _id: 'w1', question: 'Which river?', answer: 'Beta', type: 'comparison', supporting_titles: ['Beta'] },
  ]),
};

describe('loadDataset', () => {
  it('picks the corpus and question files, ignoring OpenIE caches, TSV and other files', () => {
    const files = [
      { name: 'openie_toy_results_ner_gpt-3.5.json', text: '{"docs": []}' },
      questions,
      { name: 'queries.named_entity_output.tsv', text: 'a\tb' },
      { name: 'README.md', text: '# toy' },
      corpus,
    ];
    expect(loadDataset('toy', files)).toEqual({
      name: 'toy',
      corpus: { id: 'toy', name: 'toy', passages: [{ id: 'p0', title: 'Beta', text: 'Beta is a river.' }] },
      questions: [
        {
          id: 'w1',
          question: 'Which river?',
          answers: ['Beta'],
          gold: ['p0'],
          type: 'comparison',
          evidence: { hops: [{ passages: ['p0'] }], bridge: [], bridgeRule: BRIDGE_RULES.titles },
        },
      ],
    });
  });

  it('says clearly when the corpus or question file is missing or ambiguous', () => {
    expect(importError(() => loadDataset('toy', [questions])).message).toBe(
      'import: dataset "toy": expected one corpus file named *corpus*.json or *corpus*.jsonl among: toy.json',
    );
    expect(
      importError(() => loadDataset('toy', [corpus, { ...corpus, name: 'other_corpus.jsonl' }, questions])).message,
    ).toContain('expected one corpus file, found 2: toy_corpus.json, other_corpus.jsonl');
    expect(importError(() => loadDataset('toy', [corpus])).message).toContain('expected one question file');
    expect(
      importError(() => loadDataset('toy', [corpus, questions, { ...questions, name: 'toy_dev.json' }])).message,
    ).toContain('expected one question file, found 2: toy.json, toy_dev.json');
    expect(importError(() => loadDataset('toy', [])).message).toContain('among: (no files)');
  });

  it('passes errors of either file through, naming that file', () => {
    const broken = {
      name: 'toy.json',
      text: JSON.stringify([{ _id: 'w1', question: 'Which river?', answer: 'Beta', supporting_titles: ['Nile'] }]),
    };
    expect(importError(() => loadDataset('toy', [corpus, broken])).location).toEqual({
      file: 'toy.json',
      record: 0,
      field: 'supporting_titles[0]',
    });
  });
});

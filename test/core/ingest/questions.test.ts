import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRIDGE_RULES } from '../../../src/core/eval/bridge.ts';
import { parseCorpus, parseQuestions } from '../../../src/core/ingest/index.ts';
import type { Passage } from '../../../src/core/types.ts';
import { importError } from './helpers.ts';

const passages: Passage[] = [
  { id: 'p0', title: 'Alpha', text: 'Alpha is a town. It has a river.' },
  { id: 'p1', title: 'Beta', text: 'Beta is a river.' },
  { id: 'p2', title: 'Alpha', text: 'Alpha is also a band.' },
  { id: 'p3', title: 'Gamma', text: 'Gamma flows into Beta.' },
];
const file = (records: unknown, name = 'q.json') => ({ name, text: JSON.stringify(records) });

const hotpot = (over: Record<string, unknown> = {}) => ({
  _id: 'h1',
  question: 'Which river runs through Alpha?',
  answer: 'Beta',
  type: 'bridge',
  level: 'hard',
  supporting_facts: [
    ['Alpha', 1],
    ['Beta', 0],
    ['Alpha', 0],
  ],
  context: [
    ['Gamma', ['Gamma flows into Beta.']],
    ['Alpha', ['Alpha is a town.', ' It has a river.']],
    ['Beta', ['Beta is a river.']],
  ],
  ...over,
});

describe('HotpotQA format (supporting_facts + context)', () => {
  it('maps each supporting title to its context paragraph by title + concatenated sentences', () => {
    // "Alpha" has two passages; the context text picks p0, not the band p2
    expect(parseQuestions(file([hotpot()]), passages)).toEqual([
      {
        id: 'h1',
        question: 'Which river runs through Alpha?',
        answers: ['Beta'],
        gold: ['p0', 'p1'],
        type: 'bridge',
        // supporting sentences per title; Beta is the bridge (the question names Alpha only)
        evidence: {
          hops: [
            { passages: ['p0'], sentences: [1, 0] },
            { passages: ['p1'], sentences: [0] },
          ],
          bridge: ['p1'],
          bridgeRule: BRIDGE_RULES.hotpot,
        },
      },
    ]);
    expect(parseQuestions(file([hotpot({ type: 'comparison' })]), passages)[0]?.evidence?.bridge).toEqual([]);
  });

  it('also matches sentences joined with a space (2Wiki original release, as HippoRAG 2 does)', () => {
    const q = hotpot({
      context: [
        ['Alpha', ['Alpha is a town.', 'It has a river.']],
        ['Beta', ['Beta is a river.']],
      ],
    });
    expect(parseQuestions(file([q]), passages)[0]?.gold).toEqual(['p0', 'p1']);
  });

  it('names the question and title of an unknown gold passage', () => {
    const notInCorpus = hotpot({
      context: [
        ['Alpha', ['Alpha is a city.']],
        ['Beta', ['Beta is a river.']],
      ],
    });
    const e = importError(() => parseQuestions(file([hotpot({ _id: 'h0' }), notInCorpus]), passages));
    expect(e.location).toEqual({ file: 'q.json', record: 1, field: 'supporting_facts[0]' });
    expect(e.message).toContain(
      'unknown gold passage for question "h1": title "Alpha" has no corpus passage with its context text (2 passages with this title',
    );
    const notInContext = importError(() =>
      parseQuestions(file([hotpot({ supporting_facts: [['Delta', 0]] })]), passages),
    );
    expect(notInContext.message).toContain('title "Delta" is not among this question\'s context titles');
  });

  it('names the field of malformed supporting facts and context', () => {
    expect(
      importError(() => parseQuestions(file([hotpot({ supporting_facts: [['Alpha', '1']] })]), passages)).location
        .field,
    ).toBe('supporting_facts[0]');
    expect(
      importError(() => parseQuestions(file([hotpot({ context: [['Alpha', 'text']] })]), passages)).location.field,
    ).toBe('context[0]');
    expect(
      importError(() => parseQuestions(file([hotpot({ context: [['Alpha', ['ok', 3]]] })]), passages)).location.field,
    ).toBe('context[0][1][1]');
    const noContext = hotpot();
    delete (noContext as Record<string, unknown>)['context'];
    expect(importError(() => parseQuestions(file([noContext]), passages)).message).toBe(
      'import: q.json, record 0, field "context": missing; expected an array of [title, [sentences]] pairs',
    );
  });

  it('refuses a missing id, question or answer, and duplicate ids', () => {
    const noId = hotpot();
    delete (noId as Record<string, unknown>)['_id'];
    expect(importError(() => parseQuestions(file([noId]), passages)).location.field).toBe('_id');
    expect(importError(() => parseQuestions(file([hotpot({ question: 5 })]), passages)).message).toContain(
      'field "question": expected a string, got number 5',
    );
    const noAnswer = hotpot();
    delete (noAnswer as Record<string, unknown>)['answer'];
    expect(importError(() => parseQuestions(file([noAnswer]), passages)).location.field).toBe('answer');
    const dup = importError(() => parseQuestions(file([hotpot(), hotpot()]), passages));
    expect(dup.location.record).toBe(1);
    expect(dup.message).toContain('"h1" already used by record 0');
  });
});

const wiki = (over: Record<string, unknown> = {}) => ({
  _id: 'w1',
  question: 'Where does the river of Gamma end?',
  answer: 'Beta',
  type: 'compositional',
  supporting_titles: ['Gamma', 'Beta'],
  ...over,
});

describe('2WikiMultiHopQA format (supporting_titles)', () => {
  it('maps titles to passages and keeps the type', () => {
    expect(parseQuestions(file([wiki()]), passages)).toEqual([
      {
        id: 'w1',
        question: 'Where does the river of Gamma end?',
        answers: ['Beta'],
        gold: ['p3', 'p1'],
        type: 'compositional',
        evidence: {
          hops: [{ passages: ['p3'] }, { passages: ['p1'] }],
          bridge: ['p1'],
          bridgeRule: BRIDGE_RULES.titles,
        },
      },
    ]);
  });

  it('reads 2Wiki evidences into hops; the bridge is an evidence object the question does not name', () => {
    const q = parseQuestions(
      file([
        wiki({
          evidences: [
            ['Gamma', 'flows into', 'Beta'],
            ['Beta', 'mouth', 'Sea'],
          ],
        }),
      ]),
      passages,
    )[0];
    expect(q?.evidence).toEqual({
      hops: [
        { passages: ['p3'], question: 'Gamma | flows into', answer: 'Beta' },
        { passages: ['p1'], question: 'Beta | mouth', answer: 'Sea' },
      ],
      bridge: ['p1'],
      bridgeRule: BRIDGE_RULES.twoWiki,
    });
    expect(
      importError(() => parseQuestions(file([wiki({ evidences: [['Gamma', 'x']] })]), passages)).location.field,
    ).toBe('evidences[0]');
  });

  it('refuses an ambiguous title by default and takes every match with ambiguousTitles: "all"', () => {
    const q = wiki({ supporting_titles: ['Alpha', 'Beta'] });
    const e = importError(() => parseQuestions(file([q]), passages));
    expect(e.location).toEqual({ file: 'q.json', record: 0, field: 'supporting_titles[0]' });
    expect(e.message).toContain('ambiguous gold for question "w1": title "Alpha" matches 2 passages (p0, p2)');
    expect(parseQuestions(file([q]), passages, { ambiguousTitles: 'all' })[0]?.gold).toEqual(['p0', 'p2', 'p1']);
  });

  it('names the question and title of an unknown gold title', () => {
    const e = importError(() =>
      parseQuestions(file([wiki(), wiki({ _id: 'w2', supporting_titles: ['Beta', 'Omega'] })]), passages),
    );
    expect(e.location).toEqual({ file: 'q.json', record: 1, field: 'supporting_titles[1]' });
    expect(e.message).toContain('unknown gold passage for question "w2": title "Omega" matches no corpus passage');
  });

  it('refuses a question with no supporting titles', () => {
    expect(importError(() => parseQuestions(file([wiki({ supporting_titles: [] })]), passages)).message).toContain(
      'expected at least one supporting passage for question "w1"',
    );
  });
});

const musique = (over: Record<string, unknown> = {}) => ({
  id: '3hop1__11_22_33',
  question: 'Which river flows into the river of the band town?',
  answer: 'Gamma',
  answer_aliases: ['Gamma River', 'Gamma'],
  answerable: true,
  paragraphs: [
    { idx: 0, title: 'Alpha', paragraph_text: 'Alpha is also a band.', is_supporting: true },
    { idx: 1, title: 'Alpha', paragraph_text: 'Alpha is a town. It has a river.', is_supporting: false },
    { idx: 2, title: 'Gamma', paragraph_text: 'Gamma flows into Beta.', is_supporting: true },
  ],
  ...over,
});

describe('MuSiQue format (paragraphs with is_supporting)', () => {
  it('matches supporting paragraphs on title + text and reads hops and shape from the id', () => {
    expect(parseQuestions(file([musique()]), passages)).toEqual([
      {
        id: '3hop1__11_22_33',
        question: 'Which river flows into the river of the band town?',
        answers: ['Gamma', 'Gamma River'],
        gold: ['p2', 'p3'],
        type: '3hop1',
        hops: 3,
        // no question_decomposition: gold titles only; the question names neither Alpha nor Gamma
        evidence: {
          hops: [{ passages: ['p2'] }, { passages: ['p3'] }],
          bridge: ['p2', 'p3'],
          bridgeRule: BRIDGE_RULES.titles,
        },
      },
    ]);
    expect(parseQuestions(file([musique({ id: '2hop__1_2' })]), passages)[0]).toMatchObject({ type: '2hop', hops: 2 });
  });

  it('reads question_decomposition into hops; a hop that refers to #1 and is not named is the bridge', () => {
    const decomposition = [
      { id: 11, question: 'band town >> river', answer: 'Gamma', paragraph_support_idx: 0 },
      { id: 22, question: '#1 >> flows into', answer: 'Beta', paragraph_support_idx: 2 },
    ];
    expect(parseQuestions(file([musique({ question_decomposition: decomposition })]), passages)[0]?.evidence).toEqual({
      hops: [
        { passages: ['p2'], question: 'band town >> river', answer: 'Gamma' },
        { passages: ['p3'], question: '#1 >> flows into', answer: 'Beta' },
      ],
      bridge: ['p3'],
      bridgeRule: BRIDGE_RULES.musique,
    });
  });

  it('reads JSON Lines (the upstream MuSiQue release)', () => {
    const text = `${JSON.stringify(musique())}\n\n${JSON.stringify(musique({ id: '4hop3__1_2_3_4' }))}\n`;
    const qs = parseQuestions({ name: 'musique_dev.jsonl', text }, passages);
    expect(qs.map((q) => [q.id, q.hops])).toEqual([
      ['3hop1__11_22_33', 3],
      ['4hop3__1_2_3_4', 4],
    ]);
  });

  it('names the paragraph whose text is not in the corpus', () => {
    const q = musique({ paragraphs: [{ title: 'Beta', paragraph_text: 'Beta is a lake.', is_supporting: true }] });
    const e = importError(() => parseQuestions(file([q]), passages));
    expect(e.location).toEqual({ file: 'q.json', record: 0, field: 'paragraphs[0]' });
    expect(e.message).toContain(
      'question "3hop1__11_22_33": title "Beta" has no corpus passage with the same text (1 passage with this title)',
    );
  });

  it('names wrongly typed paragraph fields and aliases', () => {
    const badFlag = musique({
      paragraphs: [{ title: 'Beta', paragraph_text: 'Beta is a river.', is_supporting: 'yes' }],
    });
    expect(importError(() => parseQuestions(file([badFlag]), passages)).location.field).toBe(
      'paragraphs[0].is_supporting',
    );
    const badTitle = musique({ paragraphs: [{ title: null, paragraph_text: 'Beta is a river.' }] });
    expect(importError(() => parseQuestions(file([badTitle]), passages)).location.field).toBe('paragraphs[0].title');
    expect(
      importError(() => parseQuestions(file([musique({ answer_aliases: ['x', 1] })]), passages)).location.field,
    ).toBe('answer_aliases[1]');
  });
});

describe('HippoRAG 2 question format', () => {
  const fixture = (name: string) => ({
    name,
    text: readFileSync(new URL(`../../fixtures/ingest/${name}`, import.meta.url), 'utf8'),
  });
  const corpus = parseCorpus([fixture('hipporag_sample_corpus.json')]);

  it('reads sample.json-shaped records: no id, answer string or list, is_supporting optional (then gold)', () => {
    const qs = parseQuestions(fixture('hipporag_sample.json'), corpus);
    expect(qs.map((q) => ({ id: q.id, answers: q.answers, gold: q.gold }))).toEqual([
      { id: 'q0', answers: ['Bloomington'], gold: ['p0', 'p1', 'p2'] },
      // the "Escher" paragraph is matched on its text, not on the second "Escher" passage p4
      { id: 'q1', answers: ['M. C. Escher', 'Escher'], gold: ['p0', 'p3'] },
    ]);
    expect(qs[0]?.hops).toBeUndefined();
  });

  it('reads `contexts` [{title, text, is_supporting}] and `gold_ans`', () => {
    const q = {
      question: 'Where?',
      gold_ans: 'Beta',
      contexts: [{ title: 'Beta', text: 'Beta is a river.', is_supporting: true }],
    };
    expect(parseQuestions(file([q]), passages)).toEqual([
      {
        id: 'q0',
        question: 'Where?',
        answers: ['Beta'],
        gold: ['p1'],
        evidence: { hops: [{ passages: ['p1'] }], bridge: [], bridgeRule: BRIDGE_RULES.titles },
      },
    ]);
  });
});

describe('format detection and file shape', () => {
  it('refuses an unrecognised record, a non-array and an empty file', () => {
    const e = importError(() => parseQuestions(file([{ question: 'q?', answer: 'a' }]), passages));
    expect(e.location).toEqual({ file: 'q.json', record: 0 });
    expect(e.message).toContain('unrecognised question format');
    expect(importError(() => parseQuestions(file({ data: [] }), passages)).message).toContain(
      'expected a JSON array of question records',
    );
    expect(importError(() => parseQuestions(file([]), passages)).message).toContain('expected at least one question');
  });

  it('holds every record to the format of the first', () => {
    const e = importError(() => parseQuestions(file([hotpot(), wiki()]), passages));
    expect(e.location).toEqual({ file: 'q.json', record: 1, field: 'supporting_facts' });
  });

  it('says where truncated question JSON ends', () => {
    const text = JSON.stringify([hotpot()], null, 1).slice(0, -10);
    expect(importError(() => parseQuestions({ name: 'q.json', text }, passages)).message).toMatch(
      /parsing failed at the end, line \d+, column \d+ .*truncated/,
    );
  });
});

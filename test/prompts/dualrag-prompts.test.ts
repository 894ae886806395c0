// The DualRAG prompts (Fig. 5-8): texts as printed with the inputs in place, golden replies parsed,
// malformed replies raise LlmOutputError naming the module.
import { describe, expect, it } from 'vitest';
import * as answer from '../../src/prompts/dualrag-answer.ts';
import * as identifier from '../../src/prompts/dualrag-entity-identifier.ts';
import * as judge from '../../src/prompts/dualrag-judge.ts';
import type { OutlineView } from '../../src/core/strategies/prompt-port.ts';
import * as reasoner from '../../src/prompts/dualrag-reasoner.ts';
import * as summarizer from '../../src/prompts/dualrag-knowledge-summarizer.ts';
import { llmOutputFailure as failure } from '../support/llm-output-failure.ts';

const question = 'Where was the director of Film One born?';
const outline: readonly OutlineView[] = [
  { entity: 'Film One', knowledge: ['Film One is a film directed by Ann Lee.'] },
];
const history = ['Film One was directed by Ann Lee; her birthplace is not in the knowledge yet.'];

describe('reasoner (Fig. 5)', () => {
  it('builds the figure text and the outline, question and reasoning history', () => {
    const m = reasoner.build(question, outline, history);
    expect(m.map((x) => x.role)).toEqual(['system', 'user']);
    expect(m[0]!.content).toContain(
      'Currently, there is a knowledge question-answering problem that needs to be solved, and retrieval tools can be used to find relevant knowledge to assist you in solving the problem.',
    );
    expect(m[0]!.content).toContain('Your current task is to reason based on the knowledge that has been retrieved.');
    expect(m[0]!.content).toContain(
      '- You find that you cannot obtain the answer you want based solely on the retrieved knowledge and need to further expand your knowledge through retrieval tools.',
    );
    expect(m[0]!.content).toContain(
      '- The knowledge used must be strictly based on the retrieved knowledge, and speculation is prohibited.',
    );
    expect(m[0]!.content).not.toContain('few-shots');
    expect(m[1]!.content).toBe(
      'Question currently being solved\n\nKnowledge:\n### Film One\n- Film One is a film directed by Ann Lee.\n\nQuestion: Where was the director of Film One born?\n\nReasoning history:\nStep 1: Film One was directed by Ann Lee; her birthplace is not in the knowledge yet.',
    );
    expect(reasoner.build(question, [], [])[1]!.content).toContain(
      'Knowledge:\n(no knowledge retrieved yet)\n\nQuestion: Where was the director of Film One born?\n\nReasoning history:\n(no reasoning yet)',
    );
    expect(reasoner.version).toBe('dualrag-fig5/1');
  });
  it('parses the step and the retrieval flag, fenced or with prose', () => {
    expect(reasoner.parse('{"reasoning": "Ann Lee directed Film One. ", "need_retrieval": true}')).toEqual({
      reasoning: 'Ann Lee directed Film One.',
      needRetrieval: true,
    });
    expect(
      reasoner.parse('Step done.\n```json\n{"reasoning": "Ann Lee was born in Paris.", "need_retrieval": false}\n```'),
    ).toEqual({ reasoning: 'Ann Lee was born in Paris.', needRetrieval: false });
  });
  it.each([
    ['prose', 'Ann Lee directed Film One; I need her birthplace.', 'no JSON'],
    ['a string flag', '{"reasoning": "x", "need_retrieval": "yes"}', 'need_retrieval'],
    ['a missing flag', '{"reasoning": "x"}', 'need_retrieval'],
    ['empty reasoning', '{"reasoning": " ", "need_retrieval": false}', 'reasoning'],
    ['an empty reply', '', 'no JSON'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    const e = failure(() => reasoner.parse(reply));
    expect(e.module).toBe('dualrag.reasoner');
    expect(e.reason).toContain(reason);
  });
});

describe('entity identifier (Fig. 6)', () => {
  it('builds the figure text, the inputs and the entity hints', () => {
    const m = identifier.build(question, outline, history, ['Ann Lee', 'Film One']);
    expect(m[0]!.content).toContain(
      'Your current task is to identify what additional knowledge is needed based on the given question, the existing knowledge, and the previous reasoning history, and to generate retrieval keywords.',
    );
    expect(m[0]!.content).toContain(
      'To help you identify the required knowledge, I will extract a list of entities from previous reasoning processes.',
    );
    expect(m[0]!.content).toContain('However, for similar-meaning keywords, retain at most two variations.');
    expect(m[1]!.content.startsWith('Question currently being solved\n\nKnowledge:\n### Film One\n')).toBe(true);
    expect(m[1]!.content).toContain('Question: Where was the director of Film One born?');
    expect(
      m[1]!.content.endsWith(
        'Step 1: Film One was directed by Ann Lee; her birthplace is not in the knowledge yet.\n\nEntities from previous reasoning: Ann Lee; Film One',
      ),
    ).toBe(true);
    expect(identifier.build(question, outline, history)[1]!.content).not.toContain('Entities from previous reasoning');
  });
  it('parses entities with their queries, merging repeats', () => {
    expect(
      identifier.parse(
        'Here are the keywords:\n```json\n{"entities": [{"entity": "Ann Lee", "queries": ["Ann Lee birthplace", "where was Ann Lee born"]}, {"entity": "ann lee ", "queries": ["Ann Lee birthplace", "Ann Lee early life"]}, {"entity": "Film One", "queries": ["Film One director"]}]}\n```',
      ),
    ).toEqual([
      { entity: 'Ann Lee', queries: ['Ann Lee birthplace', 'where was Ann Lee born', 'Ann Lee early life'] },
      { entity: 'Film One', queries: ['Film One director'] },
    ]);
  });
  it.each([
    ['prose', 'Ann Lee: Ann Lee birthplace', 'no JSON'],
    ['no entities', '{"entities": []}', 'no entities'],
    ['an entity without queries', '{"entities": [{"entity": "Ann Lee", "queries": []}]}', 'entities.0.queries'],
    [
      'queries of the wrong type',
      '{"entities": [{"entity": "Ann Lee", "queries": "Ann Lee birthplace"}]}',
      'entities.0.queries',
    ],
    ['an empty entity name', '{"entities": [{"entity": "", "queries": ["x"]}]}', 'entities.0.entity'],
    ['an empty reply', '', 'no JSON'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    const e = failure(() => identifier.parse(reply));
    expect(e.module).toBe('dualrag.entity-identifier');
    expect(e.reason).toContain(reason);
  });
});

describe('knowledge summarizer (Fig. 7)', () => {
  it('builds the figure text, the question, the history and "Retrieval - entity -" with its documents', () => {
    const m = summarizer.build(
      question,
      history,
      'Ann Lee',
      ['Ann Lee birthplace'],
      [{ title: 'Ann Lee', text: 'Ann Lee was born in Paris.' }],
    );
    expect(m[0]!.content).toContain(
      'Your task is to read and organize the retrieved documents, filtering out irrelevant content while summarizing information pertinent to the current problem.',
    );
    expect(m[0]!.content).toContain(
      '- Preserve the original wording for important content and ensure that all entity names remain consistent with the original documents.',
    );
    expect(m[1]!.content).toBe(
      'Question currently being solved\n\nQuestion: Where was the director of Film One born?\n\nReasoning history:\nStep 1: Film One was directed by Ann Lee; her birthplace is not in the knowledge yet.\n\nRetrieval - Ann Lee -\nQueries: Ann Lee birthplace\nWikipedia Title: Ann Lee\nAnn Lee was born in Paris.\n',
    );
  });
  it('keeps the summary whole and raises LlmOutputError for an empty one', () => {
    expect(summarizer.parse('  Ann Lee was born in Paris.\nShe directed Film One.  ', 'Ann Lee')).toEqual({
      entity: 'Ann Lee',
      knowledge: 'Ann Lee was born in Paris.\nShe directed Film One.',
      relevant: true,
    });
    const e = failure(() => summarizer.parse(' \n ', 'Ann Lee'));
    expect(e.module).toBe('dualrag.knowledge-summarizer');
    expect(e.reason).toContain('empty');
  });
});

describe('knowledge summarizer: nothing relevant', () => {
  it('asks for a fixed reply when nothing is relevant and marks such fragments irrelevant', () => {
    expect(
      summarizer
        .build(question, history, 'Ann Lee', [], [])[0]!
        .content.endsWith(
          'If the documents hold nothing relevant to the question, reply exactly: No relevant information.',
        ),
    ).toBe(true);
    expect(summarizer.version).toBe('dualrag-fig7/2');
    for (const r of [
      'No relevant information.',
      '**No relevant information**',
      'None',
      'The retrieved documents do not contain any relevant information about Ann Lee.',
      "The documents don't mention information on her.",
    ]) {
      expect(summarizer.parse(r, 'Ann Lee').relevant).toBe(false);
    }
    expect(summarizer.parse('No one but Ann Lee directed Film One.', 'Ann Lee').relevant).toBe(true);
    expect(summarizer.parse('Ann Lee: none of her films were released before 1950.', 'Ann Lee').relevant).toBe(true);
  });
});

describe('answer (Eq. 4, our prompt)', () => {
  it('builds from the outline and history, says it is ours, parses a short answer', () => {
    const m = answer.build(question, outline, history);
    expect(answer.version).toBe('hopscope-dualrag-answer/1');
    expect(m[1]!.content).toBe(reasoner.build(question, outline, history)[1]!.content);
    expect(m[0]!.content).toContain(
      'Give the final answer to the question based on the retrieved knowledge and the reasoning history.',
    );
    expect(answer.parse('```json\n{"answer": " Paris "}\n```')).toEqual({ answer: 'Paris' });
  });
  it.each([
    ['prose', 'I could not find it.\nThe documents do not say.', 'no JSON'],
    ['an empty answer', '{"answer": ""}', 'answer'],
    ['a wrong type', '{"answer": 3}', 'answer'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    const e = failure(() => answer.parse(reply));
    expect(e.module).toBe('dualrag.answer');
    expect(e.reason).toContain(reason);
  });
  it('w/o KO: the knowledge section shows passages instead of the outline', () => {
    const m = reasoner.build(question, { documents: [{ title: 'Ann Lee', text: 'Ann Lee was born in Paris.' }] }, []);
    expect(m[1]!.content).toContain('Knowledge:\nWikipedia Title: Ann Lee\nAnn Lee was born in Paris.\n\nQuestion:');
    expect(reasoner.build(question, { documents: [] }, [])[1]!.content).toContain(
      'Knowledge:\n(no knowledge retrieved yet)',
    );
  });
});

describe('judge (Fig. 8)', () => {
  it('builds the judge prompt with question, prediction and ground truth', () => {
    const [m] = judge.build(question, 'She was born in Paris, France.', 'Paris');
    expect(m!.content).toContain('You should decide whether the model Prediction implies the Ground-truth Answer.');
    expect(m!.content).toContain(
      'if the model’s response is close in meaning to the standard answer, or contains the standard answer, then the model’s response can be considered correct.',
    );
    expect(
      m!.content.endsWith(
        'Question: Where was the director of Film One born?\nPrediction: She was born in Paris, France.\nGround-truth Answer Paris\nDoes the Prediction imply the Ground-truth Answer? Output Yes or No:',
      ),
    ).toBe(true);
  });
  it('reads Yes or No', () => {
    expect(judge.parse('Yes')).toBe(true);
    expect(judge.parse('**No.**')).toBe(false);
    expect(judge.parse('The prediction names Paris, so: yes')).toBe(true);
    expect(judge.parse('No, the prediction says Lyon; yes it is a city, but not Paris.')).toBe(false);
  });
  it.each([
    ['neither word', 'Correct.', 'neither'],
    ['both words and no leading verdict', 'It is not a yes or no matter.', 'both'],
    ['an empty reply', '', 'empty'],
  ])('raises LlmOutputError for %s', (_n, reply, reason) => {
    const e = failure(() => judge.parse(reply));
    expect(e.module).toBe('dualrag.judge');
    expect(e.reason).toContain(reason);
  });
});

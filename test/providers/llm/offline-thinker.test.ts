// The offline thinker: honest labelling (zero tokens, its label everywhere), replies every strategy
// prompt's parser reads, heuristics doing what they say, and the acceptance direction: with
// it, BDTR raises passage Recall@5 of the final context above static retrieval (BM25, real MuSiQue).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recallAtK } from '../../../src/core/eval/metrics.ts';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { runStrategy, STRATEGIES, traceRanking } from '../../../src/core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import {
  createOfflineThinker,
  OFFLINE_THINKER_LABEL,
  OfflineThinkerError,
} from '../../../src/providers/llm/offline-thinker.ts';
import {
  answerCandidates,
  answerKind,
  bridgeCandidates,
  capitalisedPhrases,
  choiceOptions,
  pickOption,
  questionParts,
} from '../../../src/providers/llm/offline-thinker-text.ts';

const data = new URL('../../../../shared/data/musique/', import.meta.url);
const dataset = loadDataset(
  'musique',
  ['musique.json', 'musique_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, data), 'utf8') })),
);
const bm25 = createBm25Retriever(dataset.corpus.passages);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
const meta = { corpus: dataset.corpus, retrieverName: 'bm25' };

describe('offline thinker heuristics', () => {
  it('spots capitalised phrases and splits a question into entities and relation words', () => {
    expect(capitalisedPhrases('The film was directed by Xawery Żuławski for the Bank of England in 2009.')).toEqual([
      'Xawery Żuławski',
      'Bank of England',
    ]);
    // a phrase stops at the end of a sentence (but not at an initial), and never takes in "Its"/"The"
    expect(
      capitalisedPhrases(
        'It was devised by Ione Marlow. Its beam carried far. J. R. Tolkien met Tobias Venn. The end.',
      ),
    ).toEqual(['Ione Marlow', 'J. R. Tolkien', 'Tobias Venn']);
    // a lone nationality adjective, a sentence-start common word, a possessive and a piece of a quoted title are no names
    expect(
      capitalisedPhrases('Who starred in the 1991 American action comedy film The Hard Way for American Airlines?'),
    ).toEqual(['Hard Way', 'American Airlines']);
    expect(capitalisedPhrases("Among the novels, Mark Twain's first was set in Missouri.")).toEqual([
      'Mark Twain',
      'Missouri',
    ]);
    expect(capitalisedPhrases('"I Will Not Say Goodbye" is a song by Danny Gokey.')).toEqual([
      'I Will Not Say Goodbye',
      'Danny Gokey',
    ]);
    expect(questionParts('Who is the mother of the director of film Polish-Russian War?')).toEqual({
      entities: ['Polish-Russian War'],
      relations: ['mother', 'director', 'film'],
    });
  });
  it('reads the answer kind off the question wording', () => {
    expect(answerKind('Which film came out first, Blind Shaft or The Mask Of Fu Manchu?')).toBe('choice');
    expect(choiceOptions('Which film came out first, Blind Shaft or The Mask Of Fu Manchu?')).toEqual([
      'Blind Shaft',
      'The Mask Of Fu Manchu',
    ]);
    expect(answerKind('Are both Kurram Garhi and Trojkrsti located in the same country?')).toBe('yesno');
    expect(answerKind('When did the director of film Hypocrite die?')).toBe('date');
    expect(answerKind('How many islands does the archipelago have?')).toBe('number');
    expect(answerKind('Who is the mother of the director of film Polish-Russian War?')).toBe('person');
    expect(answerKind('In which village did the woman who devised the fog-lantern spend her childhood?')).toBe('place');
    expect(answerKind('What is the name of the festival?')).toBe('any');
  });
  it('picks the comparison option by year, and the span of the wanted kind', () => {
    const docs = [
      { title: 'The Mask Of Fu Manchu', text: 'The Mask of Fu Manchu is a 1932 pre-Code adventure film.' },
      { title: 'Blind Shaft', text: 'Blind Shaft is a 2003 film about coal miners.' },
    ];
    expect(
      pickOption(
        'Which film came out first, Blind Shaft or The Mask Of Fu Manchu?',
        ['Blind Shaft', 'The Mask Of Fu Manchu'],
        docs,
      ),
    ).toBe('The Mask Of Fu Manchu');
    expect(
      pickOption(
        'Which film came out later, Blind Shaft or The Mask Of Fu Manchu?',
        ['Blind Shaft', 'The Mask Of Fu Manchu'],
        docs,
      ),
    ).toBe('Blind Shaft');
    const bio = [
      { title: 'Ione Marlow', text: 'Ione Marlow (1834–1902) was raised in Dunmere, the daughter of Tobias Venn.' },
    ];
    const q = questionParts('In which village did Ione Marlow spend her childhood?');
    expect(answerCandidates(q, bio, 'place')[0]).toBe('Dunmere');
    expect(answerCandidates(questionParts('When was Ione Marlow born?'), bio, 'date')[0]).toBe('1834');
    expect(answerCandidates(questionParts('Who was the father of Ione Marlow?'), bio, 'person')[0]).toBe('Tobias Venn');
  });
  it('ranks the entity after a relation word in a passage about the question entity as the bridge', () => {
    const q = questionParts('Who is the mother of the director of film Polish-Russian War?');
    const docs = [
      {
        title: 'Polish-Russian War (film)',
        text: 'Polish-Russian War is a 2009 Polish film directed by Xawery Żuławski based on the novel by Dorota Masłowska.',
      },
    ];
    expect(bridgeCandidates(q, docs)[0]).toBe('Xawery Żuławski');
  });
});

describe('createOfflineThinker', () => {
  it('is labelled, costs zero tokens and refuses modules it has no heuristic for', async () => {
    const llm = createOfflineThinker();
    expect(llm.label).toBe('offline thinker (no LLM)');
    const trace = await runStrategy(
      'bdtr',
      dataset.questions[0]!,
      { retriever: bm25, llm, prompts: STRATEGY_PROMPTS, passages },
      meta,
    );
    expect(trace.llm).toBe(OFFLINE_THINKER_LABEL);
    const calls = trace.events.filter((e) => e.type === 'llm');
    expect(calls.length).toBe(5);
    for (const e of calls) expect(e.type === 'llm' && [e.provider, e.usage.total]).toEqual([OFFLINE_THINKER_LABEL, 0]);
    await expect(
      llm.complete({ module: 'openie.triples', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toThrow(OfflineThinkerError);
  });

  it('writes replies every strategy parses, on real questions', async () => {
    const llm = createOfflineThinker();
    for (const q of dataset.questions.slice(0, 5)) {
      // gear needs a triple index (naivege backbone; offline-extracting MuSiQue takes minutes): test/core/strategies/gear.test.ts
      for (const name of STRATEGIES.filter((s) => s !== 'gear')) {
        const trace = await runStrategy(name, q, { retriever: bm25, llm, prompts: STRATEGY_PROMPTS, passages }, meta);
        expect(trace.events.filter((e) => e.type === 'error')).toEqual([]);
        expect(trace.status).toBe('done');
        expect(trace.events.some((e) => e.type === 'answer' && e.text.length > 0)).toBe(true);
      }
    }
  });

  it('is deterministic, and BDTR raises Recall@5 above static on the first 40 MuSiQue questions (BM25)', async () => {
    const llm = createOfflineThinker();
    const questions = dataset.questions.slice(0, 40);
    const recall = async (name: 'static' | 'bdtr') => {
      let sum = 0;
      for (const q of questions) {
        const trace = await runStrategy(
          name,
          q,
          { retriever: bm25, llm, prompts: STRATEGY_PROMPTS, passages, options: { answer: false } },
          meta,
        );
        sum += recallAtK(
          traceRanking(trace).map((r) => r.id),
          q.gold,
          5,
        );
      }
      return sum / questions.length;
    };
    const staticR5 = await recall('static');
    const bdtrR5 = await recall('bdtr');
    expect(bdtrR5).toBeGreaterThan(staticR5);
    expect(await recall('bdtr')).toBe(bdtrR5);
  });
});

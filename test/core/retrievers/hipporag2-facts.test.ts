// HippoRAG 2 fact seeding: the query's top facts seed their phrases (weighted by fact score / passages
// per phrase), the recognition-memory filter drops facts, and no surviving fact falls back to entities.
import { describe, expect, it } from 'vitest';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { createLlmFactFilter, matchToCandidates, type FactFilter } from '../../../src/core/retrievers/fact-filter.ts';
import type { LlmPort } from '../../../src/core/llm/port.ts';
import * as filterPrompt from '../../../src/prompts/hipporag2-recognition-filter.ts';
import { corpusOf, LOTHAIR, openIeTriples } from '../../support/tiny-corpus.ts';
import { hippoRag2Over } from '../../support/hipporag2.ts';

const corpus = corpusOf({
  ...LOTHAIR,
  p3: ['Paris', 'Paris is the capital of France.'],
  p4: ['Tours', 'Tours is a city in France.'],
});
const triples = openIeTriples({
  p1: [['Lothair II', 'son of', 'Ermengarde of Tours']],
  p2: [['Ermengarde of Tours', 'died on', '20 March 851']],
  p3: [['Paris', 'capital of', 'France']],
  p4: [['Tours', 'city in', 'France']],
});
const bm25 = createBm25Retriever(corpus.passages);
const query = 'Who was the son of Lothair II mother?';

/** An LLM that answers the filter prompt with a fixed reply, recording what it was shown. */
function scriptedLlm(reply: string): LlmPort & { shown: string[] } {
  const shown: string[] = [];
  return {
    label: 'scripted',
    shown,
    async complete(request) {
      shown.push(request.messages.at(-1)!.content);
      return {
        text: reply,
        usage: { prompt: 1, completion: 1, total: 2 },
        cached: false,
        latencyMs: 0,
        provider: 'scripted',
        model: 'm',
      };
    },
  };
}

describe('hipporag2 fact seeding (HippoRAG 2 as published)', () => {
  it('seeds the phrases of the top facts, weighted by fact score over the passages naming the phrase', async () => {
    const hr = hippoRag2Over(corpus, { base: bm25, triples });
    expect(hr.factSource?.scorer).toBe('bm25-triple-strings');
    const { ranked, explanation } = await hr.retrieveExplained(query, 4);
    expect(explanation.seededBy).toBe('facts');
    const best = explanation.facts[0]!;
    expect([best.subject, best.predicate, best.object, best.score]).toEqual([
      'lothair ii',
      'son of',
      'ermengarde of tours',
      1,
    ]);
    expect(best.passages).toEqual(['p1']);
    // "ermengarde of tours" is named by p1 and p2: its weight is the fact score / 2; "lothair ii" only by p1.
    const w = Object.fromEntries(explanation.links.map((l) => [l.phrase, l.score]));
    expect(w['lothair ii']).toBeCloseTo(1);
    expect(w['ermengarde of tours']).toBeCloseTo(0.5);
    expect(explanation.links.every((l) => l.how === 'fact')).toBe(true);
    // the second hop, p2, shares no query word but is reached through "ermengarde of tours"
    expect(ranked.map((r) => r.id).slice(0, 2)).toEqual(['p1', 'p2']);
  });

  it('hands the kept facts to the trace as triple items with their passages', async () => {
    const hr = hippoRag2Over(corpus, { base: bm25, triples });
    const { results, items } = await hr.retrieveItems!(query, 2);
    expect(results.map((r) => r.id)).toEqual(['p1', 'p2']);
    expect(items[0]).toEqual({
      kind: 'triple',
      id: expect.stringMatching(/^fact:/),
      score: 1,
      text: 'lothair ii | son of | ermengarde of tours',
      passages: ['p1'],
    });
  });

  it('applies the recognition-memory filter: dropped facts do not seed', async () => {
    const llm = scriptedLlm(
      '[[ ## fact_after_filter ## ]]\n{"fact": [["Ermengarde of Tours", "died on", "20 March 851"]]}\n\n[[ ## completed ## ]]',
    );
    const hr = hippoRag2Over(corpus, {
      base: bm25,
      triples,
      factFilter: createLlmFactFilter(llm, filterPrompt),
    });
    const { explanation } = await hr.retrieveExplained(
      'When did Ermengarde of Tours die, the mother of Lothair II?',
      4,
    );
    expect(llm.shown[0]).toContain('[[ ## fact_before_filter ## ]]\n{"fact": [["');
    const kept = explanation.facts.filter((f) => f.kept).map((f) => f.object);
    expect(kept).toEqual(['20 march 851']);
    expect(explanation.facts.length).toBeGreaterThan(1);
    expect(explanation.links.map((l) => l.phrase).sort()).toEqual(['20 march 851', 'ermengarde of tours']);
    expect(hr.factSource?.filter).toContain('recognition memory (hipporag2-dspy-filter/1, scripted)');
  });

  it('falls back to entity linking, labelled, when the filter keeps nothing or its reply is unreadable', async () => {
    const none = hippoRag2Over(corpus, {
      base: bm25,
      triples,
      queryEntities: () => ['Lothair II'],
      factFilter: createLlmFactFilter(scriptedLlm('{"fact": []}'), filterPrompt),
    });
    const a = await none.retrieveExplained(query, 2);
    expect(a.explanation.seededBy).toBe('entities (fallback: no fact survived)');
    expect(a.explanation.links).toMatchObject([{ phrase: 'lothair ii', how: 'exact' }]);
    expect(a.ranked[0]!.id).toBe('p1');
    const garbled = hippoRag2Over(corpus, {
      base: bm25,
      triples,
      queryEntities: () => ['Lothair II'],
      factFilter: createLlmFactFilter(scriptedLlm('I think the first one.'), filterPrompt),
    });
    const b = await garbled.retrieveExplained(query, 2);
    expect(b.explanation.seededBy).toBe('entities (fallback: no fact survived)');
    expect(b.explanation.filterError).toMatch(/no JSON/);
    const items = (await garbled.retrieveItems!(query, 2)).items;
    expect(items[0]).toMatchObject({ kind: 'entity', text: 'lothair ii', passages: ['p1'] });
  });

  it('maps a reworded fact back to its closest candidate, once', () => {
    const candidates = [
      ['lothair ii', 'son of', 'ermengarde of tours'],
      ['paris', 'capital of', 'france'],
    ] as const;
    expect(
      matchToCandidates(
        [
          ['Paris', 'is capital of', 'France'],
          ['paris', 'capital of', 'france'],
          ['Lothair II', 'son of', 'Ermengarde of Tours'],
        ],
        candidates,
      ),
    ).toEqual([1, 0]);
  });

  it('skips the LLM when there is no candidate fact', async () => {
    const llm = scriptedLlm('{"fact": []}');
    const filter: FactFilter = createLlmFactFilter(llm, filterPrompt);
    expect(await filter.filter('q', [])).toEqual({ kept: [] });
    expect(llm.shown).toEqual([]);
  });

  it('rejects an unknown seed and a factTopK below 1', () => {
    expect(() => hippoRag2Over(corpus, { base: bm25, triples, options: { seed: 'phrases' as 'facts' } })).toThrow(
      /seed "phrases"/,
    );
    expect(() => hippoRag2Over(corpus, { base: bm25, triples, options: { factTopK: 0 } })).toThrow(/factTopK 0/);
  });
});

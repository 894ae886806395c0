import { describe, expect, it } from 'vitest';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { HIPPORAG2_DEFAULTS } from '../../../src/core/retrievers/hipporag2.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { corpusOf, LOTHAIR, openIeTriples } from '../../support/tiny-corpus.ts';
import { AbortedError, HopscopeError } from '../../../src/core/errors.ts';
import { describeRetrieverContract } from './contract.ts';
import { hippoRag2Over } from '../../support/hipporag2.ts';

describeRetrieverContract('hipporag2 (offline extractor, bm25 base, fact-seeded)', async (passages) =>
  hippoRag2Over(
    { id: 'contract', name: 'contract', passages },
    { base: createBm25Retriever(passages), triples: extractTriplesOffline(passages) },
  ),
);
describeRetrieverContract('hipporag2 (offline extractor, bm25 base, entity-seeded)', async (passages) =>
  hippoRag2Over(
    { id: 'contract', name: 'contract', passages },
    { base: createBm25Retriever(passages), triples: extractTriplesOffline(passages), options: { seed: 'entities' } },
  ),
);

const corpus = corpusOf(
  {
    ...LOTHAIR,
    p3: ['Mothers', 'When did the mother of the queen die? A history of mothers who die young.'],
    p4: ['Paris', 'Paris is the capital of France.'],
  },
  'lothair',
);
const triples = openIeTriples({
  p1: [['Lothair II', 'son of', 'Ermengarde of Tours']],
  p2: [['Ermengarde of Tours', 'died on', '20 March 851']],
  p3: [['mother', 'of', 'queen']],
  p4: [['Paris', 'capital of', 'France']],
});
const query = "When did Lothair II's mother die?";

describe('hipporag2 retriever', () => {
  const bm25 = createBm25Retriever(corpus.passages);

  it('follows the graph from the linked query entity to the second-hop passage that BM25 misses', async () => {
    // BM25 prefers the distractor p3, which shares "when did ... mother ... die" with the question, and
    // cannot see p2, which shares no word with it.
    const base = (await bm25.retrieve(query, 4)).map((r) => r.id);
    expect(base.slice(0, 2)).toContain('p3');
    expect(base.slice(0, 2)).not.toContain('p2');
    const hr = hippoRag2Over(corpus, {
      base: bm25,
      triples,
      queryEntities: () => ['Lothair II'],
      options: { seed: 'entities' },
    });
    const { ranked, explanation } = await hr.retrieveExplained(query, 4);
    // p1 holds the seed phrase; p2 is one phrase hop away (lothair ii -> ermengarde of tours -> p2), so it
    // enters the top 3 and passes the unrelated p4; p3 keeps its BM25 seed (0.05 x 1) and stays close.
    const ids = ranked.map((r) => r.id);
    expect(ids[0]).toBe('p1');
    expect(ids.slice(0, 3)).toContain('p2');
    expect(ids.indexOf('p2')).toBeLessThan(ids.indexOf('p4'));
    expect(explanation.links).toEqual([
      {
        entity: 'Lothair II',
        node: hr.graph.phraseNode.get('lothair ii'),
        phrase: 'lothair ii',
        score: 1,
        how: 'exact',
      },
    ]);
    expect(explanation.pprIterations).toBeGreaterThan(0);
  });

  it('links query entities lexically when there is no exact phrase, and uses the offline extractor by default', async () => {
    const hr = hippoRag2Over(corpus, {
      base: bm25,
      triples,
      queryEntities: () => ['Lothair the Second II'],
      options: { seed: 'entities' },
    });
    const { explanation } = await hr.retrieveExplained(query, 2);
    expect(explanation.links[0]).toMatchObject({ phrase: 'lothair ii', how: 'lexical-trigram' });
    const offline = hippoRag2Over(corpus, { base: bm25, triples, options: { seed: 'entities' } });
    const r = await offline.retrieveExplained(query, 2);
    expect(r.explanation.entities).toEqual(['Lothair II']);
    expect(r.ranked[0]!.id).toBe('p1');
  });

  it('seeds with the passage-title phrases the query names, longest first, when no query entity links', async () => {
    const hr = hippoRag2Over(corpus, {
      base: bm25,
      triples,
      queryEntities: () => ['Nowhere Land'],
      options: { seed: 'entities' },
    });
    const { explanation, ranked } = await hr.retrieveExplained("Is Paris where Lothair II's mother of Tours died?", 4);
    // "lothair ii" beats a shorter match; "mother" is a phrase but no title ("Mothers" is), so it does not seed.
    expect(explanation.links.map((l) => [l.phrase, l.how, l.score])).toEqual([
      ['paris', 'query-mention', 1],
      ['lothair ii', 'query-mention', 1],
    ]);
    expect(
      ranked
        .map((r) => r.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(['p1', 'p4']);
  });

  it('keeps the HippoRAG 2 defaults visible and overridable', () => {
    expect(HIPPORAG2_DEFAULTS).toMatchObject({ damping: 0.5, passageNodeWeight: 0.05 });
    expect(HIPPORAG2_DEFAULTS.graph.synonymThreshold).toBe(0.8);
    const hr = hippoRag2Over(corpus, {
      base: bm25,
      triples,
      options: { damping: 0.7, ppr: { tolerance: 1e-8 } },
    });
    expect(hr.options.damping).toBe(0.7);
    expect(hr.options.ppr).toEqual({ ...HIPPORAG2_DEFAULTS.ppr, tolerance: 1e-8 });
    expect(hr.graph.source).toBe('openie-file');
  });

  it('meets the Retriever contract: at most k unique corpus ids, scores non-increasing, k = 0 empty, abort honoured', async () => {
    const hr = hippoRag2Over(corpus, { base: bm25, triples: extractTriplesOffline(corpus.passages) });
    expect(hr.name).toBe('hipporag2');
    for (const k of [1, 3, 10]) {
      const r = await hr.retrieve(query, k);
      expect(r.length).toBe(Math.min(k, corpus.passages.length));
      expect(new Set(r.map((x) => x.id)).size).toBe(r.length);
      for (const x of r) expect(corpus.passages.some((p) => p.id === x.id)).toBe(true);
      for (let i = 1; i < r.length; i++) expect(r[i]!.score).toBeLessThanOrEqual(r[i - 1]!.score);
    }
    expect(await hr.retrieve(query, 0)).toEqual([]);
    // nothing links and BM25 matches nothing: no evidence, empty result
    expect(await hr.retrieve('zzzz qqqq', 5)).toEqual([]);
    const c = new AbortController();
    c.abort();
    await expect(hr.retrieve(query, 3, c.signal)).rejects.toBeInstanceOf(AbortedError);
  });

  it('rejects a base retriever returning ids outside the corpus', async () => {
    const bad = { name: 'bad', retrieve: async () => [{ id: 'nope', score: 1 }] };
    const hr = hippoRag2Over(corpus, { base: bad, triples, queryEntities: () => [] });
    await expect(hr.retrieve(query, 3)).rejects.toThrow(HopscopeError);
    await expect(hr.retrieve(query, 3)).rejects.toThrow(/"nope"/);
  });
});

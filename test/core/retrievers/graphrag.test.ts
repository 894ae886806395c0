import { describe, expect, it } from 'vitest';
import type { GraphRagRetriever } from '../../../src/core/retrievers/graphrag.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { corpusOf, LOTHAIR, openIeTriples } from '../../support/tiny-corpus.ts';
import { describeRetrieverContract } from './contract.ts';

describeRetrieverContract('graphrag (offline extractor, extractive reports)', async (passages) =>
  backboneRetriever(
    'graphrag',
    { id: 'contract', name: 'contract', passages },
    { triples: extractTriplesOffline(passages) },
  ),
);

describe('graphrag local search', () => {
  const corpus = corpusOf({ ...LOTHAIR, p3: ['Paris', 'Paris is the capital of France.'] });
  const triples = openIeTriples({
    p1: [['Lothair II', 'son of', 'Ermengarde of Tours']],
    p2: [['Ermengarde of Tours', 'died on', '20 March 851']],
    p3: [['Paris', 'capital of', 'France']],
  });

  it('reaches the passages of the query’s entities and hands communities and entities to the trace', async () => {
    const r = (await backboneRetriever('graphrag', corpus, { triples })) as GraphRagRetriever;
    const { results, items } = await r.retrieveItems("When did Lothair II's mother die?", 3);
    expect(results.map((x) => x.id).slice(0, 2)).toEqual(['p1', 'p2']);
    const community = items.find((i) => i.kind === 'community')!;
    expect(community.passages).toEqual(['p1', 'p2']);
    expect(community.level).toBe(0);
    expect(items.some((i) => i.kind === 'entity' && i.text === 'lothair ii')).toBe(true);
  });

  it('is built by the registry and needs triples', async () => {
    await expect(backboneRetriever('graphrag', corpus)).rejects.toThrow(/needs deps.triples/);
    expect((await backboneRetriever('graphrag', corpus, { triples })).name).toBe('graphrag');
  });
});

import { describe, expect, it } from 'vitest';
import { backboneRetriever } from '../../support/backbone.ts';
import { RAPTOR_SCORER_LABEL, type RaptorRetriever } from '../../../src/core/retrievers/raptor.ts';
import { describeRetrieverContract } from './contract.ts';
import type { Corpus } from '../../../src/core/types.ts';

describeRetrieverContract('raptor (extractive summaries, hashed TF-IDF clusters)', async (passages) =>
  backboneRetriever('raptor', { id: 'contract', name: 'contract', passages }),
);

describe('raptor collapsed-tree retrieval', () => {
  const corpus: Corpus = {
    id: 'r',
    name: 'r',
    passages: [
      { id: 'a', title: 'Ermengarde of Tours', text: 'Ermengarde of Tours married Lothair I. She died in 851.' },
      { id: 'b', title: 'Lothair II', text: 'Lothair II was a king. His mother was Ermengarde of Tours.' },
      { id: 'c', title: 'Prüm Abbey', text: 'Prüm Abbey is a monastery where Lothair I retired.' },
      { id: 'd', title: 'Vienna', text: 'Vienna is the capital of Austria. It hosts opera premieres.' },
      { id: 'e', title: 'Salzburg', text: 'Salzburg is a city in Austria. Mozart was born there.' },
      { id: 'f', title: 'Graz', text: 'Graz is the second-largest city of Austria.' },
      { id: 'g', title: 'Linz', text: 'Linz is an Austrian city on the Danube.' },
    ],
  };

  it('a summary node lifts the passages under it, and the trace gets it with its level and passages', async () => {
    const r = (await backboneRetriever('raptor', corpus, {
      options: { minLevelSize: 2, cluster: { targetSize: 3, softMargin: 0, iterations: 8 } },
    })) as RaptorRetriever;
    expect(r.scorer).toBe(RAPTOR_SCORER_LABEL);
    const summary = r.tree.nodes.find((n) => n.level === 1 && n.passages.includes(0))!;
    expect(summary.passages).toContain(1);
    const { results, items } = await r.retrieveItems('Who married Lothair I?', 3);
    expect(results[0]!.id).toBe('a');
    const item = items.find((i) => i.id === summary.id);
    expect(item).toMatchObject({ kind: 'summary', level: 1 });
    expect(item!.passages).toEqual(summary.passages.map((p) => corpus.passages[p]!.id));
    // every passage under the best summary scores at least that summary's score
    for (const id of item!.passages)
      expect(results.find((x) => x.id === id)?.score ?? item!.score).toBeGreaterThanOrEqual(item!.score);
  });

  it('is built by the registry', async () => {
    const r = await backboneRetriever('raptor', corpus);
    expect(r.name).toBe('raptor');
    expect((await r.retrieve('Austria city', 2)).length).toBe(2);
  });
});

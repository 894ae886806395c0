import { describe, expect, it } from 'vitest';
import { backboneRetriever } from '../../support/backbone.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import type { GraphExpansionRetriever } from '../../../src/core/retrievers/graph-expansion.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { rrf } from '../../../src/core/retrievers/rrf.ts';
import type { Passage } from '../../../src/core/types.ts';
import { describeRetrieverContract, CONTRACT_CORPUS } from './contract.ts';

const corpusOf = (passages: Passage[]) => ({ id: 'c', name: 'contract', passages });

describeRetrieverContract('naivege (offline extractor, bm25 base)', async (passages) =>
  backboneRetriever('naivege', corpusOf(passages), {
    base: createBm25Retriever(passages),
    triples: extractTriplesOffline(passages),
  }),
);

describe('NaiveGE (GEAR §6.2)', () => {
  const passages = CONTRACT_CORPUS.map((p) => ({ ...p }));
  const base = createBm25Retriever(passages);
  const make = (options?: Record<string, unknown>) =>
    backboneRetriever('naivege', corpusOf(passages), {
      base,
      triples: extractTriplesOffline(passages),
      ...(options ? { options } : {}),
    }) as Promise<GraphExpansionRetriever>;

  it("is RRF (k = 60) of the beams' passages and the base list (Eq. 3), with beams and triple items", async () => {
    const ge = await make({ width: 2 }); // a narrow beam, so this tiny graph still has triples left to extend with
    const q = 'Which tower stands in Paris, the capital of France?';
    const baseList = await base.retrieve(q, 5);
    const out = await ge.retrieveItems!(q, 5);
    const triples = out.items.filter((i) => i.kind === 'triple');
    expect(triples.length).toBeGreaterThan(0);
    const expandedPassages = [...new Set(triples.flatMap((t) => t.passages))];
    expect(out.results.map((r) => r.id)).toEqual(
      rrf([expandedPassages.map((id) => ({ id, score: 0 })), baseList])
        .slice(0, 5)
        .map((r) => r.id),
    );
    expect(out.beams!.map((b) => b.step)).toEqual([1, 2]);
    for (const b of out.beams!)
      for (const s of b.kept) for (const id of s.triples) expect(b.triples.some((t) => t.id === id)).toBe(true);
    expect(await ge.retrieve(q, 5)).toEqual(out.results);
    expect(ge.expansion.scorer.label).toMatch(/^lexical idf-coverage/);
  });

  it('validates its options with a typed error', async () => {
    await expect(make({ width: 0 })).rejects.toThrow(/width/);
    await expect(make({ nope: 1 })).rejects.toThrow(/unknown option "nope"/);
    const noDiversity = await make({ gamma: null });
    expect(noDiversity.expansion.options.beam.gamma).toBe(Infinity);
  });
});

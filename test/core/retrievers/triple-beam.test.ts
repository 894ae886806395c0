// GEAR Algorithm 1 on a hand-built triple graph with hand-computed beams and diversity weights.
import { describe, expect, it } from 'vitest';
import {
  BEAM_DEFAULTS,
  diverseTripleBeamSearch,
  diversityWeight,
  flattenBreadthFirst,
  type BeamGraph,
} from '../../../src/core/retrievers/triple-beam.ts';
import type { QueryScorer } from '../../../src/core/triples/sequence-scorer.ts';

// Triples 0..5. Neighbours of 0: 1 (visited in B_0, must be skipped), 3, 4, 5; of 1: 3, 4, 5.
const graph: BeamGraph = { neighbours: (t) => ({ 0: [1, 3, 4, 5], 1: [0, 3, 4, 5], 2: [5] })[t] ?? [] };
// score(q, sequence) by table: B_0 singles and the two-triple sequences.
const table: Record<string, number> = {
  '0': 0.9,
  '1': 0.8,
  '2': 0.1,
  '0,3': 0.5,
  '0,4': 0.45,
  '0,5': 0.44,
  '1,3': 0.3,
  '1,4': 0.1,
  '1,5': 0.05,
};
const calls: string[][] = [];
const score: QueryScorer = async (seqs) => {
  calls.push(seqs.map((s) => s.join(',')));
  return Float64Array.from(seqs, (s) => {
    const v = table[s.join(',')];
    if (v === undefined) throw new Error(`unexpected sequence ${s.join(',')}`);
    return v;
  });
};
const round = (x: number) => Math.round(x * 1e4) / 1e4;

describe('Diverse Triple Beam Search (GEAR Alg. 1)', () => {
  it('keeps the paper defaults: b = 10, l = 2, 100 neighbours, gamma = 2b', () => {
    expect(BEAM_DEFAULTS).toEqual({ width: 10, length: 2, neighbours: 100, gamma: 20 });
    expect(diversityWeight(0, 20)).toBe(1);
    expect(diversityWeight(20, 20)).toBeCloseTo(Math.exp(-1));
    expect(diversityWeight(500, 20)).toBeCloseTo(Math.exp(-1)); // min(n, gamma)
    expect(diversityWeight(7, Infinity)).toBe(1);
  });

  it('b = 2, gamma = 2b = 4: hand-computed beams and weights', async () => {
    calls.length = 0;
    const r = await diverseTripleBeamSearch([0, 1, 2], graph, score, { width: 2, length: 2, gamma: 4 });
    // B_0 = top-2 of {0: .9, 1: .8, 2: .1}
    expect(r.steps[0]!.kept).toEqual([
      { triples: [0], score: 0.9, weight: 1 },
      { triples: [1], score: 0.8, weight: 1 },
    ]);
    expect(r.steps[0]!.pruned).toEqual([{ triples: [2], score: 0.1, weight: 1 }]);
    // exists(t, B_0): neither beam may extend with 0 or 1
    expect(calls[1]).toEqual(['0,3', '0,4', '0,5']);
    expect(calls[2]).toEqual(['1,3', '1,4', '1,5']);
    // beam [0]: 1.4 * 1, 1.35 * e^-0.25 = 1.0514, 1.34 * e^-0.5 = 0.8128
    // beam [1]: 1.1 * 1, 0.9 * e^-0.25 = 0.7009, 0.85 * e^-0.5 = 0.5156
    expect(r.beams.map((b) => [b.triples.join(','), round(b.score), round(b.weight)])).toEqual([
      ['0,3', 1.4, 1],
      ['1,3', 1.1, 1],
    ]);
    expect(r.steps[1]!.pruned.map((b) => [b.triples.join(','), round(b.score), round(b.weight)])).toEqual([
      ['0,4', 1.0514, 0.7788],
      ['0,5', 0.8128, 0.6065],
      ['1,4', 0.7009, 0.7788],
      ['1,5', 0.5156, 0.6065],
    ]);
    // flattened breadth-first: first triples of every beam, then second ones (3 once)
    expect(flattenBreadthFirst(r.beams)).toEqual([0, 1, 3]);
  });

  it('gamma -> infinity (no diversity, Table 4): both beams grow from the same start', async () => {
    const r = await diverseTripleBeamSearch([0, 1, 2], graph, score, { width: 2, length: 2, gamma: Infinity });
    expect(r.beams.map((b) => [b.triples.join(','), round(b.score)])).toEqual([
      ['0,3', 1.4],
      ['0,4', 1.35],
    ]);
    expect(flattenBreadthFirst(r.beams)).toEqual([0, 3, 4]); // triple 1's passage is lost
  });

  it('l = 1 returns B_0; a beam with no new neighbour is dropped; no extension at all keeps B_{i-1}', async () => {
    expect((await diverseTripleBeamSearch([2, 0], graph, score, { width: 1, length: 1 })).beams).toEqual([
      { triples: [0], score: 0.9, weight: 1 },
    ]);
    const lonely: BeamGraph = { neighbours: () => [] };
    const r = await diverseTripleBeamSearch([0, 1], lonely, score, { width: 2, length: 2 });
    expect(r.beams.map((b) => b.triples)).toEqual([[0], [1]]);
    expect(r.steps).toHaveLength(1);
  });

  it('caps neighbours per beam at `neighbours`, keeping the best by the prefilter', async () => {
    calls.length = 0;
    const prefilter = (t: number) => ({ 3: 0.1, 4: 0.9, 5: 0.5 })[t] ?? 0;
    await diverseTripleBeamSearch([0], graph, score, { width: 1, length: 2, neighbours: 2 }, prefilter);
    expect(calls[1]).toEqual(['0,4', '0,5']);
  });

  it('rejects bad options with a typed error', async () => {
    await expect(diverseTripleBeamSearch([0], graph, score, { width: 0 })).rejects.toThrow(
      /width must be a positive integer/,
    );
    await expect(diverseTripleBeamSearch([0], graph, score, { gamma: 0 })).rejects.toThrow(/gamma must be > 0/);
  });
});

describe('cappedNeighbourGraph', () => {
  it('gives the search exactly the beams of the full neighbour lists', async () => {
    const { TripleIndex } = await import('../../../src/core/triples/triple-index.ts');
    const { createLexicalScorer, createQueryRelevance } = await import('../../../src/core/triples/sequence-scorer.ts');
    const { extractTriplesOffline } = await import('../../../src/core/triples/offline-extractor.ts');
    const { cappedNeighbourGraph } = await import('../../../src/core/retrievers/triple-beam.ts');
    const { readFileSync } = await import('node:fs');
    const corpus = JSON.parse(
      readFileSync(new URL('../../../public/demo/demo_corpus.json', import.meta.url), 'utf8'),
    ) as { title: string; text: string }[];
    const index = TripleIndex.fromTripleSet(
      extractTriplesOffline(corpus.map((p, i) => ({ id: `p${i}`, title: p.title, text: p.text }))),
    );
    const scorer = createLexicalScorer(index);
    const o = { width: 3, length: 3, neighbours: 4, gamma: 6 };
    for (const q of [
      'Who devised the fog-lantern?',
      'Which island has the lighthouse of Ione Marlow?',
      'Tarrow Isles harbour festival',
    ]) {
      const score = await scorer.forQuery(q);
      const rel = createQueryRelevance(index, q);
      const initial = index.search(q, 8).map((h) => h.triple);
      const full = await diverseTripleBeamSearch(initial, index, score, o, rel);
      const capped = await diverseTripleBeamSearch(
        initial,
        cappedNeighbourGraph(index, rel, o.neighbours + o.width * o.length + 1),
        score,
        o,
        rel,
      );
      expect(capped).toEqual(full);
      expect(full.steps).toHaveLength(3);
    }
  });
});

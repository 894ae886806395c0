import { describe, expect, it } from 'vitest';
import { TripleIndex, tripleText } from '../../../src/core/triples/triple-index.ts';
import { createLexicalScorer } from '../../../src/core/triples/sequence-scorer.ts';
import type { TripleSet } from '../../../src/core/triples/types.ts';

const set: TripleSet = {
  source: 'offline-extractor',
  origin: 'test',
  rejected: [],
  warnings: [],
  passages: [
    {
      passageId: 'p1',
      entities: [],
      triples: [
        { subject: 'Ed Wood', predicate: 'directed', object: 'Plan 9' },
        { subject: 'Ed Wood', predicate: 'born in', object: 'Poughkeepsie' },
      ],
    },
    {
      passageId: 'p2',
      entities: [],
      triples: [
        { subject: 'Poughkeepsie', predicate: 'city in', object: 'New York' },
        { subject: 'ed wood', predicate: 'friend of', object: 'Bela Lugosi' },
      ],
    },
    // the same triple text in another passage is a separate entry (one passage per triple)
    {
      passageId: 'p3',
      entities: [],
      triples: [
        { subject: 'Poughkeepsie', predicate: 'city in', object: 'New York' },
        { subject: ' ', predicate: 'x', object: 'y' },
      ],
    },
  ],
};

describe('TripleIndex (GEAR §3: every triple belongs to one passage)', () => {
  const index = TripleIndex.fromTripleSet(set);

  it('aligns triples to passages and skips empty ones', () => {
    expect(index.size).toBe(5);
    expect(index.ofPassage('p2')).toEqual([2, 3]);
    expect(index.ofPassage('p3')).toEqual([4]);
    expect(index.ofPassage('nope')).toEqual([]);
    expect(index.triple(4).passage).toBe('p3');
    expect(index.source).toBe('offline-extractor');
  });

  it('neighbours share the head or tail entity (normalised), and the scan finds the same set', () => {
    expect(index.neighbours(0).sort()).toEqual([1, 3]); // Ed Wood / ed wood
    expect(index.neighbours(1).sort()).toEqual([0, 2, 3, 4]); // Ed Wood head, Poughkeepsie tail
    for (let i = 0; i < index.size; i++) expect(index.neighbours(i)).toEqual(index.neighboursByScan(i)); // same triples, same order
  });

  it('h(q, T): BM25 over "subject predicate object"', () => {
    expect(tripleText(index.triple(0))).toBe('Ed Wood directed Plan 9');
    expect(index.search('Who directed Plan 9?', 1)[0]!.triple).toBe(0);
    expect(index.search('Bela Lugosi friend', 2)[0]!.triple).toBe(3);
  });

  it('never links triples through an entity that normalises to nothing', () => {
    const odd = TripleIndex.fromTripleSet({
      ...set,
      passages: [
        {
          passageId: 'p9',
          entities: [],
          triples: [
            { subject: '北京', predicate: 'capital of', object: 'China' },
            { subject: '東京', predicate: 'capital of', object: 'Japan' },
          ],
        },
      ],
    });
    expect(odd.neighbours(0)).toEqual([]);
    expect(odd.neighbours(1)).toEqual([]);
  });

  it('throws a typed error for a set with no triples', () => {
    expect(() => TripleIndex.fromTripleSet({ ...set, passages: [] })).toThrow(/holds no triples/);
  });
});

describe('lexical sequence scorers (labelled stand-ins for SBERT cosine)', () => {
  const index = TripleIndex.fromTripleSet(set);
  it('idf-coverage: the share of the query idf mass the sequence covers', async () => {
    const s = createLexicalScorer(index, 'idf-coverage');
    expect(s.label).toMatch(/^lexical idf-coverage \(no embedder/);
    const score = await s.forQuery('Where was the director of Plan 9 born?');
    const [one, chain, other] = await score([[0], [0, 1], [3]]);
    expect(chain).toBeGreaterThan(one!);
    expect(other).toBe(0);
    expect(chain).toBeLessThanOrEqual(1);
    // hand-computed: query terms known to T are plan, 9, born (director is not a triple term)
    const full = await (await s.forQuery('plan 9 born'))([[0, 1]]);
    expect(full[0]).toBeCloseTo(1);
  });

  it('idf-cosine lies in [0, 1] and is 1 for an identical text', async () => {
    const s = createLexicalScorer(index, 'idf-cosine');
    const score = await s.forQuery('Ed Wood directed Plan 9');
    const [same, chain, none] = await score([[0], [0, 2], [2]]);
    expect(same).toBeCloseTo(1);
    expect(chain).toBeGreaterThan(0);
    expect(chain).toBeLessThan(1);
    expect(none).toBe(0);
  });
});

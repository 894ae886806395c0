// DualRAG's pieces: entity linking across steps, grouping by entity (Eq. 7), the outline merge (Eq. 10),
// the rerank cut (score <= 0 dropped, top k) and the lexical reranker's scores.
import { describe, expect, it } from 'vitest';
import {
  entityKey,
  groupByEntity,
  KnowledgeOutline,
  linkEntity,
} from '../../../src/core/strategies/dualrag-knowledge.ts';
import { finalOrder, interleave } from '../../../src/core/strategies/dualrag.ts';
import { createLexicalReranker, lexicalScore } from '../../../src/core/rerank/lexical.ts';
import { keepReranked } from '../../../src/core/rerank/port.ts';

describe('entity linking', () => {
  it('links names that differ in case, accents, punctuation, an article or a trailing parenthetical', () => {
    expect(entityKey('The Fernando Fernán-Gómez (actor)')).toBe('fernando fernan gomez');
    expect(linkEntity('charles saunders', ['Love in Pawn', 'Charles Saunders (director)'])).toBe(
      'Charles Saunders (director)',
    );
    expect(linkEntity('Love In Pawn', ['Love in Pawn'])).toBe('Love in Pawn');
    expect(linkEntity('A Lover in Pawn', ['Love in Pawn'])).toBeUndefined();
    expect(linkEntity('()', ['x'])).toBeUndefined();
  });
});

describe('grouping by entity (Eq. 7)', () => {
  it("unions the queries' lists by best rank and remembers which queries found each passage", () => {
    const g = groupByEntity([
      {
        query: 'a',
        results: [
          { id: 'p5', score: 9 },
          { id: 'p1', score: 8 },
          { id: 'p2', score: 1 },
        ],
      },
      {
        query: 'b',
        results: [
          { id: 'p1', score: 5 },
          { id: 'p3', score: 4 },
        ],
      },
    ]);
    expect(g).toEqual([
      { id: 'p5', rank: 1, queries: ['a'] },
      { id: 'p1', rank: 1, queries: ['a', 'b'] },
      { id: 'p3', rank: 2, queries: ['b'] },
      { id: 'p2', rank: 3, queries: ['a'] },
    ]);
  });
});

describe('knowledge outline (Eq. 10)', () => {
  it('appends fragments per entity, joins linked names, drops exact repeats, keeps provenance', () => {
    const k = new KnowledgeOutline();
    k.add('Film One', { text: 'f1', passages: ['p1'], queries: ['q1'], since: 1 });
    k.add('Ann Lee', { text: 'a1', passages: ['p3'], queries: ['q2'], since: 2 });
    k.add('film one', { text: 'f2', passages: ['p2'], queries: ['q3'], since: 2 });
    k.add('Film One', { text: 'f1', passages: ['p9'], queries: ['q9'], since: 3 });
    expect(k.view()).toEqual([
      { entity: 'Film One', knowledge: ['f1', 'f2'] },
      { entity: 'Ann Lee', knowledge: ['a1'] },
    ]);
    expect(k.entries().map((e) => [e.entity, e.text, e.passages, e.since])).toEqual([
      ['Film One', 'f1', ['p1'], 1],
      ['Film One', 'f2', ['p2'], 2],
      ['Ann Lee', 'a1', ['p3'], 2],
    ]);
  });
});

describe('reranking (Eq. 8)', () => {
  it('keeps the top k with score > 0, best first, ties in candidate order', () => {
    expect(
      keepReranked(
        [
          { id: 'a', score: 0.2 },
          { id: 'b', score: 0 },
          { id: 'c', score: 1 },
          { id: 'd', score: -3 },
          { id: 'e', score: 0.2 },
        ],
        2,
      ),
    ).toEqual([
      { id: 'c', score: 1 },
      { id: 'a', score: 0.2 },
    ]);
  });
  it('lexical reranker: no shared term scores 0 (dropped); kept passages keep the backbone order, else overlap orders them', async () => {
    expect(lexicalScore('Ann Lee', { id: 'x', title: 'Ann Lee', text: 'Born in Paris.' })).toBe(3);
    expect(lexicalScore('Ann Lee', { id: 'x', title: 'Paris', text: 'Ann Lee lived here.' })).toBe(1);
    expect(lexicalScore('the of', { id: 'x', title: 'the', text: 'of' })).toBe(0);
    const r = createLexicalReranker();
    expect(r.heuristic).toBe(true);
    expect(r.name).toContain('heuristic');
    expect(
      await r.score('Ann Lee', [
        { id: 'a', title: 'Zoo', text: 'no' },
        { id: 'b', title: 'Ann Arbor', text: 'city' },
      ]),
    ).toEqual([
      { id: 'a', score: 0 },
      { id: 'b', score: 1.5 },
    ]);
    const ranked = await r.score('Ann Lee', [
      { id: 'a', title: 'Zoo', text: 'no', rank: 1 },
      { id: 'b', title: 'Ann Arbor', text: 'city', rank: 2 },
      { id: 'c', title: 'Ann Lee', text: 'Ann Lee', rank: 4 },
    ]);
    expect(ranked).toEqual([
      { id: 'a', score: 0 },
      { id: 'b', score: 0.5 },
      { id: 'c', score: 0.25 },
    ]);
    expect(keepReranked(ranked, 10).map((s) => s.id)).toEqual(['b', 'c']);
  });
  it("interleaves a step's entity lists by rank", () => {
    expect(interleave([['a', 'b', 'c'], ['d'], ['e', 'a']])).toEqual(['a', 'd', 'e', 'b', 'a', 'c']);
    expect(interleave([])).toEqual([]);
  });
  it('final ranking: reranked passages by first use, then the pool by score', () => {
    expect(
      finalOrder(
        ['p3', 'p1'],
        [
          { id: 'p1', score: 1 },
          { id: 'p2', score: 0.2 },
          { id: 'p3', score: 0.1 },
          { id: 'p4', score: 0.9 },
        ],
      ),
    ).toEqual(['p3', 'p1', 'p4', 'p2']);
  });
});

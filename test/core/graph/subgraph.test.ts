import { describe, expect, it } from 'vitest';
import { buildPhraseGraph } from '../../../src/core/graph/build.ts';
import { subgraphAround } from '../../../src/core/graph/subgraph.ts';
import type { TripleSet } from '../../../src/core/triples/types.ts';
import type { Corpus } from '../../../src/core/types.ts';

const corpus: Corpus = {
  id: 'c',
  name: 'c',
  passages: [
    { id: 'p1', title: 'Lothair II', text: '...' },
    { id: 'p2', title: 'Ermengarde of Tours', text: '...' },
    { id: 'p3', title: 'Paris', text: '...' },
  ],
};
const triples: TripleSet = {
  source: 'openie-file',
  origin: 'test',
  rejected: [],
  warnings: [],
  passages: [
    { passageId: 'p1', entities: [], triples: [{ subject: 'Lothair II', predicate: 'son of', object: 'Ermengarde of Tours' }] },
    { passageId: 'p2', entities: [], triples: [{ subject: 'Ermengarde of Tours', predicate: 'died on', object: '20 March 851' }] },
    { passageId: 'p3', entities: [], triples: [{ subject: 'Paris', predicate: 'capital of', object: 'France' }] },
  ],
};

describe('subgraphAround', () => {
  const g = buildPhraseGraph(corpus, triples);
  const lothair = g.phraseNode.get('lothair ii')!;

  it('returns seeds, pool passages and their strongest neighbours as plain nodes/edges with provenance', () => {
    const sub = subgraphAround(g, [lothair], ['p2'], 10);
    const keys = sub.nodes.map((n) => n.key).sort();
    // lothair's neighbours: p1, ermengarde; p2's: ermengarde, 20 march 851. Paris's component stays out.
    expect(keys).toEqual(['passage:p1', 'passage:p2', 'phrase:20 march 851', 'phrase:ermengarde of tours', 'phrase:lothair ii']);
    expect(sub.truncated).toBe(false);
    const seed = sub.nodes.find((n) => n.key === 'phrase:lothair ii')!;
    expect(seed.attributes).toMatchObject({ kind: 'phrase', seed: true, inPool: false, mentions: 1 });
    expect(sub.nodes.find((n) => n.key === 'passage:p2')!.attributes).toMatchObject({ kind: 'passage', inPool: true });
    const rel = sub.edges.find((e) => e.attributes.kind === 'relation' && [e.source, e.target].includes('phrase:lothair ii'))!;
    expect(rel.attributes).toEqual({ kind: 'relation', weight: 2, predicates: ['son of'] });
    expect(sub.edges.filter((e) => e.attributes.kind === 'passage-phrase')).toHaveLength(4);
    expect(JSON.parse(JSON.stringify(sub))).toEqual(sub); // plain data, clone-safe
  });

  it('stops at the limit and says so', () => {
    const sub = subgraphAround(g, [lothair], ['p2'], 3);
    expect(sub.nodes).toHaveLength(3);
    expect(sub.truncated).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { buildPhraseGraph } from '../../../src/core/graph/build.ts';
import { subgraphAround } from '../../../src/core/graph/subgraph.ts';
import { corpusOf, openIeTriples } from '../../support/tiny-corpus.ts';

const corpus = corpusOf({ p1: ['Lothair II', '...'], p2: ['Ermengarde of Tours', '...'], p3: ['Paris', '...'] });
const triples = openIeTriples({
  p1: [['Lothair II', 'son of', 'Ermengarde of Tours']],
  p2: [['Ermengarde of Tours', 'died on', '20 March 851']],
  p3: [['Paris', 'capital of', 'France']],
});

describe('subgraphAround', () => {
  const g = buildPhraseGraph(corpus, triples);
  const lothair = g.phraseNode.get('lothair ii')!;

  it('returns seeds, pool passages and their strongest neighbours as plain nodes/edges with provenance', () => {
    const sub = subgraphAround(g, [lothair], ['p2'], 10);
    const keys = sub.nodes.map((n) => n.key).sort();
    // lothair's neighbours: p1, ermengarde; p2's: ermengarde, 20 march 851. Paris's component stays out.
    expect(keys).toEqual([
      'passage:p1',
      'passage:p2',
      'phrase:20 march 851',
      'phrase:ermengarde of tours',
      'phrase:lothair ii',
    ]);
    expect(sub.truncated).toBe(false);
    const seed = sub.nodes.find((n) => n.key === 'phrase:lothair ii')!;
    expect(seed.attributes).toMatchObject({ kind: 'phrase', seed: true, inPool: false, mentions: 1 });
    expect(sub.nodes.find((n) => n.key === 'passage:p2')!.attributes).toMatchObject({ kind: 'passage', inPool: true });
    const rel = sub.edges.find(
      (e) => e.attributes.kind === 'relation' && [e.source, e.target].includes('phrase:lothair ii'),
    )!;
    expect(rel.attributes).toEqual({ kind: 'relation', weight: 2, predicates: ['son of'] });
    expect(sub.edges.filter((e) => e.attributes.kind === 'passage-phrase')).toHaveLength(4);
    expect(JSON.parse(JSON.stringify(sub))).toEqual(sub); // plain data, clone-safe
  });

  it('stops at the limit and says so', () => {
    const sub = subgraphAround(g, [lothair], ['p2'], 3);
    expect(sub.nodes).toHaveLength(3);
    expect(sub.truncated).toBe(true);
  });

  it('leaves skipped neighbours (hub phrases) out, but never a seed or a pool passage', () => {
    const date = g.phraseNode.get('20 march 851')!;
    const sub = subgraphAround(g, [lothair], ['p2'], 10, (n) => n === date || n === lothair);
    expect(sub.nodes.map((n) => n.key).sort()).toEqual([
      'passage:p1',
      'passage:p2',
      'phrase:ermengarde of tours',
      'phrase:lothair ii',
    ]);
  });
});

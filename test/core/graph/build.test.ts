import { describe, expect, it } from 'vitest';
import { buildPhraseGraph, edgeKey } from '../../../src/core/graph/build.ts';
import { corpusOf, LOTHAIR, openIeTriples } from '../../support/tiny-corpus.ts';

const corpus = corpusOf(LOTHAIR);
const triples = openIeTriples({
  p1: [['Lothair II', 'son of', 'Ermengarde of Tours']],
  p2: [
    ['Ermengarde of Tours', 'died on', '20 March 851'],
    ['Ermengarde  of Tours!', 'mother of', 'Lothair II'],
    ['Ermengarde of Tour', 'is', 'Ermengarde of Tour'],
  ],
});

function weight(g: ReturnType<typeof buildPhraseGraph>, a: number, b: number): number {
  const { offsets, targets, weights } = g.csr;
  for (let k = offsets[a]!; k < offsets[a + 1]!; k++) if (targets[k] === b) return weights[k]!;
  return 0;
}

describe('buildPhraseGraph', () => {
  const g = buildPhraseGraph(corpus, triples);
  const node = (phrase: string) => g.phraseNode.get(phrase)!;

  it('makes passage nodes first, then phrase nodes keyed by HippoRAG text_processing', () => {
    expect(g.passageIds).toEqual(['p1', 'p2']);
    expect(g.phrases).toEqual([
      'lothair ii',
      'ermengarde of tours',
      '20 march 851',
      'ermengarde  of tours',
      'ermengarde of tour',
    ]);
    expect(node('lothair ii')).toBe(2);
  });

  it('weights edges as HippoRAG 2 hands them to igraph', () => {
    // relation edge: (a,b) and (b,a) keys, each counting the triple -> two parallel edges of 1
    expect(weight(g, node('lothair ii'), node('ermengarde of tours'))).toBe(2);
    expect(weight(g, node('ermengarde of tours'), node('lothair ii'))).toBe(2);
    // passage–phrase edge: 1
    expect(weight(g, 0, node('lothair ii'))).toBe(1);
    expect(weight(g, 1, node('lothair ii'))).toBe(1);
    // self-loop "ermengarde of tour" -> itself is dropped, the node still hangs off its passage
    expect(weight(g, node('ermengarde of tour'), node('ermengarde of tour'))).toBe(0);
    expect(weight(g, 1, node('ermengarde of tour'))).toBe(1);
  });

  it('adds lexical synonym edges (labelled) between near-identical phrases, with weight 2·score', () => {
    expect(g.synonymMode).toMatch(/^lexical-trigram-cosine/);
    const s = g.synonyms.find(
      (x) => [x.a, x.b].includes(node('ermengarde of tours')) && [x.a, x.b].includes(node('ermengarde of tour')),
    );
    expect(s).toBeDefined();
    expect(s!.score).toBeGreaterThanOrEqual(0.8);
    expect(weight(g, node('ermengarde of tours'), node('ermengarde of tour'))).toBeCloseTo(2 * s!.score, 6);
    // "lothair ii" has no lexical twin
    expect(g.synonyms.some((x) => x.a === node('lothair ii') || x.b === node('lothair ii'))).toBe(false);
  });

  it('keeps provenance: passages mentioning a phrase, facts behind an edge', () => {
    expect(g.phrasePassages[node('lothair ii') - 2]).toEqual([0, 1]);
    expect(g.phrasePassages[node('20 march 851') - 2]).toEqual([1]);
    const facts = g.edgeFacts.get(edgeKey(node('lothair ii'), node('ermengarde of tours'), g.csr.nodeCount))!;
    expect(facts.map((f) => g.facts[f]!.triple.predicate)).toEqual(['son of']);
    expect(g.stats).toMatchObject({ passages: 2, phrases: 5, facts: 4, passageEdges: 7 });
  });

  it('uses embedding cosine for synonyms when phrase vectors are given', () => {
    const withVectors = buildPhraseGraph(corpus, triples, {}, (phrases) => {
      const data = new Float32Array(phrases.length * 2);
      phrases.forEach((p, i) => data.set(p === '20 march 851' ? [0, 1] : [1, 0], i * 2)); // all names identical vectors
      return { data, dimension: 2 };
    });
    expect(withVectors.synonymMode).toBe('embedding-cosine');
    expect(withVectors.synonyms).toHaveLength(6); // the 4 name phrases pair up: C(4, 2)
  });
});

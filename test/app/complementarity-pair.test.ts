import { describe, expect, it } from 'vitest';
import { complementarityPair } from '../../src/features/batch/complementarity-pair.ts';

const baselines = new Set(['bm25', 'bm25+reader']);
const isBaseline = (l: string) => baselines.has(l);

describe('the complementarity pair', () => {
  it('compares the strategies the user ran, not the baselines listed first', () => {
    expect(complementarityPair(['bm25', 'bm25+reader', 'bdtr', 'gear'], [null, null], isBaseline)).toEqual([
      'bdtr',
      'gear',
    ]);
    // One strategy: it against the first baseline.
    expect(complementarityPair(['bm25', 'bm25+reader', 'bdtr'], [null, null], isBaseline)).toEqual(['bdtr', 'bm25']);
    expect(complementarityPair(['bm25', 'bm25+reader'], [null, null], isBaseline)).toEqual(['bm25', 'bm25+reader']);
  });
  it("takes the user's picks; never one lane against itself; a pick no longer run falls back", () => {
    const lanes = ['bm25', 'bdtr', 'gear', 'dualrag'];
    expect(complementarityPair(lanes, ['dualrag', 'bm25'], isBaseline)).toEqual(['dualrag', 'bm25']);
    expect(complementarityPair(lanes, ['gear', null], isBaseline)).toEqual(['gear', 'bdtr']);
    expect(complementarityPair(lanes, ['bdtr', 'bdtr'], isBaseline)).toEqual(['bdtr', 'gear']);
    expect(complementarityPair(lanes, ['ircot', 'gear'], isBaseline)).toEqual(['bdtr', 'gear']);
    expect(complementarityPair(['bdtr'], [null, null], isBaseline)).toBeNull();
  });
});

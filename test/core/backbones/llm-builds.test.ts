// The calls a backbone's build with the LLM makes, read off its stand-in build: RAPTOR makes one per
// summary node, exact only when its first level (the clusters of the passages themselves, which no LLM
// changes) is the only one and too small to cluster again; GraphRAG one per community, always exact.
import { describe, expect, it } from 'vitest';
import { LLM_BUILT_BACKBONES, llmBuildCost } from '../../../src/core/backbones/index.ts';
import { summaryCalls } from '../../../src/core/backbones/raptor.ts';
import type { Retriever } from '../../../src/core/types.ts';

describe('LLM build costs', () => {
  it('are given for the backbones whose build calls the LLM, and only for them', () => {
    expect(LLM_BUILT_BACKBONES).toEqual(['raptor', 'graphrag']);
    expect(llmBuildCost('bm25', {} as Retriever)).toBeUndefined();
  });

  it('RAPTOR: one call per summary; about, once a level above the first is or could be made', () => {
    expect(summaryCalls([61, 5])).toEqual({ calls: 5, exact: true, basis: 'one per cluster of the tree just built' });
    expect(summaryCalls([61])).toMatchObject({ calls: 0, exact: true });
    for (const levels of [
      [61, 10, 2],
      [61, 10],
    ])
      expect(summaryCalls(levels)).toEqual({
        calls: levels.slice(1).reduce((a, b) => a + b, 0),
        exact: false,
        basis: 'one per cluster of the tree just built; higher levels may differ slightly',
      });
  });

  it('GraphRAG: one call per community', () => {
    const standIn = { hierarchy: { communities: [{}, {}, {}] } } as unknown as Retriever;
    expect(llmBuildCost('graphrag', standIn)).toEqual({
      backbone: 'graphrag',
      what: "GraphRAG's community reports",
      calls: 3,
      exact: true,
      basis: 'one per community',
    });
  });
});

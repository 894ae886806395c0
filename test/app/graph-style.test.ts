// Graph view styling: size from PPR mass, colour from the first pool round, and the reducers that
// apply slider, gold and selection without touching the graph's attributes.
import { describe, expect, it } from 'vitest';
import type { GraphView } from '../../workers/engine-api.ts';
import { nodeAttributes, NOT_IN_POOL, poolAtRound, reduceEdge, reduceNode, roundColor, SEED_PHRASE, type ViewState } from '../../src/features/graph/graph-style.ts';

const view: GraphView = {
  nodes: [
    { key: 'passage:p1', label: 'p1', kind: 'passage', seed: false, inPool: true, ppr: 0.4, x: 0, y: 0 },
    { key: 'passage:p2', label: 'p2', kind: 'passage', seed: false, inPool: true, ppr: 0.1, x: 1, y: 0 },
    { key: 'passage:p3', label: 'p3', kind: 'passage', seed: false, inPool: false, ppr: 0, x: 2, y: 0 },
    { key: 'phrase:marlow', label: 'marlow', kind: 'phrase', seed: true, inPool: false, mentions: 3, ppr: null, x: 0, y: 1 },
  ],
  edges: [{ key: 'e', source: 'passage:p1', target: 'phrase:marlow', kind: 'passage-phrase', weight: 1, predicates: [] }],
  seeds: [{ entity: 'Marlow', phrase: 'marlow', how: 'exact', score: 1 }],
  truncated: false,
  tripleSource: 'test',
  stats: { passages: 3, phrases: 1, facts: 0 },
};
const firstRound = new Map([
  ['p1', 0],
  ['p2', 1],
]);
const attrs = nodeAttributes(view, firstRound, (id) => `Title ${id}`);
const base: ViewState = { round: null, selected: null, neighbours: new Set(), gold: new Set(['p2']) };

describe('graph style', () => {
  it('sizes passages by PPR mass (area) and colours them by the round they entered', () => {
    const p1 = attrs.get('passage:p1')!;
    const p2 = attrs.get('passage:p2')!;
    expect(p1.size).toBeCloseTo(18);
    expect(p2.size).toBeCloseTo(4 + 14 * Math.sqrt(0.25));
    expect([p1.color, p2.color, attrs.get('passage:p3')!.color]).toEqual([roundColor(0), roundColor(1), NOT_IN_POOL]);
    expect(attrs.get('phrase:marlow')).toMatchObject({ color: SEED_PHRASE, kind: 'phrase', label: 'marlow' });
    expect(p1.label).toBe('Title p1');
  });

  it('hides passages that entered after the slider round and stars gold ones', () => {
    const at0 = { ...base, round: 0 };
    expect(reduceNode('passage:p2', attrs.get('passage:p2')!, at0).hidden).toBe(true);
    expect(reduceNode('passage:p1', attrs.get('passage:p1')!, at0).hidden).toBeUndefined();
    expect(reduceNode('passage:p2', attrs.get('passage:p2')!, base)).toMatchObject({ label: '★ Title p2', forceLabel: true });
    expect(poolAtRound(firstRound, 0)).toEqual(['p1']);
    expect(poolAtRound(firstRound, null)).toEqual(['p1', 'p2']);
  });

  it('highlights the selection and its neighbours, fades the rest, and never mutates the attributes', () => {
    const before = structuredClone(attrs.get('passage:p3'));
    const s = { ...base, selected: 'passage:p1', neighbours: new Set(['phrase:marlow']) };
    expect(reduceNode('passage:p1', attrs.get('passage:p1')!, s)).toMatchObject({ highlighted: true, forceLabel: true });
    expect(reduceNode('phrase:marlow', attrs.get('phrase:marlow')!, s)).toMatchObject({ forceLabel: true, color: SEED_PHRASE });
    expect(reduceNode('passage:p3', attrs.get('passage:p3')!, s)).toMatchObject({ label: null, color: '#e6e8eb' });
    expect(attrs.get('passage:p3')).toEqual(before);
    const edge = { size: 1, color: '#ccc', kind: 'passage-phrase' as const };
    expect(reduceEdge('passage:p1', 'phrase:marlow', edge, s).color).toBe('#38465a');
    expect(reduceEdge('passage:p2', 'passage:p3', edge, s).color).toBe('#f0f1f3');
  });
});

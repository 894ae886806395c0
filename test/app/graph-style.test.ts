// Graph view styling: size from PPR mass, colour from the first pool round, and the reducers that
// apply slider, gold and selection without touching the graph's attributes.
import { describe, expect, it } from 'vitest';
import type { GraphView } from '../../src/engine/engine-api.ts';
import {
  isHubPhrase,
  nodeAttributes,
  NOT_IN_POOL,
  PHRASE,
  poolAtRound,
  reduceEdge,
  reduceNode,
  ROUND_COLORS,
  roundColor,
  SEED_PHRASE,
  type ViewState,
} from '../../src/features/graph/graph-style.ts';

const view: GraphView = {
  nodes: [
    { key: 'passage:p1', label: 'p1', kind: 'passage', seed: false, inPool: true, ppr: 0.4, x: 0, y: 0 },
    { key: 'passage:p2', label: 'p2', kind: 'passage', seed: false, inPool: true, ppr: 0.1, x: 1, y: 0 },
    { key: 'passage:p3', label: 'p3', kind: 'passage', seed: false, inPool: false, ppr: 0, x: 2, y: 0 },
    {
      key: 'phrase:marlow',
      label: 'marlow',
      kind: 'phrase',
      seed: true,
      inPool: false,
      mentions: 3,
      ppr: null,
      x: 0,
      y: 1,
    },
  ],
  edges: [
    { key: 'e', source: 'passage:p1', target: 'phrase:marlow', kind: 'passage-phrase', weight: 1, predicates: [] },
  ],
  seeds: [{ entity: 'Marlow', phrase: 'marlow', how: 'exact', score: 1 }],
  truncated: false,
  tripleSource: 'test',
  seedSource: 'test',
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
    expect(reduceNode('passage:p2', attrs.get('passage:p2')!, base)).toMatchObject({
      label: '★ Title p2',
      forceLabel: true,
    });
    expect(poolAtRound(firstRound, 0)).toEqual(['p1']);
    expect(poolAtRound(firstRound, null)).toEqual(['p1', 'p2']);
  });

  it('highlights the selection and its neighbours, fades the rest, and never mutates the attributes', () => {
    const before = structuredClone(attrs.get('passage:p3'));
    const s = { ...base, selected: 'passage:p1', neighbours: new Set(['phrase:marlow']) };
    expect(reduceNode('passage:p1', attrs.get('passage:p1')!, s)).toMatchObject({
      highlighted: true,
      forceLabel: true,
    });
    expect(reduceNode('phrase:marlow', attrs.get('phrase:marlow')!, s)).toMatchObject({
      forceLabel: true,
      color: SEED_PHRASE,
    });
    expect(reduceNode('passage:p3', attrs.get('passage:p3')!, s)).toMatchObject({ label: null, color: '#e6e8eb' });
    expect(attrs.get('passage:p3')).toEqual(before);
    const edge = { size: 1, color: '#ccc', kind: 'passage-phrase' as const };
    expect(reduceEdge('passage:p1', 'phrase:marlow', edge, s).color).toBe('#38465a');
    expect(reduceEdge('passage:p2', 'passage:p3', edge, s).color).toBe('#f0f1f3');
  });
});

describe('issue 17 item 8: hubs, seeds and bridges in the graph view', () => {
  const base = { x: 0, y: 0, size: 3, round: null } as const;
  const state = {
    round: null,
    selected: null,
    neighbours: new Set<string>(),
    gold: new Set(['p1', 'p2']),
    bridge: new Set(['p2']),
  };
  it('hides generic hub phrases (numbers, number words) unless they seed the question', () => {
    expect(isHubPhrase('20')).toBe(true);
    expect(isHubPhrase('one')).toBe(true);
    expect(isHubPhrase('fog lantern')).toBe(false);
    expect(reduceNode('n1', { ...base, color: PHRASE, label: 'one', kind: 'phrase', ref: 'one' }, state).hidden).toBe(
      true,
    );
    expect(
      reduceNode('n2', { ...base, color: SEED_PHRASE, label: '1858', kind: 'phrase', ref: '1858' }, state).hidden,
    ).toBeUndefined();
  });
  it('labels seeds ◎, bridges ◆ and other gold ★; the seed colour is none of the round colours', () => {
    expect(
      reduceNode('s', { ...base, color: SEED_PHRASE, label: 'fog lantern', kind: 'phrase', ref: 'fog lantern' }, state)
        .label,
    ).toBe('◎ fog lantern');
    expect(
      reduceNode('a', { ...base, color: '#1f5fbf', label: 'Ione Marlow', kind: 'passage', ref: 'p2' }, state).label,
    ).toBe('◆ Ione Marlow');
    expect(
      reduceNode('b', { ...base, color: '#1f5fbf', label: 'Fog-lantern', kind: 'passage', ref: 'p1' }, state).label,
    ).toBe('★ Fog-lantern');
    expect(ROUND_COLORS).not.toContain(SEED_PHRASE);
  });
});

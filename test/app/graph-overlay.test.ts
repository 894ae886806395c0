// The graph view's overlays (issue 17 items 8-9, issue 12's GEAR beams): hub phrases by corpus share,
// label culling by PPR mass, evidence paths seed -> bridge -> gold that avoid hubs, and the run at a
// step (each thought's links, the chain as a path, promotions, the cut, beams) from the fold of the prefix.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GraphView } from '../../src/engine/engine-api.ts';
import { foldTrace } from '../../src/core/trace/fold.ts';
import type { TraceEvent } from '../../src/core/trace/schema.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import { evidencePaths, shortestPath, adjacency } from '../../src/features/graph/graph-paths.ts';
import {
  BEAM_COLORS,
  CHAIN_COLOR,
  phrasesNamed,
  roundLinks,
  shortLabel,
  stepOverlay,
  THOUGHT_COLORS,
} from '../../src/features/graph/graph-overlay.ts';
import {
  isHubPhrase,
  LABELLED_PASSAGES,
  nodeAttributes,
  reduceEdge,
  reduceNode,
} from '../../src/features/graph/graph-style.ts';

const P = (id: string, ppr = 0) => ({
  key: `passage:${id}`,
  label: id,
  kind: 'passage' as const,
  seed: false,
  inPool: true,
  ppr,
  x: 0,
  y: 0,
});
const Ph = (label: string, mentions = 1, seed = false) => ({
  key: `phrase:${label}`,
  label,
  kind: 'phrase' as const,
  seed,
  inPool: false,
  mentions,
  ppr: null,
  x: 0,
  y: 0,
});
const E = (a: string, b: string, kind: 'passage-phrase' | 'relation' = 'passage-phrase') => ({
  key: `${a}~${b}`,
  source: a,
  target: b,
  kind,
  weight: 1,
  predicates: [],
});

// seed "fog lantern" - p1 (bridge) - "ione marlow" - p2 (gold); a hub "united states" touches everything.
const view: GraphView = {
  nodes: [
    P('p1', 0.3),
    P('p2', 0.2),
    P('p3', 0.1),
    Ph('fog lantern', 2, true),
    Ph('ione marlow', 2),
    Ph('united states', 900),
    Ph('dunmere', 2),
  ],
  edges: [
    E('phrase:fog lantern', 'passage:p1'),
    E('passage:p1', 'phrase:ione marlow'),
    E('phrase:ione marlow', 'passage:p2'),
    E('phrase:fog lantern', 'phrase:united states', 'relation'),
    E('phrase:united states', 'passage:p2'),
    E('phrase:dunmere', 'passage:p2'),
    E('phrase:united states', 'passage:p3'),
  ],
  seeds: [{ entity: 'fog-lantern', phrase: 'fog lantern', how: 'exact', score: 1 }],
  truncated: false,
  tripleSource: 'test',
  seedSource: 'test',
  stats: { passages: 8000, phrases: 4, facts: 3 },
};
const titles: Record<string, string> = { p1: 'Fog-lantern', p2: 'Ione Marlow', p3: 'Tarrow' };
const titleOf = (id: string) => titles[id] ?? id;
const attrs = nodeAttributes(
  view,
  new Map([
    ['p1', 0],
    ['p2', 1],
  ]),
  titleOf,
);
const isHub = (k: string) => attrs.get(k)?.hub === true;

describe('hubs and labels (item 8)', () => {
  it('calls a phrase a hub when it is in at least 0.5% of the corpus (and 20 passages), never a seed', () => {
    expect(isHubPhrase('united states', 900, 8000)).toBe(true);
    expect(isHubPhrase('united states', 30, 8000)).toBe(false);
    expect(isHubPhrase('fog lantern', 19, 100)).toBe(false); // small corpus: too few mentions to be a hub
    expect(attrs.get('phrase:united states')?.hub).toBe(true);
    expect(attrs.get('phrase:fog lantern')?.hub).toBeUndefined();
    expect(
      reduceNode('phrase:united states', attrs.get('phrase:united states')!, {
        round: null,
        selected: null,
        neighbours: new Set(),
        gold: new Set(),
      }).hidden,
    ).toBe(true);
  });
  it('labels only the top passages by PPR mass without hovering', () => {
    const many: GraphView = { ...view, nodes: Array.from({ length: 30 }, (_, i) => P(`q${i}`, 1 / (i + 1))) };
    const a = nodeAttributes(many, new Map(), (id) => id);
    const top = [...a.values()].filter((n) => n.top).map((n) => n.ref);
    expect(top).toEqual(Array.from({ length: LABELLED_PASSAGES }, (_, i) => `q${i}`));
  });
});

describe('evidence paths (item 8)', () => {
  it('goes seed -> bridge -> gold and never through a hub phrase', () => {
    const paths = evidencePaths(view, new Set(['p1', 'p2']), new Set(['p1']), isHub);
    expect([...paths.edges]).toEqual([
      ['phrase:fog lantern~passage:p1', 'bridge'],
      ['passage:p1~phrase:ione marlow', 'gold'],
      ['phrase:ione marlow~passage:p2', 'gold'],
    ]);
    expect(paths.unreached).toEqual([]);
    // Through the hub it would be shorter (seed - hub - p2): the hub is skipped.
    expect(shortestPath(adjacency(view), ['phrase:fog lantern'], 'passage:p2')?.nodes).toContain(
      'phrase:united states',
    );
  });
  it('says which gold passages no path reaches', () => {
    expect(evidencePaths(view, new Set(['p3']), new Set(), isHub).unreached).toEqual(['p3']);
  });
});

describe('the run at a step (item 9, GEAR)', () => {
  const trace = loadTrace(
    JSON.parse(readFileSync(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url), 'utf8')),
  );
  const demo: GraphView = {
    ...view,
    nodes: [...view.nodes, P('p18'), P('p19'), P('p12'), Ph('skelda')],
  };
  const at = (n: number, round: number) =>
    stepOverlay({ view: demo, model: foldTrace(trace.events.slice(0, n)), round, titleOf, isHub });
  const idx = (pred: (e: TraceEvent) => boolean) => trace.events.findIndex(pred) + 1;

  it('tags nodes with short retrieval labels', () => {
    expect(['fast', 'step 2 (graph expansion)', 'rerank: lexical', 'base · step 1'].map(shortLabel)).toEqual([
      'fast',
      'step 2',
      'rerank',
      'base',
    ]);
  });
  it('matches phrases as whole words of the normalised text', () => {
    const phrases = new Map([
      ['fog lantern', 'a'],
      ['skelda', 'b'],
      ['one', 'c'],
    ]);
    expect(phrasesNamed('Who devised the fog-lantern? Not someone on Skelda.', phrases)).toEqual(['a', 'b']);
  });
  it("marks what each fast and slow thought linked to, in the thought's colour", () => {
    const o = at(
      idx((e) => e.type === 'pool' && e.round === 1),
      1,
    );
    expect(o.nodes.get('phrase:fog lantern')?.tags).toEqual(['fast', 'slow']);
    expect(o.nodes.get('phrase:ione marlow')?.tags).toEqual(['slow']);
    expect(o.nodes.get('passage:p19')?.tags).toEqual(['slow']);
    expect(o.edges.get('phrase:fog lantern~passage:p1')).toBeUndefined(); // p1 was not retrieved in round 1
    expect(o.focus).toBe(true);
    const style = reduceEdge(
      'a',
      'b',
      { size: 1, color: '#ccc', kind: 'passage-phrase' },
      {
        round: 1,
        selected: null,
        neighbours: new Set(),
        gold: new Set(),
        overlay: { ...o, edges: new Map([['k', THOUGHT_COLORS.fast!]]) },
      },
      'k',
    );
    expect(style.color).toBe(THOUGHT_COLORS.fast);
  });
  it("uses the phrases the retriever linked the query to when the trace records them (HippoRAG 2's items)", () => {
    const events: TraceEvent[] = [
      { type: 'round.start', t: 0, round: 1 },
      {
        type: 'retrieve',
        t: 1,
        round: 1,
        query: 'Who devised the fog-lantern?',
        label: 'fast',
        results: [{ id: 'p1', score: 1 }],
        items: [
          { kind: 'triple', id: 'fact:1', score: 1, text: 'Fog lantern | devised by | Ione Marlow', passages: ['p1'] },
          { kind: 'entity', id: 'phrase:skelda', score: 0.5, text: 'skelda', passages: [] },
        ],
      },
    ];
    const [q] = roundLinks({ view: demo, model: foldTrace(events), round: 1, isHub });
    expect(q).toMatchObject({
      how: 'linked',
      phrases: ['phrase:fog lantern', 'phrase:ione marlow', 'phrase:skelda'],
      passages: ['passage:p1'],
    });
    const [named] = roundLinks({
      view: demo,
      model: foldTrace(
        trace.events.slice(
          0,
          idx((e) => e.type === 'pool' && e.round === 1),
        ),
      ),
      round: 1,
      isHub,
    });
    expect(named?.how).toBe('named');
  });
  it('draws the reasoning chain over the graph, then promotions and the final cut', () => {
    const chain = at(
      idx((e) => e.type === 'thought' && e.kind === 'reasoning-chain'),
      2,
    );
    // "fog-lantern -> devised by -> Ione Marlow -> raised in -> Dunmere": a passage title wins over a
    // phrase of the same name, so Fog-lantern (p1) -> Ione Marlow (p2) -> dunmere, joined over the graph.
    expect(chain.nodes.get('passage:p1')?.tags).toEqual(['chain 1']);
    expect(chain.nodes.get('passage:p2')?.tags).toEqual(['chain 2']);
    expect(chain.nodes.get('phrase:dunmere')?.tags).toEqual(['slow', 'chain 3']); // round 2's slow thought names Dunmere too
    for (const e of ['passage:p1~phrase:ione marlow', 'phrase:ione marlow~passage:p2', 'phrase:dunmere~passage:p2'])
      expect(chain.edges.get(e)).toBe(CHAIN_COLOR);
    expect(chain.links).toEqual([]);
    const promoted = at(
      idx((e) => e.type === 'promote'),
      2,
    );
    expect(promoted.nodes.get('passage:p19')?.tags).toEqual(['verifier 2→1']);
    const cut = at(trace.events.length, 2);
    expect(cut.nodes.get('passage:p19')?.tags).toEqual(['cut #1', 'verifier 2→1']);
  });
  it("draws a GEAR beam's triples between their phrase nodes, with the score in the edge title", () => {
    const events: TraceEvent[] = [
      { type: 'round.start', t: 0, round: 0 },
      { type: 'retrieve', t: 1, round: 0, query: 'q', label: 'question', results: [] },
      {
        type: 'beam',
        t: 2,
        round: 0,
        step: 2,
        kept: [{ triples: ['t1', 't2'], score: 0.75, weight: 1 }],
        pruned: [],
        triples: [
          { id: 't1', subject: 'Fog lantern', predicate: 'devised by', object: 'Ione Marlow', passage: 'p1' },
          { id: 't2', subject: 'Ione Marlow', predicate: 'raised in', object: 'Skelda', passage: 'p2' },
        ],
      },
    ];
    const o = stepOverlay({ view: demo, model: foldTrace(events), round: 0, titleOf, isHub });
    expect(o.links.map((l) => [l.source, l.target])).toEqual([
      ['phrase:fog lantern', 'phrase:ione marlow'],
      ['phrase:ione marlow', 'phrase:skelda'],
    ]);
    expect(o.edges.get(o.links[0]!.key)).toBe(BEAM_COLORS[0]);
    expect(o.titles.get(o.links[1]!.key)).toBe('beam 1 · step 2 · score 0.750 · Ione Marlow | raised in | Skelda');
    expect(o.nodes.get('phrase:skelda')?.tags).toEqual(['beam 1']);
  });
});

describe("the whole run's labels", () => {
  it('keep the cut and the promotions, and drop the round marks', async () => {
    const { outcomeMarks } = await import('../../src/features/graph/use-graph-overlay.ts');
    const marks = outcomeMarks(
      new Map([
        ['p:1', { tags: ['cut #1', 'verifier 12→3', 'chain 2'] }],
        ['p:2', { tags: ['fast'] }],
        ['p:3', { tags: ['cut #2'] }],
      ]),
    );
    expect([...marks]).toEqual([
      ['p:1', { tags: ['cut #1', 'verifier 12→3'] }],
      ['p:3', { tags: ['cut #2'] }],
    ]);
  });
});

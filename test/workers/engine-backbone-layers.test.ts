// The graph view's backbone layers come from the backbone the runs use: a RAPTOR run's summary nodes
// (retrieve.items) are among the summaries the engine lists above its pool, with the passages under them;
// GraphRAG's communities colour the shown phrases and carry their reports; unknown backbones are refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { layersOf } from '../../src/core/backbones/about.ts';
import { createEngine } from '../../src/engine/engine.ts';
import type { BackboneLayers } from '../../src/engine/engine-api.ts';
import {
  colourByCommunity,
  communityColor,
  fadeOutsideSummary,
  passagesUnder,
  SUMMARY_FADED,
} from '../../src/features/graph/graph-backbone-layers.ts';
import { SEED_PHRASE, type NodeAttributes } from '../../src/features/graph/graph-style.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const dataset = loadDataset('demo', files);
const question = dataset.questions.find((q) => q.id === 'demo-01')!;
const phrase = (ref: string, color = '#b9c0c9'): NodeAttributes => ({
  x: 0,
  y: 0,
  size: 1,
  color,
  label: ref,
  kind: 'phrase',
  ref,
  round: null,
});
const passage = (ref: string): NodeAttributes => ({
  x: 0,
  y: 0,
  size: 1,
  color: '#1f5fbf',
  label: ref,
  kind: 'passage',
  ref,
  round: 0,
});

describe('engine backboneLayers', () => {
  it('RAPTOR: the summaries above a run’s pool, level by level, with the passages under each', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const trace = await engine.run({ datasetId: 'demo', question, backbone: 'raptor', strategy: 'single', k: 5 });
    const pool = trace.events.flatMap((e) => (e.type === 'pool' ? e.pool.map((p) => p.id) : []));
    const layers = await engine.backboneLayers('demo', { kind: 'tree', poolIds: pool, phrases: [] });
    if (layers.kind !== 'tree') throw new Error('expected the tree');
    expect(layers.levels[0]).toBe(dataset.corpus.passages.length);
    expect(layers.levels.length).toBeGreaterThan(1);
    expect(layers.source).toContain('extractive summary (no LLM');
    expect(layers.summaries.length).toBeGreaterThan(0);
    for (const s of layers.summaries) {
      expect(s.level).toBeGreaterThan(0);
      expect(s.shown.length).toBeGreaterThan(0); // only summaries above the pool
      for (const id of s.shown) expect(pool).toContain(id);
      for (const id of s.shown) expect(s.passages).toContain(id);
    }
    // Sorted by level: the filter's first level comes first.
    expect(layers.summaries.map((s) => s.level)).toEqual(
      [...layers.summaries.map((s) => s.level)].sort((a, b) => a - b),
    );
  });

  it('GraphRAG: each shown phrase’s community with its report; phrases outside any community are left out', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const view = await engine.graphAround('demo', { query: question.question, poolIds: [], limit: 200 });
    const phrases = view.nodes.filter((n) => n.kind === 'phrase').map((n) => n.label);
    const layers = await engine.backboneLayers('demo', {
      kind: 'communities',
      poolIds: [],
      phrases: [...phrases, 'no such phrase'],
    });
    if (layers.kind !== 'communities') throw new Error('expected communities');
    expect(layers.source).toContain('extractive community report (no LLM');
    expect(layers.communities.length).toBeGreaterThan(1);
    expect(layers.communityOfPhrase['no such phrase']).toBeUndefined();
    const ids = new Set(layers.communities.map((c) => c.id));
    for (const c of Object.values(layers.communityOfPhrase)) expect(ids.has(c)).toBe(true);
    for (const c of layers.communities) {
      expect(c.report.length).toBeGreaterThan(0);
      expect(c.shown).toBe(Object.values(layers.communityOfPhrase).filter((x) => x === c.id).length);
    }
  });

  it('refuses a backbone with no layers, naming the ones that have them', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    await expect(engine.backboneLayers('demo', { kind: 'bm25' as 'tree', poolIds: [], phrases: [] })).rejects.toThrow(
      /no layers of kind "bm25" to draw \(tree, communities\)/,
    );
  });
});

describe('graph-backbone-layers (pure)', () => {
  const graphrag: BackboneLayers = {
    kind: 'communities',
    source: 's',
    levels: 2,
    modularity: 0.4,
    communities: [
      { id: 'c0.1', level: 0, size: 3, shown: 2, title: 'A', report: 'r', passageCount: 1 },
      { id: 'c0.0', level: 0, size: 2, shown: 1, title: 'B', report: 'r', passageCount: 1 },
    ],
    communityOfPhrase: { a: 'c0.1', b: 'c0.0', s: 'c0.0' },
  };
  it('colours phrases by community in legend order; seeds, passages and unknown phrases keep theirs', () => {
    const nodes = new Map([
      ['a', phrase('a')],
      ['b', phrase('b')],
      ['s', phrase('s', SEED_PHRASE)],
      ['x', phrase('x')],
      ['p', passage('p')],
    ]);
    const out = colourByCommunity(nodes, graphrag);
    expect(out.get('a')?.color).toBe(communityColor(0));
    expect(out.get('b')?.color).toBe(communityColor(1));
    expect(out.get('s')?.color).toBe(SEED_PHRASE);
    expect(out.get('x')?.color).toBe('#b9c0c9');
    expect(out.get('p')?.color).toBe('#1f5fbf');
    expect(nodes.get('a')?.color).toBe('#b9c0c9'); // input untouched
    expect(colourByCommunity(nodes, undefined)).toBe(nodes);
  });
  it('fades passages outside the selected summary; nothing selected changes nothing', () => {
    const raptor: BackboneLayers = {
      kind: 'tree',
      source: 's',
      levels: [3, 1],
      summaries: [{ id: 'raptor:1:0', level: 1, text: 't', passageCount: 2, passages: ['p1', 'p2'], shown: ['p1'] }],
    };
    const nodes = new Map([
      ['p1', passage('p1')],
      ['p3', passage('p3')],
      ['a', phrase('a')],
    ]);
    expect(fadeOutsideSummary(nodes, passagesUnder(raptor, null))).toBe(nodes);
    const out = fadeOutsideSummary(nodes, passagesUnder(raptor, 'raptor:1:0'));
    expect(out.get('p1')?.color).toBe('#1f5fbf');
    expect(out.get('p3')?.color).toBe(SUMMARY_FADED);
    expect(out.get('a')?.color).toBe('#b9c0c9');
  });
  it('draws layers only for raptor and graphrag traces', () => {
    expect([layersOf('raptor'), layersOf('graphrag'), layersOf('bm25'), layersOf(undefined)]).toEqual([
      'tree',
      'communities',
      null,
      null,
    ]);
  });
});

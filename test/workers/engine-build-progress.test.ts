// A backbone's first use reports its one-time build to the run waiting for it: RAPTOR's tree level by
// level, GraphRAG's entity graph, communities and reports, each stage's progress never going back; a
// second run over the built backbone reports nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import type { BuildProgress } from '../../src/core/backbones/index.ts';
import { createEngine } from '../../src/engine/engine.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const question = loadDataset('demo', files).questions.find((q) => q.id === 'demo-01')!;

/** Each stage's reports in order: done never decreases, never passes total. */
function expectMonotone(reports: readonly BuildProgress[]) {
  const last = new Map<string, number>();
  for (const p of reports) {
    expect(p.done).toBeGreaterThanOrEqual(last.get(p.stage) ?? 0);
    if (p.total > 0) expect(p.done).toBeLessThanOrEqual(p.total);
    last.set(p.stage, p.done);
  }
}

describe('engine: backbone build progress', () => {
  it('a first RAPTOR run reports clustering then summarising, level by level, up to done', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const reports: BuildProgress[] = [];
    const run = { datasetId: 'demo', question, backbone: 'raptor' as const, strategy: 'single' as const, k: 5 };
    await engine.run(run, undefined, (p) => reports.push(p));
    expect(reports.length).toBeGreaterThan(2);
    expect(new Set(reports.map((p) => p.backbone))).toEqual(new Set(['raptor']));
    const stages = [...new Set(reports.map((p) => p.stage))];
    expect(stages[0]).toBe('clustering level 1');
    expect(stages[1]).toBe('summarising level 1');
    // Levels come in order: clustering level L before summarising level L before level L + 1.
    const levelOf = (s: string) => Number(s.split(' ').pop());
    const order = stages.map((s) => levelOf(s) * 2 + (s.startsWith('summarising') ? 1 : 0));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expectMonotone(reports);
    const summarising = reports.filter((p) => p.stage === 'summarising level 1');
    expect(summarising.at(-1)!.done).toBe(summarising.at(-1)!.total);
    expect(summarising.at(-1)!.total).toBeGreaterThan(1);

    // Built once: the next run waits for nothing.
    const again: BuildProgress[] = [];
    await engine.run(run, undefined, (p) => again.push(p));
    expect(again).toEqual([]);
  });

  it('a first GraphRAG run reports the graph, the communities, then each report', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const reports: BuildProgress[] = [];
    await engine.run({ datasetId: 'demo', question, backbone: 'graphrag', strategy: 'single', k: 5 }, undefined, (p) =>
      reports.push(p),
    );
    const stages = [...new Set(reports.map((p) => p.stage))];
    expect(stages).toEqual(['building the phrase graph', 'detecting communities', 'writing community reports']);
    expectMonotone(reports);
    const writing = reports.filter((p) => p.stage === 'writing community reports');
    expect(writing.length).toBeGreaterThan(2);
    expect(writing.at(-1)!.done).toBe(writing.at(-1)!.total);
  });
});

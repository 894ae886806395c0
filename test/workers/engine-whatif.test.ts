// The engine's runBranch: a branch of a run made in the engine runs with the same backbone, LLM choice
// and options (a rerun reproduces it, with the host's option facts kept), a change shows (or, where the
// strategy keeps its own pool, a warning says it was not applied), and a run on another corpus is refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { comparable } from '../../src/core/whatif/diff.ts';
import { createEngine } from '../../src/engine/engine.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const question = loadDataset('demo', files).questions.find((q) => q.id === 'demo-01')!;

describe('engine runBranch', () => {
  it.each(['bdtr', 'gear'] as const)(
    '%s: rerun reproduces the run; a drop after round 1 changes it',
    async (strategy) => {
      const engine = createEngine();
      await engine.loadDataset('demo', files);
      const parent = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy, k: 20 });
      expect(parent.status).toBe('done');
      const rerun = await engine.runBranch({ datasetId: 'demo', parent, intervention: { kind: 'rerun', round: 1 } });
      expect(rerun.events.map(comparable)).toEqual(parent.events.map(comparable));
      expect(rerun.options).toEqual(parent.options);
      expect(rerun.branch).toMatchObject({ parentId: parent.id, label: 'rerun from round 1 (no change)' });

      const pool1 = parent.events.findLast((e) => e.type === 'pool' && e.round === 1);
      if (pool1?.type !== 'pool') throw new Error('no pool after round 1');
      const top = pool1.pool[0]!.id;
      const seen: string[] = [];
      const dropped = await engine.runBranch(
        { datasetId: 'demo', parent, intervention: { kind: 'pool', round: 1, drop: [top] }, label: 'drop the top' },
        (e) => seen.push(e.type),
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(dropped.branch?.label).toBe('drop the top');
      const after = dropped.events.findLast((e) => e.type === 'pool' && e.round === 1);
      const warning = dropped.events.find((e) => e.type === 'warning' && e.module === 'whatif');
      // every strategy, GEAR included (its own pool goes through the same hook), drops the passage
      expect(after?.type === 'pool' && after.pool.some((p) => p.id === top)).toBe(false);
      expect(warning).toBeUndefined();
    },
    120_000,
  );

  it('refuses a run on another corpus, naming it', async () => {
    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const parent = await engine.run({ datasetId: 'demo', question, backbone: 'bm25', strategy: 'static', k: 20 });
    await expect(
      engine.runBranch({
        datasetId: 'demo',
        parent: { ...parent, corpus: { id: 'other', name: 'Other corpus' } },
        intervention: { kind: 'rerun', round: 0 },
      }),
    ).rejects.toThrow(/this run is on corpus "Other corpus"; open that corpus to branch it/);
  });
});

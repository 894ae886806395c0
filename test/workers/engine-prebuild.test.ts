// Backbones built at import: the import's backbones stage builds every backbone whose build is kept
// (HippoRAG 2's fact index over the stored graph, GEAR's triple index, RAPTOR's tree, GraphRAG's
// communities), so the first run of each reports no build at all; after a reload (a fresh engine over the
// same database) the first run reads them from storage and builds nothing. Asked not to, or over the size
// limit, the stage says so and the first run builds.
import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { BuildProgress } from '../../src/core/backbones/index.ts';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { RUNNABLE, strategyDescriptor } from '../../src/core/strategies/index.ts';
import type { ImportProgress, RunBackbone } from '../../src/engine/engine-api.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const question = loadDataset('demo', files).questions[0]!;
const gear = RUNNABLE.find((s) => strategyDescriptor(s).needs.graphExpansion)!;
/** [backbone, strategy]: GEAR over BM25 stands on NaiveGE and its triple index. */
const RUNS: [RunBackbone, string][] = [
  ['hipporag2', 'single'],
  ['raptor', 'single'],
  ['graphrag', 'single'],
  ['bm25', gear],
];

const engineOver = (idb: IDBFactory) =>
  createEngine({ stores: createDexieStores(new HopscopeDb('hopscope-prebuild', { indexedDB: idb, IDBKeyRange })) });

async function firstRuns(engine: ReturnType<typeof createEngine>) {
  const out: { backbone: string; builds: BuildProgress[]; options: Record<string, unknown> }[] = [];
  for (const [backbone, strategy] of RUNS) {
    const builds: BuildProgress[] = [];
    const trace = await engine.run(
      { datasetId: 'demo', question, backbone, strategy: strategy as never, k: 5, llm: 'offline' },
      undefined,
      (p) => builds.push(p),
    );
    expect(trace.status).toBe('done');
    out.push({ backbone, builds, options: trace.options });
  }
  return out;
}

describe('engine: backbones built at import', () => {
  it('the import builds them with progress; first runs build nothing; a reload reads them from storage', async () => {
    const idb = new IDBFactory();
    const engine = engineOver(idb);
    const seen: ImportProgress[] = [];
    await engine.importCorpus(files, (p) => seen.push(p));
    const stage = seen.filter((p) => p.stage === 'backbones');
    expect(stage.at(-1)).toMatchObject({ state: 'done', fraction: 1 });
    expect(stage.at(-1)!.detail).toMatch(/hipporag2.*raptor.*graphrag.*naivege/);
    expect(stage.some((p) => p.state === 'running' && p.fraction > 0 && p.fraction < 1)).toBe(true);

    for (const run of await firstRuns(engine)) expect(run.builds, `${run.backbone}'s first run`).toEqual([]);

    const reloaded = engineOver(idb);
    await reloaded.openCorpus('demo');
    const after = await firstRuns(reloaded);
    const of = (b: string) => after.find((r) => r.backbone === b)!.options;
    expect(of('raptor').built).toBe('loaded from storage');
    expect(of('graphrag').built).toBe('loaded from storage');
    expect(of('bm25').tripleIndex).toBe('read from storage');
    // HippoRAG 2's fact index, RAPTOR's tree and GraphRAG's communities come from storage: no build step.
    for (const b of ['hipporag2', 'raptor', 'graphrag'])
      expect(after.find((r) => r.backbone === b)!.builds, `${b}'s first run after a reload`).toEqual([]);
    expect(after.find((r) => r.backbone === 'bm25')!.builds.map((p) => p.stage)).not.toContain(
      'building the triple index',
    );
  });

  it('asked not to, the stage is skipped and says why; the first run then builds', async () => {
    const engine = engineOver(new IDBFactory());
    const seen: ImportProgress[] = [];
    await engine.importCorpus(files, (p) => seen.push(p), { buildBackbones: false });
    expect(seen.filter((p) => p.stage === 'backbones')).toEqual([
      {
        stage: 'backbones',
        state: 'skipped',
        detail: 'not asked: each backbone is built on its first run',
        fraction: 0,
      },
    ]);
    const builds: BuildProgress[] = [];
    await engine.run(
      { datasetId: 'demo', question, backbone: 'raptor', strategy: 'single', k: 5, llm: 'offline' },
      undefined,
      (p) => builds.push(p),
    );
    expect(builds.length).toBeGreaterThan(0);
  });
});

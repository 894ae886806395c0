// `npm run bench -- first-run`: with backbones built at import, is the first run of GEAR,
// HippoRAG 2, RAPTOR and GraphRAG on an imported MuSiQue as quick as the second? MuSiQue (all 8,044
// passages with its questions) is imported into an engine over IndexedDB (fake-indexeddb, in Node)
// with the import's backbones stage on; then each backbone's first and second run of the same question are
// timed. The reference, measured in the same run: the same first runs on a second import with the stage
// off (each first run then builds its backbone). Prints first, second, first − second and the ratio to the
// reference; asserts nothing (the e2e and worker tests hold the mechanism: a first run after the stage
// reports no build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { loadDataset } from '../src/core/ingest/index.ts';
import { RUNNABLE, strategyDescriptor } from '../src/core/strategies/index.ts';
import type { RunBackbone } from '../src/engine/engine-api.ts';
import { createEngine } from '../src/engine/engine.ts';
import { HopscopeDb } from '../src/storage/db.ts';
import { createDexieStores } from '../src/storage/repositories.ts';

const DATA = join(fileURLToPath(new URL('../', import.meta.url)), '../shared/data/musique');
const gear = RUNNABLE.find((s) => strategyDescriptor(s).needs.graphExpansion)!;
/** [label, backbone, strategy]: GEAR over BM25 stands on NaiveGE and its triple index. */
const RUNS: [string, RunBackbone, string][] = [
  ['GEAR (NaiveGE over BM25)', 'bm25', gear],
  ['HippoRAG 2', 'hipporag2', 'single'],
  ['RAPTOR', 'raptor', 'single'],
  ['GraphRAG', 'graphrag', 'single'],
];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function main(): Promise<void> {
  const files = ['musique_corpus.json', 'musique.json'].map((name) => ({
    name,
    text: readFileSync(join(DATA, name), 'utf8'),
  }));
  const dataset = loadDataset('musique', files);
  const question = dataset.questions[0]!;
  console.log(`MuSiQue: ${dataset.corpus.passages.length} passages; question ${question.id}`);

  async function imported(buildBackbones: boolean) {
    const idb = new IDBFactory();
    const engine = engineOver(idb, buildBackbones);
    const t0 = performance.now();
    const entry = await engine.importCorpus(files, undefined, { buildBackbones });
    console.log(`import (backbones stage ${buildBackbones ? 'on' : 'off'}): ${s(performance.now() - t0)}`);
    return { engine, datasetId: entry.id, idb };
  }
  const engineOver = (idb: IDBFactory, buildBackbones: boolean) =>
    createEngine({
      stores: createDexieStores(new HopscopeDb(`bench-first-run-${buildBackbones}`, { indexedDB: idb, IDBKeyRange })),
    });
  /** A reload: a fresh engine over the same database, the corpus opened from storage. */
  async function reloaded(e: Awaited<ReturnType<typeof imported>>) {
    const engine = engineOver(e.idb, true);
    await engine.openCorpus(e.datasetId);
    return { ...e, engine };
  }
  const timed = async (e: Awaited<ReturnType<typeof imported>>, backbone: RunBackbone, strategy: string) => {
    const t0 = performance.now();
    const trace = await e.engine.run({
      datasetId: e.datasetId,
      question,
      backbone,
      strategy: strategy as never,
      k: 5,
      llm: 'offline',
    });
    if (trace.status !== 'done') throw new Error(`${backbone}/${strategy}: ${trace.status}`);
    return performance.now() - t0;
  };

  const pre = await imported(true);
  const ref = await imported(false);
  const rows = [];
  for (const [label, backbone, strategy] of RUNS) {
    const first = await timed(pre, backbone, strategy);
    const second = await timed(pre, backbone, strategy);
    const unbuilt = await timed(ref, backbone, strategy);
    rows.push({ label, first, second, unbuilt });
  }
  // After a reload the builds come from IndexedDB: the first run there against its own second run.
  const after = await reloaded(pre);
  for (const [i, [, backbone, strategy]] of RUNS.entries()) {
    const first = await timed(after, backbone, strategy);
    const second = await timed(after, backbone, strategy);
    Object.assign(rows[i]!, { reloadFirst: first, reloadSecond: second });
  }
  console.log(
    '\nbackbone                    first    second   first − second   first, stage off (reference)   ratio' +
      '   after a reload: first   second',
  );
  for (const r of rows as ((typeof rows)[number] & { reloadFirst: number; reloadSecond: number })[])
    console.log(
      `${r.label.padEnd(27)} ${s(r.first).padStart(7)}  ${s(r.second).padStart(7)}  ${s(r.first - r.second).padStart(14)}` +
        `   ${s(r.unbuilt).padStart(28)}   ${(r.first / r.unbuilt).toFixed(3)}` +
        `   ${s(r.reloadFirst).padStart(21)}  ${s(r.reloadSecond).padStart(7)}`,
    );
  const within = (ms: number) => `${s(ms)} (${ms <= 1000 ? 'within' : 'over'} the +1 s goal)`;
  const reloadRows = rows as ((typeof rows)[number] & { reloadFirst: number; reloadSecond: number })[];
  console.log(`\nlargest first − second: ${within(Math.max(...rows.map((r) => r.first - r.second)))}`);
  console.log(
    `largest first − second after a reload: ${within(Math.max(...reloadRows.map((r) => r.reloadFirst - r.reloadSecond)))}`,
  );
}

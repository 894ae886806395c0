// One truth for the embedding backbones: every runnable strategy over dense, hybrid, HippoRAG 2 over a
// dense base and GEAR over dense, on the first demo questions, gives the same traces and summaries in the
// engine (the object the page's worker wraps, here in Node with the same transformers.js embedder) and in
// the CLI (main(), in this process), both with the project's generated tiny encoder. Before the one
// backbone path the hosts differed here (synonym edges, GEAR's beam scorer); the engine in Chromium is held
// to the CLI for the other backbones by test/e2e/parity-browser-cli.test.ts.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/eval.ts';
import { summarizeTraces } from '../../src/core/batch/strategy.ts';
import type { EmbeddingSettings } from '../../src/core/embed/settings.ts';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { RUNNABLE, strategyDescriptor } from '../../src/core/strategies/index.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import type { Trace } from '../../src/core/trace/schema.ts';
import { EMBEDDING_SETTINGS_KEY } from '../../src/engine/engine-api.ts';
import { createEngine } from '../../src/engine/engine.ts';
import type { EmbeddingHost } from '../../src/engine/embeddings.ts';
import { createTransformersEmbedder } from '../../src/providers/embed/transformers-embedder.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';

const QUESTIONS = 2;
const KS = [1, 2, 5, 10];
const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const questions = loadDataset('demo', files).questions.slice(0, QUESTIONS);
const GEAR = RUNNABLE.filter((s) => strategyDescriptor(s).needs.graphExpansion);

const TINY: EmbeddingSettings = {
  source: 'local',
  name: TINY_MODEL,
  fingerprint: 'a'.repeat(64),
  dim: 384,
  sizeBytes: 1,
  dtype: 'fp32',
  pooling: 'mean',
  batchSize: 16,
};

/** [page backbone, CLI flags, strategies]: GEAR over dense is GEAR's strategies on the dense backbone. */
const CASES: [string, string[], readonly string[]][] = [
  ['dense', ['--retriever', 'dense'], RUNNABLE],
  ['hybrid', ['--retriever', 'hybrid'], RUNNABLE],
  ['hipporag2-dense', ['--retriever', 'hipporag2', '--base', 'dense'], RUNNABLE],
];

/** Everything but wall-clock fields and host facts (how a structure or the model was obtained). */
function comparable(t: Trace): unknown {
  const {
    createdAt: _c,
    events,
    id: _id,
    provenance: _p,
    retriever: _r,
    ...header
  } = t as Trace & {
    provenance?: unknown;
  };
  const {
    built: _b,
    tripleIndex: _ti,
    embedding: _e,
    embedBackend: _eb,
    embedBackendChoice: _ec,
    ...options
  } = header.options as Record<string, unknown>;
  return round({
    ...header,
    options,
    events: events.map((e) => {
      const { t: _t, ...rest } = e as Record<string, unknown>;
      if (rest.type === 'llm') delete rest.latencyMs;
      return rest;
    }),
  });
}
const round = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' ? Number(x.toPrecision(12)) : x)));

async function engineTraces(backbone: string, strategies: readonly string[]): Promise<Trace[]> {
  const root = await tinyEncoderRoot();
  const host: EmbeddingHost = {
    localModelPath: root,
    device: async () => 'cpu',
    makeEmbedder: (config) => createTransformersEmbedder(config),
  };
  const db = new HopscopeDb(`hopscope-parity-dense-${backbone}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const engine = createEngine({ stores: createDexieStores(db), embedding: host });
  await engine.putSetting(EMBEDDING_SETTINGS_KEY, TINY);
  await engine.importCorpus(files);
  const out: Trace[] = [];
  for (const strategy of strategies)
    for (const question of questions)
      out.push(
        await engine.run({
          datasetId: 'demo',
          question,
          backbone: backbone as never,
          strategy: strategy as never,
          k: 50,
          llm: 'offline',
        }),
      );
  return out;
}

async function cliTraces(flags: string[], strategies: readonly string[]): Promise<Map<string, Trace>> {
  const model = join(await tinyEncoderRoot(), TINY_MODEL);
  const dir = await mkdtemp(join(tmpdir(), 'hopscope-parity-dense-'));
  const argv = [
    '--dataset',
    'public/demo',
    ...flags,
    '--model',
    model,
    '--llm',
    'offline',
    '--limit',
    String(QUESTIONS),
  ];
  const err: string[] = [];
  const code = await main([...argv, '--strategy', strategies.join(','), '--traces', dir], {
    out: () => {},
    err: (s) => err.push(s),
  });
  expect(code, err.join('\n')).toBe(0);
  const out = new Map<string, Trace>();
  for (const sub of await readdir(dir, { recursive: true })) {
    if (!sub.endsWith('.json')) continue;
    const trace = loadTrace(JSON.parse(await readFile(join(dir, sub), 'utf8')));
    out.set(`${trace.strategy}/${trace.question.id}`, trace);
  }
  return out;
}

describe('the engine and the CLI give the same traces over the embedding backbones', () => {
  it.each([
    ...CASES,
    ['dense (GEAR over it)', ['--retriever', 'dense'], GEAR] as [string, string[], readonly string[]],
  ])(
    '%s',
    async (name, flags, strategies) => {
      const backbone = name.split(' ')[0]!;
      const engine = await engineTraces(backbone, strategies);
      const cli = await cliTraces(flags, strategies);
      expect(engine).toHaveLength(strategies.length * QUESTIONS);
      for (const t of engine) {
        const c = cli.get(`${t.strategy}/${t.question.id}`);
        expect(c, `${t.strategy}/${t.question.id} in the CLI's traces`).toBeDefined();
        expect(comparable(t), `${name} · ${t.strategy} · ${t.question.id}`).toEqual(comparable(c!));
      }
      for (const strategy of strategies) {
        const mine = (ts: Trace[]) => ts.filter((t) => t.strategy === strategy);
        const a = summarizeTraces(strategy as never, mine(engine), KS);
        const b = summarizeTraces(strategy as never, mine([...cli.values()]), KS);
        expect(a.summary, `${name} · ${strategy} summary`).toEqual(b.summary);
      }
    },
    600_000,
  );
});

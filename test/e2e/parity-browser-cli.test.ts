// One truth for every host: each runnable strategy over bm25, hipporag2, naivege, raptor and graphrag on
// the first demo questions gives the same traces (timestamps aside) and the same summaries in the engine
// worker, run in Chromium from the built app, and in the CLI (main(), in this process). The page side
// talks to the built engine worker through Comlink's wire protocol, so nothing of the page's UI is in between.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/eval.ts';
import { summarizeTraces } from '../../src/core/batch/strategy.ts';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { RUNNABLE } from '../../src/core/strategies/index.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import type { Trace } from '../../src/core/trace/schema.ts';
import { appSession } from '../support/app-session.ts';

const BACKBONES = ['bm25', 'hipporag2', 'naivege', 'raptor', 'graphrag'] as const;
const QUESTIONS = 2;
const KS = [1, 2, 5, 10];
const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const questions = loadDataset('demo', files).questions.slice(0, QUESTIONS);
const engineChunk = readdirSync(new URL('../../dist/assets/', import.meta.url)).find((f) =>
  /^engine\.worker-.*\.js$/.test(f),
);

/**
 * What must agree: everything but wall-clock fields (event times, creation time, latencies) and host
 * facts (how a structure was obtained, the CLI's resume provenance). Numbers are
 * compared to 12 significant digits: Chromium's and Node's V8 may differ in the last bit of Math.log or
 * Math.exp, never in an order or a count (ids, ranks and texts are compared exactly).
 */
function comparable(t: Trace): unknown {
  // How each host obtained a structure (read from storage, built in memory) and the CLI's resume
  // provenance are facts about the host, not the method; everything else must agree.
  const { createdAt: _c, events, id: _id, provenance: _p, ...header } = t as Trace & { provenance?: unknown };
  const { built: _b, tripleIndex: _ti, ...options } = header.options as Record<string, unknown>;
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

async function cliTraces(backbone: string): Promise<Map<string, Trace>> {
  const dir = await mkdtemp(join(tmpdir(), `hopscope-parity-${backbone}-`));
  const argv = ['--dataset', 'public/demo', '--retriever', backbone, '--llm', 'offline', '--limit', String(QUESTIONS)];
  const code = await main([...argv, '--strategy', RUNNABLE.join(','), '--traces', dir], {
    out: () => {},
    err: () => {},
  });
  expect(code).toBe(0);
  const out = new Map<string, Trace>();
  for (const sub of await readdir(dir, { recursive: true })) {
    if (!sub.endsWith('.json')) continue;
    const trace = loadTrace(JSON.parse(await readFile(join(dir, sub), 'utf8')));
    out.set(`${trace.strategy}/${trace.question.id}`, trace);
  }
  return out;
}

describe('the engine worker in Chromium and the CLI give the same traces and summaries', () => {
  const session = appSession('parity-browser-cli');

  it.each(BACKBONES)(
    'every strategy over %s',
    async (backbone) => {
      expect(engineChunk, 'dist/assets holds the engine worker (npm test builds first)').toBeDefined();
      const { page } = await session.open();
      const browser = (await page.evaluate(
        async ({ chunk, files, questions, strategies, backbone }) => {
          // Comlink's wire protocol: APPLY a path with RAW arguments; the reply carries the same id.
          const worker = new Worker(`/assets/${chunk}`, { type: 'module' });
          const call = (path: string[], args: unknown[]) =>
            new Promise<unknown>((resolve, reject) => {
              const id = crypto.randomUUID();
              const on = (ev: MessageEvent) => {
                if (ev.data?.id !== id) return;
                worker.removeEventListener('message', on);
                if (ev.data.type === 'HANDLER' && ev.data.name === 'throw')
                  reject(new Error(JSON.stringify(ev.data.value)));
                else resolve(ev.data.value);
              };
              worker.addEventListener('message', on);
              worker.postMessage({
                id,
                type: 'APPLY',
                path,
                argumentList: args.map((value) => ({ type: 'RAW', value })),
              });
            });
          await call(['loadDataset'], ['demo', files]);
          const traces: unknown[] = [];
          for (const strategy of strategies)
            for (const question of questions)
              traces.push(
                await call(['run'], [{ datasetId: 'demo', question, backbone, strategy, k: 50, llm: 'offline' }]),
              );
          worker.terminate();
          return traces;
        },
        { chunk: engineChunk!, files, questions, strategies: [...RUNNABLE], backbone },
      )) as Trace[];

      const cli = await cliTraces(backbone);
      expect(browser).toHaveLength(RUNNABLE.length * QUESTIONS);
      for (const t of browser) {
        const c = cli.get(`${t.strategy}/${t.question.id}`);
        expect(c, `${t.strategy}/${t.question.id} in the CLI's traces`).toBeDefined();
        expect(comparable(t), `${backbone} · ${t.strategy} · ${t.question.id}`).toEqual(comparable(c!));
      }
      for (const strategy of RUNNABLE) {
        const mine = (ts: Trace[]) => ts.filter((t) => t.strategy === strategy);
        const a = summarizeTraces(strategy, mine(browser), KS);
        const b = summarizeTraces(strategy, mine([...cli.values()]), KS);
        expect(a.summary, `${backbone} · ${strategy} summary`).toEqual(b.summary);
        expect(a.recallByRound).toEqual(b.recallByRound);
        expect(a.diagnostics).toEqual(b.diagnostics);
      }
    },
    600_000,
  );
});

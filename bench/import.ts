// `npm run bench -- import [--workers N] [--no-browser] [--reference-commit <sha>] [--runs 1]`: how long does
// importing HotpotQA (10,787 passages: parse, BM25, offline triples, graph with the lexical synonym search,
// artifacts) take with the worker pool, against today's single-threaded pipeline as the reference in the
// same run? Prints per-stage times and the ratio; also checks that both give the same triples and graph.
//  - Node: the core calls in this process (reference) vs the same calls with the triples and the synonym
//    search in a worker_threads pool (src/cli/pool-node.ts); pool start-up (tsx, the wink model) included.
//  - Browser: the built app (dist/, rebuilt when stale) in headless Debian Chromium, HotpotQA imported
//    through the Library page's file input into IndexedDB (the engine worker with its module-worker pool),
//    timed from the file input to "import done", per stage from the stage rows. With --reference-commit,
//    the app built from that commit (git archive into .cache/, built once) is timed the same way in the
//    same run: the single-worker browser import.
// The machine's load average is printed: the workers compete with everything else on the machine.
// Asserts nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodePool } from '../src/cli/pool-node.ts';
import { buildPhraseGraph, buildPhraseGraphWith } from '../src/core/graph/build.ts';
import { parseCorpus } from '../src/core/ingest/index.ts';
import { extractTriplesPooled, similarPairsPooled } from '../src/core/pool/import-jobs.ts';
import { createBm25Retriever } from '../src/core/retrievers/bm25.ts';
import { HIPPORAG2_DEFAULTS } from '../src/core/retrievers/hipporag2.ts';
import { bm25Artifact, phraseGraphArtifact } from '../src/core/persist/codecs.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import { startAppServer } from '../harness/app-server.ts';
import { launchBrowser } from '../harness/browser.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DATA = join(ROOT, '../shared/data/hotpotqa');
const FILES = ['hotpotqa_corpus.json', 'hotpotqa.json'].map((f) => join(DATA, f));
const STAGES = ['parse', 'bm25', 'triples', 'graph', 'save'] as const;

const strArg = (args: string[], name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

type Times = Record<string, number>;

async function nodeImport(
  text: string,
  workers: number | null,
): Promise<{ times: Times; cpu: number; triplesJson: string; graphStats: string }> {
  const times: Times = {};
  const cpu0 = process.cpuUsage(); // this process, all its threads: the pool's overhead, whatever the machine's load
  let t = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    times[stage] = now - t;
    t = now;
  };
  const pool = workers === null ? undefined : createNodePool(workers);
  try {
    const passages = parseCorpus([{ name: 'hotpotqa_corpus.json', text }]);
    const corpus = { id: 'hotpotqa', name: 'hotpotqa', passages };
    lap('parse');
    const bm25 = createBm25Retriever(passages);
    lap('bm25');
    const triples = pool ? await extractTriplesPooled(pool, passages) : extractTriplesOffline(passages);
    lap('triples');
    const opts = HIPPORAG2_DEFAULTS.graph;
    const graph = pool
      ? await buildPhraseGraphWith(corpus, triples, opts, (p, th) => similarPairsPooled(pool, p, th))
      : buildPhraseGraph(corpus, triples, opts);
    lap('graph');
    bm25Artifact(bm25.index.toSnapshot());
    phraseGraphArtifact(graph, opts);
    lap('save'); // encoding the artifacts (Node has no IndexedDB; the file store's write is not timed)
    const cpu = process.cpuUsage(cpu0);
    return {
      times,
      cpu: (cpu.user + cpu.system) / 1000,
      triplesJson: JSON.stringify(triples),
      graphStats: JSON.stringify(graph.stats),
    };
  } finally {
    pool?.terminate();
  }
}

/** Builds dist/ when it is missing or older than the sources. */
function newest(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}
function build(root: string, outDir: string): void {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`vite build failed in ${root} (${r.status})`);
}
function ensureBuilt(): string {
  const dist = join(ROOT, 'dist');
  const built = newest(join(dist, 'index.html'));
  const sources = Math.max(
    ...['src', 'workers', 'public', 'wasm', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) =>
      newest(join(ROOT, p)),
    ),
  );
  if (built < sources) build(ROOT, dist);
  return dist;
}
/** The app as it was at `commit`, built once into .cache/bench-import-<commit>/dist. */
function referenceBuild(commit: string): string {
  const dir = join(ROOT, '.cache', `bench-import-${commit}`);
  const dist = join(dir, 'dist');
  if (existsSync(join(dist, 'index.html'))) return dist;
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git -C "${ROOT}" archive "${commit}" | tar -x -C "${dir}"`], {
    stdio: 'inherit',
  });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed`);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  build(dir, dist);
  return dist;
}

async function browserImport(
  root: string,
): Promise<{ total: number; stages: Times; triples: string; workers: string }> {
  const server = await startAppServer({ root });
  const browser = await launchBrowser();
  try {
    const { page } = await browser.openApp(server.url);
    await page.click('[data-testid="tab-library"]');
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { stageTimes: Record<string, number> }).stageTimes = seen;
      new MutationObserver(() => {
        for (const row of document.querySelectorAll('[data-testid="import-stage"]'))
          seen[`${row.getAttribute('data-stage')}:${row.getAttribute('data-state')}`] ??= performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
      seen['start'] = performance.now();
    });
    await page.setInputFiles('[data-testid="import-files"]', FILES);
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 300_000 });
    const times = await page.evaluate(() => (window as unknown as { stageTimes: Record<string, number> }).stageTimes);
    const details = await page
      .locator('[data-testid="import-stage"]')
      .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    let previous = times['start']!;
    const stages: Times = {};
    for (const stage of STAGES) {
      const end = times[`${stage}:done`] ?? previous;
      stages[stage] = end - previous;
      previous = end;
    }
    const triplesRow = details.find((d) => /triples/.test(d) && /\d+ triples/.test(d)) ?? '';
    return {
      total: (times['save:done'] ?? previous) - times['start']!,
      stages,
      triples: /(\d+) triples/.exec(triplesRow)?.[1] ?? '?',
      workers: /(\d+) workers?/.exec(details.join(' '))?.[1] ?? '1 (no pool)',
    };
  } finally {
    await browser.close().catch(() => undefined); // console errors are not this bench's subject
    await server.close();
  }
}

const row = (name: string, t: Times) =>
  `| ${name} | ${STAGES.map((k) => s(t[k] ?? 0)).join(' | ')} | **${s(STAGES.reduce((n, k) => n + (t[k] ?? 0), 0))}** |`;

export async function main(args: string[]): Promise<void> {
  const workers = Number(strArg(args, 'workers') ?? availableParallelism());
  const runs = Number(strArg(args, 'runs') ?? 1);
  const text = readFileSync(FILES[0]!, 'utf8');
  console.log(
    `HotpotQA import, ${availableParallelism()} CPUs, pool of ${workers}; load average (1/5/15 min) at start: ${load()}`,
  );
  console.log(`| pipeline | ${STAGES.join(' | ')} | total |\n|---|${STAGES.map(() => '---|').join('')}---|`);
  for (let r = 0; r < runs; r++) {
    const single = await nodeImport(text, null);
    console.log(`${row('Node, single thread (reference)', single.times)} CPU time ${s(single.cpu)}`);
    const pooled = await nodeImport(text, workers);
    console.log(
      `${row(`Node, pool of ${workers} worker_threads`, pooled.times)} CPU time ${s(pooled.cpu)} (all threads)`,
    );
    const total = (t: Times) => STAGES.reduce((n, k) => n + (t[k] ?? 0), 0);
    console.log(
      `speed-up ${(total(single.times) / total(pooled.times)).toFixed(2)}x; identical triples: ${single.triplesJson === pooled.triplesJson}, identical graph stats: ${single.graphStats === pooled.graphStats}; load average now ${load()}`,
    );
  }
  if (args.includes('--no-browser')) return;
  const reference = strArg(args, 'reference-commit');
  const apps: [string, string][] = [['browser, pool (this build)', ensureBuilt()]];
  if (reference) apps.push([`browser, single worker (${reference.slice(0, 7)})`, referenceBuild(reference)]);
  for (let r = 0; r < runs; r++) {
    for (const [name, root] of apps) {
      const b = await browserImport(root);
      console.log(
        `${row(name, b.stages)} file input -> done ${s(b.total)}; ${b.triples} triples; workers: ${b.workers}; load average ${load()}`,
      );
    }
  }
}

// Real IndexedDB in headless Chromium (Debian's /usr/bin/chromium): the Dexie stores save a corpus with
// its graph and vectors, the page reloads, and everything is read back verified from IndexedDB
// without rebuilding; a damaged stored graph is detected and rebuilt. The page is a small bundle of
// src/storage + src/core built with Vite at test time (the UI-driven imports, with a reload, are
// test/e2e/library.test.ts and test/e2e/library-hotpotqa.test.ts).
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser, showLog, type AppPage, type TestBrowser } from '../../harness/browser.ts';
import { buildPhraseGraph } from '../../src/core/graph/build.ts';
import { miniCorpus, miniTriples } from '../support/mini-hotpot-graph.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));

const ENTRY = `
import { getDb } from '${repo}src/storage/db.ts';
import { createDexieStores } from '${repo}src/storage/repositories.ts';
import { loadDecodedOrRebuild } from '${repo}src/core/persist/artifacts.ts';
import { phraseGraphArtifact, phraseGraphFromArtifact, PHRASE_GRAPH_ARTIFACT, vectorsArtifact, VECTORS_ARTIFACT, vectorIndexFromArtifact } from '${repo}src/core/persist/codecs.ts';
import { buildPhraseGraph, GRAPH_DEFAULTS } from '${repo}src/core/graph/build.ts';
import { VectorIndex } from '${repo}src/core/index/vectors.ts';
import { miniCorpus as corpus, miniTriples } from '${repo}test/support/mini-hotpot-graph.ts';

const stores = createDexieStores(getDb('hopscope-e2e'));
let builds = 0;
function graph() {
  builds++;
  return buildPhraseGraph(corpus, miniTriples);
}
const rebuild = async () => {
  const built = graph();
  return { value: { graph: built, options: GRAPH_DEFAULTS }, artifact: phraseGraphArtifact(built, GRAPH_DEFAULTS) };
};
const ref = { corpusId: corpus.id, kind: 'graph', key: 'offline-extractor' };
window.hopscope = {
  async save() {
    const v = new Float32Array(500 * 4).map((_, i) => ((i % 4) === 0 ? 1 : 0));
    await stores.corpora.saveCorpus({ corpus, source: 'mini.json', artifacts: [
      { kind: 'graph', key: 'offline-extractor', ...phraseGraphArtifact(graph(), GRAPH_DEFAULTS) },
      { kind: 'vectors', key: 'tiny-minilm', ...vectorsArtifact(new VectorIndex(v, 4), 'tiny-minilm', 500) },
    ] });
    return builds;
  },
  async check() {
    const list = await stores.corpora.listCorpora();
    const back = await stores.corpora.getCorpus(corpus.id);
    const messages = [];
    const g = await loadDecodedOrRebuild(stores.artifacts, ref, PHRASE_GRAPH_ARTIFACT, phraseGraphFromArtifact, rebuild, (m) => messages.push(m));
    const v = await stores.artifacts.getArtifact({ corpusId: corpus.id, kind: 'vectors', key: 'tiny-minilm' }, VECTORS_ARTIFACT);
    return { list, passages: back ? back.passages.length : -1, last: back ? back.passages[499].id : '', graphFromStore: g.fromStore,
      arcs: g.value.graph.csr.targets.length, vectors: v.status === 'ok' ? vectorIndexFromArtifact(v.artifact).count : v.status, builds, messages };
  },
  async damage() {
    const db = getDb('hopscope-e2e');
    const row = await db.graphs.get([corpus.id, 'offline-extractor']);
    row.buffers.targets = row.buffers.targets.slice(0, 100);
    await db.graphs.put(row);
  },
};
`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

describe('persistence in real IndexedDB (headless Chromium)', () => {
  let dir: string;
  let server: Server;
  let browser: TestBrowser;
  let app: AppPage;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hopscope-e2e-idb-'));
    await writeFile(join(dir, 'entry.ts'), ENTRY);
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><title>idb</title><script type="module" src="./entry.ts"></script>',
    );
    await build({
      configFile: false,
      root: dir,
      logLevel: 'warn',
      build: { outDir: join(dir, 'dist'), target: 'es2022' },
    });
    server = createServer((req, res) => {
      const path = join(dir, 'dist', req.url === '/' || !req.url ? 'index.html' : (req.url.split('?')[0] as string));
      readFile(path).then(
        (body) => res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('server has no port');
    url = `http://127.0.0.1:${address.port}/`;
    browser = await launchBrowser();
    app = await browser.openApp(url);
    page = app.page;
  });

  afterAll(async () => {
    if (app) {
      await showLog(page, log);
      await app.screenshot('persistence-storage');
    }
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  const log: string[] = [];
  const call = async <T>(fn: 'save' | 'check' | 'damage') => {
    const result = await page.evaluate(
      async (name) => (window as unknown as Record<string, Record<string, () => Promise<unknown>>>).hopscope![name]!(),
      fn,
    );
    log.push(`${fn}() -> ${JSON.stringify(result)}`);
    return result as T;
  };

  it('saves, reloads, and reads corpus, graph and vectors back from IndexedDB with no rebuild', async () => {
    await page.goto(url);
    await page.waitForFunction(() => 'hopscope' in window);
    expect(await call<number>('save')).toBe(1);
    await page.reload();
    await page.waitForFunction(() => 'hopscope' in window);
    const after = await call<{
      list: { id: string; passageCount: number }[];
      passages: number;
      last: string;
      graphFromStore: boolean;
      arcs: number;
      vectors: number;
      builds: number;
    }>('check');
    expect(after.list.map((c) => [c.id, c.passageCount])).toEqual([['hotpot-mini', 500]]);
    expect(after.passages).toBe(500);
    expect(after.last).toBe('p499');
    expect(after.graphFromStore).toBe(true);
    expect(after.builds).toBe(0); // the reloaded page built nothing
    expect(after.arcs).toBe(buildPhraseGraph(miniCorpus, miniTriples).csr.targets.length);
    expect(after.vectors).toBe(500);
  });

  it('a truncated stored graph is detected after a reload and rebuilt with a message', async () => {
    await call('damage');
    await page.reload();
    await page.waitForFunction(() => 'hopscope' in window);
    const r = await call<{ graphFromStore: boolean; builds: number; messages: string[] }>('check');
    expect(r.graphFromStore).toBe(false);
    expect(r.builds).toBe(1);
    expect(r.messages[0]).toMatch(
      /graph "offline-extractor" of corpus "hotpot-mini" failed its checksum.*rebuilding it/,
    );
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});

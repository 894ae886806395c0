// GEAR's triple index T persisted with its corpus in real IndexedDB (Dexie, schema v3 table
// tripleIndexes) in headless Chromium: the page extracts the demo corpus's triples with the offline
// extractor and indexes them (build counter 1), reloads, and reads the index back with no build
// (counter 0) answering searches and neighbour queries exactly as before; a changed passage makes it
// stale and it is rebuilt with the reason. The page is a small Vite bundle of src/storage + src/core
// (the pattern of persistence-storage.test.ts); the engine worker calls the same loadOrBuildTripleIndex.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser, showLog, type AppPage, type TestBrowser } from '../../harness/browser.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));

const ENTRY = `
import { getDb } from '${repo}src/storage/db.ts';
import { createDexieStores } from '${repo}src/storage/repositories.ts';
import { extractTriplesOffline } from '${repo}src/core/triples/offline-extractor.ts';
import { loadOrBuildTripleIndex } from '${repo}src/core/persist/triple-index-store.ts';
import demo from '${repo}public/demo/demo_corpus.json';

const stores = createDexieStores(getDb('hopscope-e2e-triples'));
let builds = 0;
const corpusOf = (edited) => ({ id: 'demo', name: 'demo', passages: demo.map((p, i) => ({ id: 'p' + i, title: p.title, text: i === 0 && edited ? p.text + ' Edited.' : p.text })) });
const QUERIES = ['Who devised the fog-lantern?', 'Which island has the lighthouse of Ione Marlow?'];
window.hopscope = {
  async load(edited) {
    const corpus = corpusOf(edited);
    const r = await loadOrBuildTripleIndex(stores.artifacts, corpus, 'offline-extractor', () => (builds++, extractTriplesOffline(corpus.passages)));
    const answers = QUERIES.map((q) => { const hits = r.index.search(q, 5); return { hits, neighbours: hits.map((h) => r.index.neighbours(h.triple)) }; });
    const refs = await stores.artifacts.listArtifacts('demo');
    return { fromStore: r.fromStore, message: r.message ?? null, builds, size: r.index.size, answers, refs };
  },
};
`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

describe('GEAR triple index persisted in real IndexedDB (headless Chromium)', () => {
  let dir: string;
  let server: Server;
  let browser: TestBrowser;
  let app: AppPage;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hopscope-e2e-triples-'));
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
      await app.screenshot('persistence-triple-index');
    }
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  const log: string[] = [];
  type Load = {
    fromStore: boolean;
    message: string | null;
    builds: number;
    size: number;
    answers: unknown[];
    refs: { kind: string; key: string }[];
  };
  const load = async (edited: boolean) => {
    const result = await page.evaluate(
      async (e) => (window as unknown as { hopscope: { load(e: boolean): Promise<unknown> } }).hopscope.load(e),
      edited,
    );
    log.push(`load(${edited}) -> ${JSON.stringify(result).slice(0, 300)}`);
    return result as Load;
  };
  const reload = async () => {
    await page.reload();
    await page.waitForFunction(() => 'hopscope' in window);
  };

  it('builds and stores the index once; after a reload it is read from IndexedDB, not rebuilt, and answers the same', async () => {
    await page.goto(url);
    await page.waitForFunction(() => 'hopscope' in window);
    const first = await load(false);
    expect(first).toMatchObject({ fromStore: false, message: null, builds: 1 });
    expect(first.size).toBeGreaterThan(50);
    expect(first.refs).toContainEqual({ corpusId: 'demo', kind: 'triples', key: 'offline-extractor' });
    await reload();
    const after = await load(false);
    expect(after.fromStore).toBe(true);
    expect(after.builds).toBe(0); // the reloaded page extracted and indexed nothing
    expect(after.size).toBe(first.size);
    expect(after.answers).toEqual(first.answers);
  });

  it('a changed passage makes the stored index stale: rebuilt once with the reason, then read again', async () => {
    await reload();
    const stale = await load(true);
    expect(stale.fromStore).toBe(false);
    expect(stale.builds).toBe(1);
    expect(stale.message).toMatch(/built from other passages/);
    await reload();
    const again = await load(true);
    expect(again).toMatchObject({ fromStore: true, builds: 0 });
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});

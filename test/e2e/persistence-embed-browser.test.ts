// The embedding worker in real headless Chromium: workers/embed.worker.ts bundled by Vite, Comlink
// over a real module Worker, transformers.js + onnxruntime-web on the WASM backend, the REAL MiniLM
// tokenizer and the generated tiny encoder served from a local folder (remote loading off, ORT files
// served locally): nothing is downloaded. Vectors are then stored in IndexedDB and, after a reload,
// read back without embedding again.
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser, showLog, type AppPage, type TestBrowser } from '../../harness/browser.ts';
import { MODEL_ROOT, TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const ORT_DIST = join(repo, 'node_modules/onnxruntime-web/dist');

const ENTRY = `
import { wrap } from 'comlink';
import { createWorkerEmbedder } from '../../src/providers/embed/worker-embedder.ts';
import { embedCorpusResumable } from '../../src/core/persist/vectors-resume.ts';
import { getDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';

const worker = new Worker(new URL('../../workers/embed.worker.ts', import.meta.url), { type: 'module' });
const embedder = createWorkerEmbedder(wrap(worker), {
  model: '${TINY_MODEL}', localModelPath: '/models/', device: 'wasm', dtype: 'fp32', batchSize: 4,
  wasmPaths: { mjs: '/ort/ort-wasm-simd-threaded.asyncify.mjs', wasm: '/ort/ort-wasm-simd-threaded.asyncify.wasm' },
});
const corpus = { id: 'mini', name: 'mini', passages: [
  { id: 'a', title: 'Marie Curie', text: 'Marie Curie discovered polonium and radium.' },
  { id: 'b', title: 'Paris', text: 'Paris is the capital of France.' },
  { id: 'c', title: 'Lyon', text: 'Lyon is on the Rhone.' },
  { id: 'd', title: 'Radium', text: 'Radium has atomic number 88.' },
  { id: 'e', title: 'Seine', text: 'The Seine flows through Paris.' },
] };
window.hopscope = {
  async embed() {
    const events = [];
    const e = await embedder.embed(['Who discovered polonium?', 'Paris France'], undefined, (p) => events.push(p.phase));
    let norm = 0; for (let i = 0; i < e.dim; i++) norm += e.data[i] * e.data[i];
    return { count: e.count, dim: e.dim, norm, phases: [...new Set(events)] };
  },
  async vectors() {
    const r = await embedCorpusResumable(createDexieStores(getDb('hopscope-e2e-embed')).artifacts, corpus, embedder);
    return { fromStore: r.fromStore, count: r.index.count, dim: r.index.dim, kernel: r.index.kernel };
  },
};
`;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

describe('embedding worker in headless Chromium (WASM backend)', () => {
  const dir = join(repo, '.cache', `e2e-embed-${process.pid}`);
  let server: Server;
  let browser: TestBrowser;
  let app: AppPage;
  let page: Page;
  let url: string;
  const requested: string[] = [];

  beforeAll(async () => {
    await tinyEncoderRoot();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'entry.ts'), ENTRY);
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><title>embed</title><script type="module" src="./entry.ts"></script>',
    );
    await build({
      configFile: false,
      root: dir,
      logLevel: 'warn',
      worker: { format: 'es' },
      build: { outDir: join(dir, 'dist'), target: 'es2022' },
    });
    server = createServer((req, res) => {
      const u = (req.url ?? '/').split('?')[0] as string;
      requested.push(u);
      const path = u.startsWith('/models/')
        ? join(MODEL_ROOT, u.slice(8))
        : u.startsWith('/ort/')
          ? join(ORT_DIST, u.slice(5))
          : join(dir, 'dist', u === '/' ? 'index.html' : u);
      readFile(path).then(
        (body) => res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('server has no port');
    url = `http://127.0.0.1:${address.port}/`;
    // The harness aborts and records any request to another host (assertNoNetwork) and records console errors.
    browser = await launchBrowser();
    app = await browser.openApp('about:blank');
    page = app.page;
    page.on('requestfailed', (r) => requested.push(`FAILED ${r.url()}`));
  });

  afterAll(async () => {
    if (app) {
      await showLog(page, log);
      await app.screenshot('persistence-embed-browser');
    }
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  const log: string[] = [];
  const call = async <T>(fn: 'embed' | 'vectors') => {
    const result = await page.evaluate(
      async (name) => (window as unknown as Record<string, Record<string, () => Promise<unknown>>>).hopscope![name]!(),
      fn,
    );
    log.push(`${fn}() -> ${JSON.stringify(result)}`);
    return result as T;
  };

  it('loads the local model in the worker and returns normalised 384-d vectors', async () => {
    await page.goto(url);
    await page.waitForFunction(() => 'hopscope' in window);
    const r = await call<{ count: number; dim: number; norm: number; phases: string[] }>('embed');
    expect(r).toMatchObject({ count: 2, dim: 384 });
    expect(r.norm).toBeCloseTo(1, 4);
    expect(r.phases).toEqual(expect.arrayContaining(['load', 'ready', 'embed']));
    expect(requested).toContain(`/models/${TINY_MODEL}/onnx/model.onnx`);
    expect(requested.filter((u) => u.startsWith('FAILED'))).toEqual([]);
  });

  it('stores the corpus vectors in IndexedDB and reads them back after a reload without embedding', async () => {
    expect(await call<{ fromStore: boolean; count: number }>('vectors')).toMatchObject({
      fromStore: false,
      count: 5,
      dim: 384,
    });
    await page.reload();
    await page.waitForFunction(() => 'hopscope' in window);
    const before = requested.filter((u) => u.endsWith('model.onnx')).length;
    const r = await call<{ fromStore: boolean; count: number; kernel: string }>('vectors');
    expect(r).toMatchObject({ fromStore: true, count: 5, kernel: 'wasm-simd' });
    // the model was not even loaded again: nothing to embed
    expect(requested.filter((u) => u.endsWith('model.onnx')).length).toBe(before);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});

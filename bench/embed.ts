// `npm run bench -- embed [--passages 256] [--queries 20] [--batch 16]`: how fast does the browser embed?
// The embedding worker (workers/embed.worker.ts, Comlink, transformers.js + onnxruntime-web WASM) in
// headless Debian Chromium, against the same transformers.js embedder on onnxruntime-node (CPU) in this
// Node process, measured in the same run on the same HotpotQA passages. Two encoders, both with the
// REAL all-MiniLM-L6-v2 tokenizer:
//   - tiny-minilm: the generated test encoder (a lookup; scripts/make-tiny-encoder.ts),
//   - minilm-shape: all-MiniLM-L6-v2's architecture with random weights (scripts/make-minilm-shape-encoder.ts):
//     same shapes and ops as the real model, so the same speed; its vectors mean nothing.
// Prints passages/s (after a warm-up batch) and the median latency of one query embedding; the ratio
// browser / Node is the number to compare between machines. Asserts nothing.
import { createServer } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { denseDocumentText } from '../src/core/retrievers/dense.ts';
import { createTransformersEmbedder } from '../src/providers/embed/transformers-embedder.ts';
import { launchBrowser } from '../harness/browser.ts';
import { MODEL_ROOT, REAL_MODEL_DIR, TINY_MODEL, tinyEncoderRoot } from '../harness/tiny-encoder.ts';
import { prepareMinilmShapeFolder } from '../scripts/make-minilm-shape-encoder.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ORT_DIST = join(ROOT, 'node_modules/onnxruntime-web/dist');

function arg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const ENTRY = `
import { wrap } from 'comlink';
import { createWorkerEmbedder } from '../../src/providers/embed/worker-embedder.ts';
window.bench = async (model, texts, queries, batchSize) => {
  const worker = new Worker(new URL('../../workers/embed.worker.ts', import.meta.url), { type: 'module' });
  const e = createWorkerEmbedder(wrap(worker), { model, localModelPath: '/models/', device: 'wasm', dtype: 'fp32', batchSize,
    wasmPaths: { mjs: '/ort/ort-wasm-simd-threaded.asyncify.mjs', wasm: '/ort/ort-wasm-simd-threaded.asyncify.wasm' } });
  await e.embed(texts.slice(0, batchSize));
  const t0 = performance.now();
  await e.embed(texts);
  const ms = performance.now() - t0;
  const q = [];
  for (const query of queries) { const t = performance.now(); await e.embed([query]); q.push(performance.now() - t); }
  await e.dispose(); worker.terminate();
  q.sort((a, b) => a - b);
  return { pps: texts.length * 1000 / ms, queryMs: q[Math.floor(q.length / 2)], threads: globalThis.crossOriginIsolated ? navigator.hardwareConcurrency : 1 };
};
`;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

export async function main(args: string[]): Promise<void> {
  const n = arg(args, 'passages', 256);
  const nq = arg(args, 'queries', 20);
  const batch = arg(args, 'batch', 16);
  const corpus = JSON.parse(readFileSync(join(ROOT, '../shared/data/hotpotqa/hotpotqa_corpus.json'), 'utf8')) as {
    title: string;
    text: string;
  }[];
  const texts = corpus.slice(0, n).map((p, i) => denseDocumentText({ id: String(i), ...p }));
  const questions = (
    JSON.parse(readFileSync(join(ROOT, '../shared/data/hotpotqa/hotpotqa.json'), 'utf8')) as { question: string }[]
  )
    .slice(0, nq)
    .map((q) => q.question);
  await tinyEncoderRoot();
  await prepareMinilmShapeFolder(MODEL_ROOT, REAL_MODEL_DIR);

  const dir = join(ROOT, '.cache', `bench-embed-${process.pid}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'entry.ts'), ENTRY);
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><title>bench embed</title><script type="module" src="./entry.ts"></script>',
  );
  await build({
    configFile: false,
    root: dir,
    logLevel: 'warn',
    worker: { format: 'es' },
    build: { outDir: join(dir, 'dist'), target: 'es2022' },
  });
  const server = createServer((req, res) => {
    const u = (req.url ?? '/').split('?')[0] as string;
    const path = u.startsWith('/models/')
      ? join(MODEL_ROOT, u.slice(8))
      : u.startsWith('/ort/')
        ? join(ORT_DIST, u.slice(5))
        : join(dir, 'dist', u === '/' ? 'index.html' : u);
    readFile(path).then(
      (body) =>
        res
          .writeHead(200, {
            'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
            'cross-origin-opener-policy': 'same-origin',
            'cross-origin-embedder-policy': 'require-corp',
          })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('bench server has no port');
  const browser = await launchBrowser();
  try {
    const app = await browser.openApp(`http://127.0.0.1:${address.port}/`);
    await app.page.waitForFunction(() => 'bench' in window);
    console.log(
      `embedding ${n} HotpotQA passages (batch ${batch}) and ${nq} questions one by one; median query latency`,
    );
    console.log('encoder        | host                           | passages/s | query ms | browser / Node');
    for (const model of [TINY_MODEL, 'minilm-shape']) {
      const node = createTransformersEmbedder({
        model,
        localModelPath: MODEL_ROOT,
        device: 'cpu',
        dtype: 'fp32',
        batchSize: batch,
      });
      await node.embed(texts.slice(0, batch));
      const t0 = performance.now();
      await node.embed(texts);
      const nodePps = (n * 1000) / (performance.now() - t0);
      const q: number[] = [];
      for (const query of questions) {
        const t = performance.now();
        await node.embed([query]);
        q.push(performance.now() - t);
      }
      await node.dispose();
      const web = await app.page.evaluate(
        ([m, t, qs, b]) =>
          (
            window as unknown as {
              bench(
                m: string,
                t: string[],
                q: string[],
                b: number,
              ): Promise<{ pps: number; queryMs: number; threads: number }>;
            }
          ).bench(m, t, qs, b),
        [model, texts, questions, batch] as [string, string[], string[], number],
      );
      console.log(
        `${model.padEnd(14)} | onnxruntime-node (CPU, Node)   | ${nodePps.toFixed(1).padStart(10)} | ${median(q).toFixed(1).padStart(8)} |`,
      );
      console.log(
        `${model.padEnd(14)} | Chromium WASM worker (${web.threads} thr.) | ${web.pps.toFixed(1).padStart(10)} | ${web.queryMs.toFixed(1).padStart(8)} | ${(web.pps / nodePps).toFixed(2)}x passages/s, ${(web.queryMs / median(q)).toFixed(2)}x query time`,
      );
    }
    await app.close();
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
    await rm(dir, { recursive: true, force: true });
  }
}

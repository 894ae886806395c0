// `npm run bench -- dense [--passages 1024] [--runs 9]`
// 1. Embedding throughput (passages/s) and query latency through the worker path (Comlink over Node
//    worker_threads, the same workers/embed.worker.ts the browser runs), against the same embedder
//    in-process as the reference, on real HotpotQA passages with the real MiniLM tokenizer and the
//    GENERATED tiny encoder (scripts/make-tiny-encoder.ts). The tiny encoder is a lookup, not a
//    6-layer transformer, so these numbers measure tokenisation + ONNX Runtime + thread plumbing, not
//    real-model compute: a real all-MiniLM-L6-v2 is far slower (only a few passages/s on CPU WASM).
// 2. Brute-force top-10 latency over 10k and 150k unit vectors (dim 384): VectorIndex.search (WebAssembly
//    SIMD kernel, and the JS kernel) against a
//    naive reference (score every row, full sort) measured in the same run.
// Prints medians and ratios; asserts nothing.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { normalizeRows, VectorIndex } from '../src/core/index/vectors.ts';
import type { Embedder } from '../src/core/embed/port.ts';
import { createTransformersEmbedder } from '../src/providers/embed/transformers-embedder.ts';
import { createWorkerEmbedder } from '../src/providers/embed/worker-embedder.ts';
import type { EmbedWorkerApi } from '../src/providers/embed/worker-protocol.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../harness/tiny-encoder.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bench dense: --${name} must be a positive number`);
  return v;
}

async function throughput(
  embedder: Embedder,
  texts: string[],
  runs: number,
): Promise<{ pps: number; queryMs: number }> {
  await embedder.embed(texts.slice(0, 16)); // load + warm-up
  const times: number[] = [];
  for (let r = 0; r < Math.max(1, Math.floor(runs / 3)); r++) {
    const t0 = performance.now();
    await embedder.embed(texts);
    times.push(performance.now() - t0);
  }
  const q: number[] = [];
  for (let r = 0; r < 50; r++) {
    const t0 = performance.now();
    await embedder.embed([`who founded the party mentioned in passage ${r}?`]);
    q.push(performance.now() - t0);
  }
  return { pps: (texts.length * 1000) / median(times), queryMs: median(q) };
}

function naiveTopK(data: Float32Array, dim: number, q: Float32Array, k: number): number[] {
  const n = data.length / dim;
  const scores = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let s = 0;
    for (let i = 0; i < dim; i++) s += (data[r * dim + i] as number) * (q[i] as number);
    scores[r] = s;
  }
  return Array.from({ length: n }, (_, i) => i)
    .sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b)
    .slice(0, k);
}

function topkBench(n: number, dim: number, runs: number): void {
  let s = 12345;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5;
  const data = Float32Array.from({ length: n * dim }, rand);
  normalizeRows(data, dim);
  const index = new VectorIndex(data, dim);
  const jsIndex = new VectorIndex(data, dim, { kernel: 'js' });
  const queries = Array.from({ length: runs }, () => Float32Array.from({ length: dim }, rand));
  for (let w = 0; w < 5; w++) index.search(queries[w % queries.length] as Float32Array, 10); // warm-up (JIT)
  naiveTopK(data, dim, queries[0] as Float32Array, 10);
  for (let w = 0; w < 5; w++) jsIndex.search(queries[w % queries.length] as Float32Array, 10);
  const fast: number[] = [];
  const js: number[] = [];
  const slow: number[] = [];
  let agree = 0;
  for (const q of queries) {
    let t0 = performance.now();
    const hits = index.search(q, 10);
    fast.push(performance.now() - t0);
    t0 = performance.now();
    jsIndex.search(q, 10);
    js.push(performance.now() - t0);
    t0 = performance.now();
    const ref = naiveTopK(data, dim, q, 10);
    slow.push(performance.now() - t0);
    if (Array.from(hits.indices).join() === ref.join()) agree++;
  }
  const f = median(fast);
  const j = median(js);
  const r = median(slow);
  console.log(
    `${String(n).padStart(7)} x ${dim} | ${index.kernel.padEnd(9)} ${f.toFixed(2).padStart(7)} | ${j.toFixed(2).padStart(8)} | ${r.toFixed(1).padStart(12)} | ${(r / f).toFixed(1).padStart(6)}x | ${(j / f).toFixed(1).padStart(6)}x | ${agree}/${runs} identical top-10`,
  );
}

export async function main(args: string[]): Promise<void> {
  const passages = option(args, 'passages', 1024);
  const runs = option(args, 'runs', 9);
  const corpus = JSON.parse(
    readFileSync(new URL('../../shared/data/hotpotqa/hotpotqa_corpus.json', import.meta.url), 'utf8'),
  ) as { title: string; text: string }[];
  const texts = corpus.slice(0, passages).map((p) => `${p.title}\n${p.text}`);
  const root = await tinyEncoderRoot();
  const config = {
    model: TINY_MODEL,
    localModelPath: root,
    device: 'cpu' as const,
    dtype: 'fp32' as const,
    batchSize: 32,
  };

  console.log(
    `embedding: ${texts.length} HotpotQA passages, real MiniLM tokenizer + generated tiny encoder (NOT real-model compute), batch 32, CPU`,
  );
  const local = createTransformersEmbedder(config);
  const inProcess = await throughput(local, texts, runs);
  await local.dispose();
  const worker = new Worker(new URL('../test/workers/embed-worker-host.mjs', import.meta.url));
  try {
    const viaWorker = await throughput(
      createWorkerEmbedder(wrap<EmbedWorkerApi>(nodeEndpoint(worker)), config),
      texts,
      runs,
    );
    console.log('path        | passages/s | query median ms');
    console.log(
      `worker      | ${viaWorker.pps.toFixed(0).padStart(10)} | ${viaWorker.queryMs.toFixed(2).padStart(15)}`,
    );
    console.log(
      `in-process  | ${inProcess.pps.toFixed(0).padStart(10)} | ${inProcess.queryMs.toFixed(2).padStart(15)}`,
    );
    console.log(
      `worker / in-process throughput ratio: ${(viaWorker.pps / inProcess.pps).toFixed(2)}; query latency ratio ${(viaWorker.queryMs / inProcess.queryMs).toFixed(2)}`,
    );
  } finally {
    await worker.terminate();
  }

  console.log(
    '\nbrute-force top-10 (unit vectors, medians): VectorIndex (auto kernel; JS kernel) vs naive (score all + full sort)',
  );
  console.log('vectors         | kernel      ms | JS ms    | naive ms     | vs naive | vs JS   | agreement with naive');
  topkBench(10_000, 384, runs);
  topkBench(150_000, 384, Math.max(3, Math.floor(runs / 2)));
}

// `npm run bench -- ppr [--scale 1,10] [--runs 7]`: Personalized PageRank solve time on synthetic graphs
// shaped like HippoRAG 2's HotpotQA graph (10k passages, ~100k phrase nodes, ~1M arcs, power-law phrase
// degrees; deterministic seed) and one ten times larger, as a ratio against python-igraph's PRPACK called
// exactly as HippoRAG 2 calls it (bench/ppr_igraph.py), on the same graph in the same run. Also prints
// the max abs difference to igraph and to the TypeScript kernel, and the bytes-per-iteration bandwidth
// floor. Kernels: TypeScript (reference) and WebAssembly (wasm/ppr.wasm, SIMD), each with the 'cg' and
// 'jacobi' solvers. Asserts nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCsr, EdgeList, type Csr } from '../src/core/graph/csr.ts';
import { personalizedPageRank, preparePpr, type PprOptions } from '../src/core/graph/ppr.ts';
import { loadPprWasmNode } from '../wasm/ppr-node.ts';
import { rng } from '../harness/rng.ts';

const here = dirname(fileURLToPath(import.meta.url));
const PYTHON = '/usr/bin/python3'; // Debian's interpreter, where python3-igraph is installed

interface Synthetic {
  nodes: number;
  passages: number;
  edges: EdgeList;
  reset: Float64Array;
}

/**
 * Node ids: passages 0..P-1, phrases P..P+Q-1. Edges as HippoRAG 2 emits them into an undirected igraph
 * graph: passage–phrase (weight 1, once), relation edges added in both directions (so two parallel
 * edges per fact), synonym edges in both directions with a cosine-like weight in [0.8, 1].
 */
export function synthesize(scale: number, seed = 7): Synthetic {
  const rand = rng(seed);
  const P = 10_000 * scale;
  const Q = 100_000 * scale;
  // Zipf(1) over phrase ranks, mapped through a fixed shuffle so hubs are spread over ids.
  const cdf = new Float64Array(Q);
  let acc = 0;
  for (let r = 0; r < Q; r++) cdf[r] = acc += 1 / (r + 1);
  const perm = new Uint32Array(Q).map((_, i) => i);
  for (let i = Q - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  const zipf = () => {
    const u = rand() * acc;
    let lo = 0;
    let hi = Q - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return perm[lo]!;
  };
  const mentions: number[][] = Array.from({ length: P }, () => []);
  for (let q = 0; q < Q; q++) mentions[Math.floor(rand() * P)]!.push(q); // every phrase occurs somewhere
  for (let p = 0; p < P; p++) for (let k = 0; k < 5; k++) mentions[p]!.push(zipf()); // hubs from the power law
  const edges = new EdgeList();
  for (let p = 0; p < P; p++) {
    const ms = [...new Set(mentions[p])];
    for (const q of ms) edges.add(p, P + q, 1);
    for (let t = 0; t < 20 && ms.length > 1; t++) {
      const a = ms[Math.floor(rand() * ms.length)]!;
      const b = ms[Math.floor(rand() * ms.length)]!;
      if (a === b) continue;
      edges.add(P + a, P + b, 1);
      edges.add(P + b, P + a, 1);
    }
  }
  for (let s = 0; s < 150_000 * scale; s++) {
    const a = Math.floor(rand() * Q);
    const b = Math.floor(rand() * Q);
    if (a === b) continue;
    const w = 0.8 + 0.2 * rand();
    edges.add(P + a, P + b, w);
    edges.add(P + b, P + a, w);
  }
  // Reset as HippoRAG 2 builds it: a few linked phrases (score / #passages mentioning them) plus every
  // passage at 0.05 × its min–max normalised dense score.
  const reset = new Float64Array(P + Q);
  for (let p = 0; p < P; p++) reset[p] = 0.05 * rand();
  for (let k = 0; k < 5; k++) reset[P + zipf()] = 0.2 + rand();
  return { nodes: P + Q, passages: P, edges, reset };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

/** Memory bandwidth of this machine measured now (GB/s, bytes read + written by a 256 MB copy). */
function copyBandwidth(): number {
  const a = new Float64Array(32 * 1024 * 1024).fill(1);
  const b = new Float64Array(a.length);
  const ms: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    b.set(a);
    ms.push(performance.now() - t);
  }
  return (2 * a.byteLength) / (Math.min(...ms) / 1000) / 1e9;
}

function bytesPerIteration(csr: Csr, method: string): number {
  const n = csr.nodeCount;
  const arcs = csr.targets.length;
  // Every arc streams its target (4 B) and weight (4 B); the gathered x[j] is counted once per node
  // (cache-resident at best). Per node: offsets 4 B plus the dense vectors each solver streams:
  // cg: SpMV reads dir, D̂, writes q (24 B) + update pass reads z, dir, r, q, 1/D̂, D̂, writes z, r (64 B)
  //     + dir pass reads r, 1/D̂, dir, writes dir (32 B);
  // jacobi: y/D̂ pass (24 B) + SpMV reads v, writes next (16 B) + bound pass reads next, y, 1/D̂ (24 B).
  return arcs * 8 + n * (4 + 8 + (method === 'cg' ? 120 : 64));
}

function runIgraph(
  s: Synthetic,
  damping: number,
  runs: number,
): { times: number[]; scores: Float64Array; build: number } | string {
  const probe = spawnSync(PYTHON, ['-c', 'import igraph'], { encoding: 'utf8' });
  if (probe.status !== 0) return `python3-igraph missing (${PYTHON} -c "import igraph" failed): igraph column skipped`;
  const dir = mkdtempSync(join(tmpdir(), 'hopscope-ppr-'));
  try {
    const { src, dst, w } = s.edges.view();
    writeFileSync(join(dir, 'meta.json'), JSON.stringify({ nodes: s.nodes, edges: src.length, damping, runs }));
    writeFileSync(join(dir, 'src.u32'), src);
    writeFileSync(join(dir, 'dst.u32'), dst);
    writeFileSync(join(dir, 'weight.f32'), w);
    writeFileSync(join(dir, 'reset.f64'), s.reset);
    const out = spawnSync(PYTHON, [join(here, 'ppr_igraph.py'), dir], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (out.status !== 0) return `igraph run failed: ${out.stderr.trim().split('\n').slice(-3).join(' | ')}`;
    const res = JSON.parse(out.stdout.trim().split('\n').pop()!) as { build_s: number; times_s: number[] };
    const buf = readFileSync(join(dir, 'scores.f64'));
    const scores = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    return { times: res.times_s.map((t) => t * 1000), scores, build: res.build_s * 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function main(args: string[]): Promise<void> {
  const arg = (name: string, def: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1]! : def;
  };
  const scales = arg('scale', '1,10').split(',').map(Number);
  const runs = Number(arg('runs', '7'));
  const wasm = loadPprWasmNode();
  const bw = copyBandwidth();
  console.log(`memory bandwidth (256 MB copy, read + write) measured now: ${bw.toFixed(1)} GB/s`);
  for (const scale of scales) {
    const [s, genMs] = time(() => synthesize(scale));
    const [csr, csrMs] = time(() => buildCsr(s.nodes, s.edges.view()));
    const [prepared, prepMs] = time(() => preparePpr(csr));
    console.log(
      `\n== scale ${scale}: ${s.passages} passages, ${s.nodes - s.passages} phrases, ${s.edges.length} input edges, ${csr.targets.length} arcs ` +
        `(generate ${genMs.toFixed(0)} ms, CSR ${csrMs.toFixed(0)} ms, prepare ${prepMs.toFixed(0)} ms)`,
    );
    const r = scale > 1 ? Math.max(3, Math.ceil(runs / 2)) : runs;
    const results: Record<
      string,
      { ms: number[]; scores: Float64Array; iterations: number; method: string; tsKey: string }
    > = {};
    for (const kernel of ['ts', 'wasm'] as const) {
      for (const method of ['cg', 'jacobi'] as PprOptions['method'][]) {
        const opts = { damping: 0.5, tolerance: 1e-6, method, kernel, wasm };
        const ms: number[] = [];
        let last = personalizedPageRank(prepared, s.reset, opts); // warm-up (and, for wasm, copying the CSR in)
        for (let k = 0; k < r; k++) {
          const [res, t] = time(() => personalizedPageRank(prepared, s.reset, opts));
          ms.push(t);
          last = res;
        }
        if (last.kernel !== kernel) throw new Error(`bench ppr: asked for kernel ${kernel}, ${last.kernel} ran`);
        results[`${kernel} ${method}`] = {
          ms,
          scores: last.scores,
          iterations: last.iterations,
          method,
          tsKey: `ts ${method}`,
        };
      }
    }
    const ig = runIgraph(s, 0.5, r);
    const igMedian = typeof ig === 'string' ? NaN : median(ig.times);
    if (typeof ig === 'string') console.log(ig);
    else console.log(`igraph ${ig.times.length} runs, graph construction ${ig.build.toFixed(0)} ms (not counted)`);
    console.log(
      'kernel      | median ms | iterations | x faster than igraph | max |diff| vs igraph | max |diff| vs ts | bytes/iter | bandwidth floor ms',
    );
    for (const [name, res] of Object.entries(results)) {
      const bytes = bytesPerIteration(csr, res.method);
      const floor = ((bytes * res.iterations) / (bw * 1e9)) * 1000;
      let diff = 'n/a';
      if (typeof ig !== 'string') {
        let m = 0;
        for (let i = 0; i < s.nodes; i++) m = Math.max(m, Math.abs(res.scores[i]! - ig.scores[i]!));
        diff = m.toExponential(2);
      }
      const ts = results[res.tsKey]!.scores;
      let tsDiff = 0;
      for (let i = 0; i < s.nodes; i++) tsDiff = Math.max(tsDiff, Math.abs(res.scores[i]! - ts[i]!));
      const med = median(res.ms);
      console.log(
        `${name.padEnd(11)} | ${med.toFixed(1).padStart(9)} | ${String(res.iterations).padStart(10)} | ${(igMedian / med).toFixed(1).padStart(20)} | ${diff.padStart(20)} | ${tsDiff.toExponential(2).padStart(16)} | ${(bytes / 1e6).toFixed(1).padStart(7)} MB | ${floor.toFixed(1)}`,
      );
    }
    if (typeof ig !== 'string') console.log(`igraph      | ${igMedian.toFixed(1).padStart(9)} | (PRPACK, tol 1e-10)`);
  }
  if (!existsSync(join(here, 'ppr_igraph.py'))) console.log('bench/ppr_igraph.py not found');
}

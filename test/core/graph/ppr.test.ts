import { describe, expect, it } from 'vitest';
import { buildCsr, EdgeList } from '../../../src/core/graph/csr.ts';
import {
  personalizedPageRank as pprAnyKernel,
  preparePpr,
  PPR_DEFAULTS,
  type PprOptions,
} from '../../../src/core/graph/ppr.ts';
import { GraphError, PprConvergenceError } from '../../../src/core/graph/errors.ts';
import { loadPprWasmNode } from '../../../wasm/ppr-node.ts';
import { rng } from '../../../harness/rng.ts';

const wasm = loadPprWasmNode();

function csrOf(n: number, edges: [number, number, number][]) {
  const list = new EdgeList();
  for (const [a, b, w] of edges) list.add(a, b, w);
  return buildCsr(n, list.view());
}

/** Deterministic PRNG (mulberry32) so the random graph is the same on every run. */
/** Dense Gaussian elimination with partial pivoting: solves A x = b. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= M[r]![k]! * x[k]!;
    x[r] = s / M[r]![r]!;
  }
  return x;
}

const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
};

/** The normalised exact solution of (I - d·Pᵀ)y = v by dense elimination; sinks keep a zero column of P. */
function closedForm(n: number, edges: [number, number, number][], reset: number[], d: number): number[] {
  const sumReset = reset.reduce((s, r) => s + r, 0);
  const v = reset.map((r) => r / sumReset);
  const deg = new Array<number>(n).fill(0);
  for (const [a, b, w] of edges) {
    if (a === b) continue;
    deg[a]! += w;
    deg[b]! += w;
  }
  const A = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (const [a, b, w] of edges) {
    if (a === b) continue;
    A[b]![a]! -= (d * w) / deg[a]!; // row b of (I - d·Pᵀ) gets P(a→b); parallel edges add up
    A[a]![b]! -= (d * w) / deg[b]!;
  }
  const y = solve(A, v);
  const total = y.reduce((s, t) => s + t, 0);
  return y.map((t) => t / total);
}

describe('buildCsr', () => {
  it('stores each undirected edge as two arcs, merges parallel edges by summing, drops self-loops', () => {
    const csr = csrOf(3, [
      [0, 1, 1],
      [1, 0, 2], // parallel to the first: HippoRAG adds (a,b) and (b,a) to an undirected igraph graph
      [1, 2, 0.5],
      [2, 2, 9],
    ]);
    expect(Array.from(csr.offsets)).toEqual([0, 1, 3, 4]);
    expect(Array.from(csr.targets)).toEqual([1, 0, 2, 1]);
    expect(Array.from(csr.weights)).toEqual([3, 3, 0.5, 0.5]);
  });

  it('rejects edges naming unknown nodes and negative weights', () => {
    expect(() => csrOf(2, [[0, 2, 1]])).toThrow(GraphError);
    expect(() => csrOf(2, [[0, 1, -1]])).toThrow(/weight -1/);
  });
});

// Every kernel test runs on the TypeScript reference kernel and on the WebAssembly kernel.
describe.each(['ts', 'wasm'] as const)('personalizedPageRank, %s kernel', (kernel) => {
  const personalizedPageRank = (
    graph: Parameters<typeof pprAnyKernel>[0],
    reset: ArrayLike<number>,
    options: Partial<PprOptions> = {},
  ) => {
    const result = pprAnyKernel(graph, reset, { ...options, kernel, wasm });
    expect(result.kernel).toBe(kernel);
    return result;
  };

  it('matches a hand-computed path graph 0 - 1 - 2 seeded at node 0 (d = 0.5)', () => {
    // Unnormalised system y = v + d·Pᵀy with v = e0, P(0→1) = 1, P(1→0) = P(1→2) = 1/2, P(2→1) = 1:
    //   y0 = 1 + 0.5·(y1/2),  y1 = 0.5·(y0 + y2),  y2 = 0.5·(y1/2)
    // => y2 = y1/4, y1 = 0.5·y0 + y1/8 => y1 = 4y0/7, y0 = 1 + y0/7 => y0 = 7/6, y1 = 2/3, y2 = 1/6;
    // the sum is 2, so x = (7/12, 1/3, 1/12).
    const csr = csrOf(3, [
      [0, 1, 1],
      [1, 2, 1],
    ]);
    const { scores } = personalizedPageRank(csr, [1, 0, 0], { tolerance: 1e-12 });
    const jacobi = personalizedPageRank(csr, [1, 0, 0], { tolerance: 1e-12, method: 'jacobi' });
    expect(maxAbsDiff(jacobi.scores, [7 / 12, 1 / 3, 1 / 12])).toBeLessThan(1e-10);
    // cg multiplies by the exact arc weights (D̂ - d·W), so it is as exact as Jacobi
    expect(maxAbsDiff(scores, [7 / 12, 1 / 3, 1 / 12])).toBeLessThan(1e-10);
  });

  it('sends a sink node back to the reset distribution, as PRPACK does with u = v', () => {
    // Node 2 is isolated and seeded: it is dangling, so its mass restarts at v. With v = (1/2, 0, 1/2) and
    // edge 0 - 1: y0 = 1/2 + 0.5·y1, y1 = 0.5·y0 => y0 = 2/3, y1 = 1/3, y2 = 1/2; sum 3/2.
    const csr = csrOf(3, [[0, 1, 1]]);
    const { scores } = personalizedPageRank(csr, [1, 0, 1], { tolerance: 1e-12 });
    expect(maxAbsDiff(scores, [4 / 9, 2 / 9, 1 / 3])).toBeLessThan(1e-10);
  });

  it('agrees with the closed-form solution (I - d·Pᵀ)y = v to 1e-6 (the contract) on a random weighted graph, with both solvers', () => {
    const rand = rng(42);
    const n = 60;
    const edges: [number, number, number][] = [];
    for (let e = 0; e < 150; e++) edges.push([Math.floor(rand() * 50), Math.floor(rand() * 50), 0.1 + rand() * 2]);
    // nodes 50..59 have no edges: sinks (some of them seeded)
    const reset = Array.from({ length: n }, () => (rand() < 0.3 ? rand() : 0));
    const exact = closedForm(n, edges, reset, PPR_DEFAULTS.damping);
    const csr = csrOf(n, edges);
    for (const method of ['cg', 'jacobi'] as const) {
      const { scores, iterations, residual } = personalizedPageRank(csr, reset, { method });
      expect(residual).toBeLessThanOrEqual(PPR_DEFAULTS.tolerance);
      expect(maxAbsDiff(scores, exact)).toBeLessThanOrEqual(residual); // the reported bound holds
      expect(maxAbsDiff(scores, exact)).toBeLessThan(1e-6);
      expect(iterations).toBeGreaterThan(1);
    }
    expect(Math.abs(exact.reduce((s, t) => s + t, 0) - 1)).toBeLessThan(1e-12);
  });

  it('agrees with the closed form to 1e-6, within its reported error bound, on a hub-heavy graph (power-law degrees, parallel edges, sinks), at several tolerances', () => {
    const rand = rng(7);
    const n = 400;
    const hub = () => Math.floor(n * 0.95 * rand() ** 3); // low ids are hubs
    const edges: [number, number, number][] = [];
    for (let e = 0; e < 1500; e++)
      edges.push([hub(), Math.floor(rand() * n * 0.95), rand() < 0.5 ? 1 : 0.8 + 0.2 * rand()]);
    const reset = Array.from({ length: n }, (_, i) => (i % 37 === 0 ? 1 + rand() : rand() < 0.5 ? 0.05 * rand() : 0));
    const exact = closedForm(n, edges, reset, PPR_DEFAULTS.damping);
    const csr = csrOf(n, edges);
    for (const method of ['cg', 'jacobi'] as const) {
      for (const tolerance of [1e-4, 1e-6, 1e-9]) {
        const { scores, residual } = personalizedPageRank(csr, reset, { method, tolerance });
        expect(residual).toBeLessThanOrEqual(tolerance);
        expect(maxAbsDiff(scores, exact)).toBeLessThanOrEqual(residual);
        expect(Math.abs(scores.reduce((s, t) => s + t, 0) - 1)).toBeLessThan(1e-12);
      }
      expect(maxAbsDiff(personalizedPageRank(csr, reset, { method }).scores, exact)).toBeLessThan(1e-6);
    }
  });

  it('throws PprConvergenceError when the iteration cap is too small, with either solver', () => {
    // a 40-node path seeded at one end: CG cannot terminate exactly in 2 steps, Jacobi needs ~20
    const csr = csrOf(
      40,
      Array.from({ length: 39 }, (_, i) => [i, i + 1, 1] as [number, number, number]),
    );
    const reset = Array.from({ length: 40 }, (_, i) => (i === 0 ? 1 : 0));
    for (const method of ['cg', 'jacobi'] as const) {
      expect(() => personalizedPageRank(csr, reset, { maxIterations: 2, method })).toThrow(PprConvergenceError);
      expect(personalizedPageRank(csr, reset, { method }).iterations).toBeGreaterThan(2);
    }
  });

  it('rejects reset vectors igraph rejects: wrong length, negative, all zero', () => {
    const csr = csrOf(2, [[0, 1, 1]]);
    expect(() => personalizedPageRank(csr, [1])).toThrow(/2 nodes/);
    expect(() => personalizedPageRank(csr, [1, -1])).toThrow(/>= 0/);
    expect(() => personalizedPageRank(csr, [0, 0])).toThrow(/sums to zero/);
  });
});

describe('preparePpr', () => {
  it('renumbers nodes by arc count, descending, into the same graph with sorted rows, and precomputes D̂, sinks and the bound gain', () => {
    const rand = rng(3);
    const n = 200;
    const edges: [number, number, number][] = [];
    for (let e = 0; e < 600; e++) edges.push([Math.floor(190 * rand() ** 2), Math.floor(rand() * 190), 0.5 + rand()]);
    const csr = csrOf(n, edges);
    const p = preparePpr(csr);
    expect([...p.order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    const count = (k: number) => p.offsets[k + 1]! - p.offsets[k]!;
    const arcs = new Set<string>();
    for (let k = 0; k < n; k++) {
      const i = p.order[k]!;
      expect(count(k)).toBe(csr.offsets[i + 1]! - csr.offsets[i]!);
      if (k > 0) expect(count(k)).toBeLessThanOrEqual(count(k - 1));
      let degree = 0;
      for (let a = p.offsets[k]!; a < p.offsets[k + 1]!; a++) {
        if (a > p.offsets[k]!) expect(p.targets[a]!).toBeGreaterThan(p.targets[a - 1]!);
        arcs.add(`${i}>${p.order[p.targets[a]!]!}:${p.weights[a]!}`);
        degree += p.weights[a]!;
      }
      expect(p.degree[k]).toBeCloseTo(degree > 0 ? degree : 1, 12);
      expect(p.sinks.includes(k)).toBe(degree === 0);
    }
    const original = new Set<string>();
    for (let i = 0; i < n; i++)
      for (let a = csr.offsets[i]!; a < csr.offsets[i + 1]!; a++)
        original.add(`${i}>${csr.targets[a]!}:${csr.weights[a]!}`);
    expect(arcs).toEqual(original);
    expect(p.sinks.length).toBeGreaterThan(0); // nodes 190..199 have no edges
    expect(p.errorGain).toBeGreaterThan(0);
  });
});

describe('WebAssembly kernel against the TypeScript kernel', () => {
  it('agrees to 1e-6 max abs diff (in fact ~1e-15) with both solvers on a random graph of 3,000 nodes, reusing its instance', () => {
    const rand = rng(9);
    const n = 3000;
    const edges: [number, number, number][] = [];
    for (let e = 0; e < 20_000; e++)
      edges.push([Math.floor(rand() * 2900), Math.floor(rand() * 2900), 0.1 + rand() * 2]);
    const prepared = preparePpr(csrOf(n, edges));
    for (const method of ['cg', 'jacobi'] as const) {
      for (let trial = 0; trial < 3; trial++) {
        const reset = Array.from({ length: n }, () => (rand() < 0.05 ? rand() : 0));
        const ts = pprAnyKernel(prepared, reset, { method, kernel: 'ts' });
        const w = pprAnyKernel(prepared, reset, { method, kernel: 'wasm', wasm });
        expect(w.kernel).toBe('wasm');
        expect(w.iterations).toBe(ts.iterations);
        expect(maxAbsDiff(w.scores, ts.scores)).toBeLessThan(1e-12);
      }
    }
  });

  it("kernel 'auto' runs TypeScript when no WebAssembly kernel is installed or given, and 'wasm' then refuses", () => {
    const csr = csrOf(3, [[0, 1, 1]]);
    expect(pprAnyKernel(csr, [1, 0, 0]).kernel).toBe('ts');
    expect(pprAnyKernel(csr, [1, 0, 0], { wasm }).kernel).toBe('wasm');
    expect(() => pprAnyKernel(csr, [1, 0, 0], { kernel: 'wasm' })).toThrow(/no WebAssembly kernel is loaded/);
  });
});

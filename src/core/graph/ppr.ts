// Personalized PageRank over an undirected weighted CSR, matching what HippoRAG 2 computes with
// igraph: `graph.personalized_pagerank(vertices=..., damping=damping, directed=False, weights='weight',
// reset=reset_prob, implementation='prpack')` (OSU-NLP-Group/HippoRAG, src/hipporag/HippoRAG.py, run_ppr).
//
// PRPACK semantics (igraph src/centrality/prpack.cpp): the reset vector is normalised to sum 1 (v), and
// the same distribution u = v is used when the walk is stuck in a sink (a node with zero weighted
// degree). The stationary vector then satisfies
//     x = d·Pᵀx + (d·Σ_{dangling j} x_j + 1 - d)·v,
// whose right-hand factor is a scalar, so x ∝ y with y = d·Pᵀy + v, i.e. (I - d·Pᵀ)y = v. We iterate that
// dangling-free system (Jacobi) and normalise at the end: identical to PRPACK's fixed point.
// Stopping rule: with ||d·Pᵀ||₁ <= d, the L1 error of y after a step with change Δ is <= Δ·d/(1-d);
// we stop when that bound is <= tolerance (so the max abs error is below tolerance as well).
//
// Fast path ('cg', the default): for an undirected graph W is symmetric, so with Q = diag(√deg) (1 for
// sinks) and y = Q·u the system becomes (I - d·S)u = Q⁻¹v with S = Q⁻¹WQ⁻¹ symmetric. Its eigenvalues lie
// in [1-d, 1+d] (condition number 3 at d = 0.5), so conjugate gradients converge at rate ≈ 0.27 per
// iteration instead of Jacobi's 0.5: half the sparse matrix–vector products. The stopping rule is the
// same bound: a Jacobi step from y would change it by Q·r (r the CG residual), and ||y - y*||₁ <=
// ||Q·r||₁ / (1-d), since ||(I - d·Pᵀ)⁻¹||₁ <= 1/(1-d). 'jacobi' is the plain reference iteration.
//
// Kernels: this file's TypeScript solvers are the reference and the fallback; the WebAssembly kernel
// (wasm/ppr.ts, SIMD, same two solvers, loaded through ppr-wasm.ts) runs when installed (kernel 'auto')
// or when asked for ('wasm'). Every result says which kernel ran.
import type { Csr } from './csr.ts';
import { weightedDegrees } from './csr.ts';
import { GraphError, PprConvergenceError } from './errors.ts';
import { installedPprWasm, solveWithWasm, type PprWasm } from './ppr-wasm.ts';

export interface PprOptions {
  /** Probability of following an edge (igraph "damping"); HippoRAG 2 uses 0.5. */
  damping: number;
  /** Bound on the L1 error of the solution (see header). */
  tolerance: number;
  /** Iteration cap; exceeding it throws PprConvergenceError. */
  maxIterations: number;
  /** 'cg' (conjugate gradients on the symmetrised system, fast) or 'jacobi' (power iteration, reference). */
  method: 'cg' | 'jacobi';
  /** 'auto': WebAssembly when a kernel is installed (setPprWasm) or given, else TypeScript. */
  kernel: 'auto' | 'wasm' | 'ts';
  /** A WebAssembly kernel to use instead of the installed one. */
  wasm?: PprWasm;
}

export type PprKernel = 'wasm' | 'ts';

export const PPR_DEFAULTS: Readonly<PprOptions> = Object.freeze({
  damping: 0.5,
  tolerance: 1e-6,
  // d^k shrinks the error: 0.5^100 is far below any sensible tolerance; the cap only guards d close to 1.
  maxIterations: 100,
  method: 'cg',
  kernel: 'auto',
});

export interface PprResult {
  /** Stationary probabilities, summing to 1, one per node. */
  scores: Float64Array;
  iterations: number;
  /** Final L1 error bound. */
  residual: number;
  /** Which kernel ran. */
  kernel: PprKernel;
}

/** Precomputed per-graph data, reusable across queries on the same CSR. */
export interface PprPrepared {
  csr: Csr;
  /** 1 / weighted degree, 0 for sinks. */
  invDegree: Float64Array;
  /** Q = √(weighted degree), 1 for sinks (see header). */
  sqrtDegree: Float64Array;
  /** Arc weights of S = Q⁻¹WQ⁻¹: w_ij / (Q_i·Q_j), aligned with csr.targets. */
  symWeights: Float32Array;
}

export function preparePpr(csr: Csr): PprPrepared {
  const deg = weightedDegrees(csr);
  const n = csr.nodeCount;
  const inv = new Float64Array(n);
  const sq = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    inv[i] = deg[i]! > 0 ? 1 / deg[i]! : 0;
    sq[i] = deg[i]! > 0 ? Math.sqrt(deg[i]!) : 1;
  }
  const { offsets, targets, weights } = csr;
  const sym = new Float32Array(weights.length);
  for (let i = 0; i < n; i++) {
    for (let a = offsets[i]!; a < offsets[i + 1]!; a++) sym[a] = weights[a]! / (sq[i]! * sq[targets[a]!]!);
  }
  return { csr, invDegree: inv, sqrtDegree: sq, symWeights: sym };
}

/** Validates and normalises a reset vector to sum 1 (igraph rejects negative, NaN and all-zero resets too). */
export function normalizeReset(reset: ArrayLike<number>, nodeCount: number): Float64Array {
  if (reset.length !== nodeCount) throw new GraphError(`ppr: reset has ${reset.length} entries, graph has ${nodeCount} nodes`);
  let sum = 0;
  for (let i = 0; i < nodeCount; i++) {
    const r = reset[i]!;
    if (!(r >= 0) || !Number.isFinite(r)) throw new GraphError(`ppr: reset[${i}] = ${r}; entries must be finite and >= 0`);
    sum += r;
  }
  if (sum === 0) throw new GraphError('ppr: the reset vector sums to zero (no seed nodes)');
  const v = new Float64Array(nodeCount);
  for (let i = 0; i < nodeCount; i++) v[i] = reset[i]! / sum;
  return v;
}

export function personalizedPageRank(
  graph: Csr | PprPrepared,
  reset: ArrayLike<number>,
  options: Partial<PprOptions> = {},
): PprResult {
  const opts = { ...PPR_DEFAULTS, ...options };
  const { damping: d, tolerance, maxIterations } = opts;
  if (!(d >= 0 && d < 1)) throw new GraphError(`ppr: damping ${d} must be in [0, 1)`);
  if (!(tolerance > 0)) throw new GraphError(`ppr: tolerance ${tolerance} must be > 0`);
  const prepared = 'invDegree' in graph ? graph : preparePpr(graph);
  const n = prepared.csr.nodeCount;
  const v = normalizeReset(reset, n);
  const wasm = opts.kernel === 'ts' ? null : (opts.wasm ?? installedPprWasm());
  if (opts.kernel === 'wasm' && !wasm) throw new GraphError("ppr: kernel 'wasm' asked for but no WebAssembly kernel is loaded (setPprWasm or options.wasm)");
  if (opts.method !== 'cg' && opts.method !== 'jacobi') throw new GraphError(`ppr: unknown method "${String(opts.method)}" (cg or jacobi)`);
  let solved: Solved;
  if (wasm) {
    solved = solveWithWasm(wasm, prepared, opts.method, d, v, tolerance, maxIterations);
    if (!(solved.residual <= tolerance)) throw new PprConvergenceError(solved.iterations, solved.residual, tolerance);
  } else {
    solved = opts.method === 'cg' ? solveCg(prepared, d, v, tolerance, maxIterations) : solveJacobi(prepared, d, v, tolerance, maxIterations);
  }
  const { y, iterations, residual } = solved;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += y[i]!;
  for (let i = 0; i < n; i++) y[i]! /= sum;
  return { scores: y, iterations, residual, kernel: wasm ? 'wasm' : 'ts' };
}

// One Jacobi step next = d·Pᵀy + v in pull form: next_i = v_i + d·Σ_j w_ij·(y_j / deg_j). Returns ||next - y||₁.
function jacobiStep(p: PprPrepared, d: number, v: Float64Array, y: Float64Array, next: Float64Array, z: Float64Array): number {
  const { offsets, targets, weights } = p.csr;
  const inv = p.invDegree;
  const n = y.length;
  for (let j = 0; j < n; j++) z[j] = y[j]! * inv[j]!;
  let change = 0;
  for (let i = 0; i < n; i++) {
    let acc = 0;
    const end = offsets[i + 1]!;
    for (let a = offsets[i]!; a < end; a++) acc += weights[a]! * z[targets[a]!]!;
    const value = v[i]! + d * acc;
    change += Math.abs(value - y[i]!);
    next[i] = value;
  }
  return change;
}

interface Solved {
  y: Float64Array;
  iterations: number;
  residual: number;
}

function solveJacobi(p: PprPrepared, d: number, v: Float64Array, tolerance: number, maxIterations: number): Solved {
  const n = v.length;
  const y = Float64Array.from(v);
  const next = new Float64Array(n);
  const z = new Float64Array(n);
  const errorFactor = d / (1 - d);
  let iterations = 0;
  let residual = Infinity;
  while (iterations < maxIterations) {
    iterations++;
    residual = jacobiStep(p, d, v, y, next, z) * errorFactor;
    y.set(next);
    if (residual <= tolerance) break;
  }
  if (residual > tolerance) throw new PprConvergenceError(iterations, residual, tolerance);
  return { y, iterations, residual };
}

/** q = (I - d·S)·x over the symmetrised arc weights. */
function applySystem(p: PprPrepared, d: number, x: Float64Array, q: Float64Array): void {
  const { offsets, targets } = p.csr;
  const sym = p.symWeights;
  const n = x.length;
  for (let i = 0; i < n; i++) {
    let acc = 0;
    const end = offsets[i + 1]!;
    for (let a = offsets[i]!; a < end; a++) acc += sym[a]! * x[targets[a]!]!;
    q[i] = x[i]! - d * acc;
  }
}

/** Conjugate gradients on (I - d·S)u = Q⁻¹v, started from u = 0 (so r₀ = Q⁻¹v and no start-up product). */
function solveCg(p: PprPrepared, d: number, v: Float64Array, tolerance: number, maxIterations: number): Solved {
  const n = v.length;
  const sq = p.sqrtDegree;
  const u = new Float64Array(n);
  const r = new Float64Array(n);
  const q = new Float64Array(n);
  for (let i = 0; i < n; i++) r[i] = v[i]! / sq[i]!;
  const dir = Float64Array.from(r);
  let rr = 0;
  let l1Start = 0;
  for (let i = 0; i < n; i++) {
    rr += r[i]! * r[i]!;
    l1Start += Math.abs(r[i]! * sq[i]!);
  }
  // (no closures over the hot arrays here: captured variables live in a heap context and slow every access)
  let residual = l1Start / (1 - d);
  let iterations = 0;
  while (residual > tolerance && iterations < maxIterations) {
    iterations++;
    applySystem(p, d, dir, q);
    let pq = 0;
    for (let i = 0; i < n; i++) pq += dir[i]! * q[i]!;
    const alpha = rr / pq;
    let rrNext = 0;
    let l1 = 0;
    for (let i = 0; i < n; i++) {
      u[i]! += alpha * dir[i]!;
      const ri = r[i]! - alpha * q[i]!;
      r[i] = ri;
      rrNext += ri * ri;
      l1 += Math.abs(ri * sq[i]!);
    }
    residual = l1 / (1 - d);
    const beta = rrNext / rr;
    rr = rrNext;
    for (let i = 0; i < n; i++) dir[i] = r[i]! + beta * dir[i]!;
  }
  if (residual > tolerance) throw new PprConvergenceError(iterations, residual, tolerance);
  for (let i = 0; i < n; i++) u[i]! *= sq[i]!;
  return { y: u, iterations, residual };
}

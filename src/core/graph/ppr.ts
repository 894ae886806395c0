// Personalized PageRank over an undirected weighted CSR, matching what HippoRAG 2 computes with
// igraph: `graph.personalized_pagerank(vertices=..., damping=damping, directed=False, weights='weight',
// reset=reset_prob, implementation='prpack')` (OSU-NLP-Group/HippoRAG, src/hipporag/HippoRAG.py, run_ppr).
//
// PRPACK semantics (igraph src/centrality/prpack.cpp): the reset vector is normalised to sum 1 (v), and
// the same distribution u = v is used when the walk is stuck in a sink (a node with zero weighted
// degree). The stationary vector then satisfies
//     x = d·Pᵀx + (d·Σ_{dangling j} x_j + 1 - d)·v,
// whose right-hand factor is a scalar, so x ∝ y with y = d·Pᵀy + v, i.e. (I - d·Pᵀ)y = v. We iterate that
// dangling-free system and normalise at the end: identical to PRPACK's fixed point.
//
// Solvers. 'cg' (the default) is conjugate gradients preconditioned by the degrees: with D̂ = diag(weighted
// degree, 1 for sinks) and y = D̂z, the system is (D̂ - d·W)z = v with W the symmetric weight matrix, so
// D̂ - d·W is symmetric positive definite and Jacobi-preconditioned CG on it is, step for step, CG on
// I - d·S with S = D̂^-½·W·D̂^-½ (eigenvalues of I - d·S in [1-d, 1+d], condition number 3 at d = 0.5:
// rate ≈ 0.27 per product, twice Jacobi's 0.5). It multiplies by the exact (Float32) arc weights, so it
// solves the same system igraph does, and its residual r = v - (D̂ - d·W)z is the Jacobi residual
// ρ = v - (I - d·Pᵀ)y of y = D̂z. 'jacobi' is the plain reference iteration y ← v + d·Pᵀy.
//
// Stopping rule: `tolerance` bounds the max abs error of the returned (normalised) scores, which is the
// contract (agreement with the closed form and with igraph to 1e-6). For the error e = y* - y:
//   (I - d·Pᵀ)e = ρ, so e = ρ + d·Pᵀe, and (Pᵀe)_i = Σ_j w_ij·e_j/D̂_j = Σ_j (w_ij/√D̂_j)·ê_j with
//   ê = D̂^-½e. Cauchy–Schwarz: |(Pᵀe)_i| <= c_i·||ê||₂ with c_i = √(Σ_j w_ij²/D̂_j) (precomputed; cmax its
//   max), and ê = (I - d·S)⁻¹·D̂^-½ρ gives ||ê||₂ <= ||D̂^-½ρ||₂/(1-d). Hence
//   E∞ := max|ρ_i| + d·cmax·||D̂^-½ρ||₂/(1-d) >= max_i |e_i|.
// The sum of y* is known exactly: 1ᵀ(I - d·Pᵀ)y* = 1 gives s* = (1 - d·Σ_{sinks} v_j)/(1-d) (a sink's y is
// its v), so with s = Σy the normalised scores x = y/s are within E∞/s + (max y + E∞)·|s - s*|/(s·s*) of
// x* = y*/s*. Both solvers stop when that bound is <= tolerance and report it as `residual`. (For Jacobi
// the returned next = y + ρ has error d·Pᵀe, so its E∞ drops the max|ρ_i| term.) ||D̂^-½ρ||₂² is the
// preconditioned CG's own r·D̂⁻¹r, so the bound costs a few accumulators in a pass CG makes anyway. The
// bound is rigorous up to floating-point rounding; on HotpotQA-shaped graphs it is ~100x above the true
// error, and it needs fewer products than the L1 bound ||ρ||₁/(1-d) used before (8 instead of 10 at 1e-6).
//
// Memory layout: preparePpr renumbers the nodes by arc count, descending (hubs first), and the solvers
// run in that numbering. Rows of similar length then follow each other, so the row loop's exit branch is
// predictable, and the hot hub entries of the gathered vector share cache lines: the sparse product is
// ~2x faster than in the CSR's own numbering. The reset vector is permuted in and the scores out.
//
// Kernels: this file's TypeScript solvers are the reference and the fallback; the WebAssembly kernel
// (wasm/ppr.ts, SIMD, the same two solvers and stopping rule, loaded through ppr-wasm.ts) runs when
// installed (kernel 'auto') or when asked for ('wasm'). Every result says which kernel ran.
import { countingOrder, type Csr } from './csr.ts';
import { GraphError, PprConvergenceError } from './errors.ts';
import { installedPprWasm, solveWithWasm, type PprWasm } from './ppr-wasm.ts';
import type { PprPrepared, PprProblem, PprSolved } from './ppr-types.ts';

export type { PprPrepared, PprProblem, PprSolved } from './ppr-types.ts';

export interface PprOptions {
  /** Probability of following an edge (igraph "damping"); HippoRAG 2 uses 0.5. */
  damping: number;
  /** Bound on the max abs error of the returned scores (see header). */
  tolerance: number;
  /** Iteration cap; exceeding it throws PprConvergenceError. */
  maxIterations: number;
  /** 'cg' (degree-preconditioned conjugate gradients, fast) or 'jacobi' (power iteration, reference). */
  method: 'cg' | 'jacobi';
  /** 'auto': WebAssembly when a kernel is installed (setPprWasm) or given, else TypeScript. */
  kernel: 'auto' | 'wasm' | 'ts';
  /** A WebAssembly kernel to use instead of the installed one. */
  wasm?: PprWasm;
}

export type PprKernel = 'wasm' | 'ts';

export const PPR_DEFAULTS: Readonly<PprOptions> = Object.freeze({
  damping: 0.5,
  // the contract: scores within 1e-6 (max abs) of the exact solution, hence of igraph's
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
  /** Final bound on the max abs error of `scores` (see header). */
  residual: number;
  /** Which kernel ran. */
  kernel: PprKernel;
}

export function preparePpr(csr: Csr): PprPrepared {
  const n = csr.nodeCount;
  const { offsets: off0, targets: tgt0, weights: w0 } = csr;
  // Stable counting sort of the nodes by arc count, descending.
  let maxCount = 0;
  for (let i = 0; i < n; i++) maxCount = Math.max(maxCount, off0[i + 1]! - off0[i]!);
  const fewer = Uint32Array.from({ length: n }, (_, i) => maxCount - (off0[i + 1]! - off0[i]!));
  const order = countingOrder(fewer, maxCount + 1, null);
  const newId = new Uint32Array(n);
  order.forEach((i, k) => (newId[i] = k));
  const offsets = new Uint32Array(n + 1);
  for (let k = 0; k < n; k++) offsets[k + 1] = offsets[k]! + (off0[order[k]! + 1]! - off0[order[k]!]!);
  // Fill rows by walking sources in solver order: the graph is symmetric (arc a->b iff b->a, same
  // weight), so appending source j to row newId[t] for each arc j->t leaves every row's targets sorted.
  const targets = new Uint32Array(tgt0.length);
  const weights = new Float32Array(w0.length);
  const cursor = offsets.slice(0, n);
  for (let j = 0; j < n; j++) {
    const i = order[j]!;
    for (let a = off0[i]!; a < off0[i + 1]!; a++) {
      const at = cursor[newId[tgt0[a]!]!]!++;
      targets[at] = j;
      weights[at] = w0[a]!;
    }
  }
  const degree = new Float64Array(n);
  const invDegree = new Float64Array(n);
  const sinks: number[] = [];
  for (let k = 0; k < n; k++) {
    let s = 0;
    for (let a = offsets[k]!; a < offsets[k + 1]!; a++) s += weights[a]!;
    if (s > 0) degree[k] = s;
    else {
      degree[k] = 1;
      sinks.push(k);
    }
    invDegree[k] = 1 / degree[k]!;
  }
  let gain2 = 0;
  for (let k = 0; k < n; k++) {
    let c2 = 0;
    for (let a = offsets[k]!; a < offsets[k + 1]!; a++) c2 += weights[a]! * weights[a]! * invDegree[targets[a]!]!;
    gain2 = Math.max(gain2, c2);
  }
  return {
    csr,
    order,
    offsets,
    targets,
    weights,
    degree,
    invDegree,
    sinks: Uint32Array.from(sinks),
    errorGain: Math.sqrt(gain2),
  };
}

/** Validates a reset vector (igraph rejects negative, NaN and all-zero resets too) and returns its sum. */
function resetSum(reset: ArrayLike<number>, nodeCount: number): number {
  if (reset.length !== nodeCount)
    throw new GraphError(`ppr: reset has ${reset.length} entries, graph has ${nodeCount} nodes`);
  let sum = 0;
  for (let i = 0; i < nodeCount; i++) {
    const r = reset[i]!;
    if (!(r >= 0) || !Number.isFinite(r))
      throw new GraphError(`ppr: reset[${i}] = ${r}; entries must be finite and >= 0`);
    sum += r;
  }
  if (sum === 0) throw new GraphError('ppr: the reset vector sums to zero (no seed nodes)');
  return sum;
}

/**
 * The stopping bound of the header: max abs error of y/s given max|ρ_i| (0 for Jacobi's next iterate,
 * whose own term is folded into the gain), ||D̂^-½ρ||₂², s = Σy and max y.
 */
function pprErrorBound(
  p: PprPrepared,
  pr: PprProblem,
  rhoMax: number,
  rhoNorm2: number,
  sum: number,
  yMax: number,
): number {
  const { d } = pr;
  const eInf = rhoMax + (d * p.errorGain * Math.sqrt(rhoNorm2)) / (1 - d);
  return eInf / sum + ((yMax + eInf) * Math.abs(sum - pr.sumExact)) / (sum * pr.sumExact);
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
  const prepared = 'order' in graph ? graph : preparePpr(graph);
  const n = prepared.csr.nodeCount;
  const wasm = opts.kernel === 'ts' ? null : (opts.wasm ?? installedPprWasm());
  if (opts.kernel === 'wasm' && !wasm)
    throw new GraphError(
      "ppr: kernel 'wasm' asked for but no WebAssembly kernel is loaded (setPprWasm or options.wasm)",
    );
  if (opts.method !== 'cg' && opts.method !== 'jacobi')
    throw new GraphError(`ppr: unknown method "${String(opts.method)}" (cg or jacobi)`);
  const resetTotal = resetSum(reset, n);
  const { order, sinks } = prepared;
  const v = new Float64Array(n); // normalised and permuted in one pass
  for (let k = 0; k < n; k++) v[k] = reset[order[k]!]! / resetTotal;
  let sinkMass = 0;
  for (let k = 0; k < sinks.length; k++) sinkMass += v[sinks[k]!]!;
  const problem: PprProblem = { d, v, sumExact: (1 - d * sinkMass) / (1 - d), tolerance, maxIterations };
  const solved = wasm
    ? solveWithWasm(wasm, prepared, opts.method, problem)
    : opts.method === 'cg'
      ? solveCg(prepared, problem)
      : solveJacobi(prepared, problem);
  const { y, sum, iterations, residual } = solved;
  if (!(residual <= tolerance)) throw new PprConvergenceError(iterations, residual, tolerance);
  const scores = v; // reused (the solvers no longer need v): every entry is overwritten
  for (let k = 0; k < n; k++) scores[order[k]!] = y[k]! / sum;
  return { scores, iterations, residual, kernel: wasm ? 'wasm' : 'ts' };
}

/**
 * Jacobi from y = v: next = v + d·W·(y/D̂), in pull form over the rows; ρ = next - y. Stops when the
 * bound for next (no max|ρ| term, see header) is <= tolerance.
 */
function solveJacobi(p: PprPrepared, pr: PprProblem): PprSolved {
  const { offsets, targets, weights, invDegree: inv } = p;
  const { d, v, tolerance, maxIterations } = pr;
  const n = v.length;
  let y = Float64Array.from(v);
  let next = new Float64Array(n);
  const z = new Float64Array(n);
  let iterations = 0;
  let residual = Infinity;
  let sum = 0;
  while (iterations < maxIterations && residual > tolerance) {
    iterations++;
    for (let j = 0; j < n; j++) z[j] = y[j]! * inv[j]!;
    let rho2 = 0;
    let yMax = 0;
    sum = 0;
    for (let i = 0; i < n; i++) {
      let acc = 0;
      const end = offsets[i + 1]!;
      for (let a = offsets[i]!; a < end; a++) acc += weights[a]! * z[targets[a]!]!;
      const value = v[i]! + d * acc;
      const rho = value - y[i]!;
      rho2 += rho * rho * inv[i]!;
      sum += value;
      if (value > yMax) yMax = value;
      next[i] = value;
    }
    residual = pprErrorBound(p, pr, 0, rho2, sum, yMax);
    [y, next] = [next, y];
  }
  return { y, sum, iterations, residual };
}

/**
 * Degree-preconditioned conjugate gradients on (D̂ - d·W)z = v from z = 0 (so r = v and no start-up
 * product); y = D̂z. r is the Jacobi residual ρ of y and r·D̂⁻¹r = ||D̂^-½ρ||₂² (see header).
 */
function solveCg(p: PprPrepared, pr: PprProblem): PprSolved {
  const { offsets, targets, weights, degree: deg, invDegree: inv } = p;
  const { d, v, tolerance, maxIterations } = pr;
  const n = v.length;
  const z = new Float64Array(n);
  const r = Float64Array.from(v);
  const q = new Float64Array(n);
  const dir = new Float64Array(n);
  let rz = 0;
  for (let i = 0; i < n; i++) {
    dir[i] = r[i]! * inv[i]!;
    rz += r[i]! * dir[i]!;
  }
  // (no closures over the hot arrays here: captured variables live in a heap context and slow every access)
  let residual = Infinity;
  let iterations = 0;
  let sum = 0;
  while (residual > tolerance && iterations < maxIterations) {
    iterations++;
    // q = (D̂ - d·W)·dir, and dir·q
    let pq = 0;
    for (let i = 0; i < n; i++) {
      let acc = 0;
      const end = offsets[i + 1]!;
      for (let a = offsets[i]!; a < end; a++) acc += weights[a]! * dir[targets[a]!]!;
      const qi = deg[i]! * dir[i]! - d * acc;
      q[i] = qi;
      pq += dir[i]! * qi;
    }
    const alpha = rz / pq;
    let rzNext = 0;
    let rhoMax = 0;
    let yMax = 0;
    sum = 0;
    for (let i = 0; i < n; i++) {
      const zi = z[i]! + alpha * dir[i]!;
      z[i] = zi;
      const ri = r[i]! - alpha * q[i]!;
      r[i] = ri;
      rzNext += ri * ri * inv[i]!;
      rhoMax = Math.max(rhoMax, Math.abs(ri));
      const yi = zi * deg[i]!;
      sum += yi;
      yMax = Math.max(yMax, yi);
    }
    residual = pprErrorBound(p, pr, rhoMax, rzNext, sum, yMax);
    if (residual <= tolerance) break;
    const beta = rzNext / rz;
    rz = rzNext;
    for (let i = 0; i < n; i++) dir[i] = r[i]! * inv[i]! + beta * dir[i]!;
  }
  for (let i = 0; i < n; i++) z[i]! *= deg[i]!;
  return { y: z, sum, iterations, residual };
}

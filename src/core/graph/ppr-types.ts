// The data the PPR solvers share (TypeScript and WebAssembly kernels), apart from either kernel.
import type { Csr } from './csr.ts';

/**
 * Precomputed per-graph data, reusable across queries on the same CSR. Everything but `csr` is in the
 * solver numbering: solver node k is CSR node order[k] (see header, memory layout).
 */
export interface PprPrepared {
  csr: Csr;
  /** Solver node k -> CSR node order[k]: nodes by arc count, descending (stable). */
  order: Uint32Array;
  /** The graph renumbered: row offsets, arc targets (ascending within a row), arc weights. */
  offsets: Uint32Array;
  targets: Uint32Array;
  weights: Float32Array;
  /** D̂: weighted degree, 1 for sinks. */
  degree: Float64Array;
  /** 1 / D̂. */
  invDegree: Float64Array;
  /** Solver ids of the sinks (zero weighted degree). */
  sinks: Uint32Array;
  /** cmax = max_i √(Σ_j w_ij²/D̂_j), the gain of the error bound (see header). */
  errorGain: number;
}

/** What every solver needs besides the graph: damping, reset (solver numbering), stopping rule. */
export interface PprProblem {
  d: number;
  /** Normalised reset vector in solver numbering. */
  v: Float64Array;
  /** s*, the exact sum of the solution y (see header). */
  sumExact: number;
  tolerance: number;
  maxIterations: number;
}

/** A solver's result: y (unnormalised, solver numbering; may be a view the next solve overwrites) and s = Σy. */
export interface PprSolved {
  y: Float64Array;
  sum: number;
  iterations: number;
  residual: number;
}

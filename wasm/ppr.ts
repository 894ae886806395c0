// AssemblyScript source of the WebAssembly PPR kernel (built by `npm run build:wasm` into wasm/ppr.wasm).
// The same two solvers as src/core/graph/ppr.ts (read its header for the maths): conjugate gradients on
// the symmetrised system (I - d·S)u = Q⁻¹v, and the Jacobi reference y = d·Pᵀy + v, with the same
// L1 error-bound stopping rule. Vectors are Float64, arc weights Float32, arc targets and row offsets
// Uint32, all in linear memory at byte offsets the host lays out (src/core/graph/ppr-wasm.ts). The
// sparse matrix–vector product and the vector passes use 128-bit SIMD (f64x2); a gather has no SIMD
// form, so x[target] lanes are loaded one by one into the vector.

let lastResidual: f64 = 0;

/** First byte the host may use (nothing below it is ours to overwrite). */
export function heapBase(): usize {
  return __heap_base;
}

/** L1 error bound reached by the last solve. */
export function residual(): f64 {
  return lastResidual;
}

/**
 * out[i] = base[i] + c·Σ_{a in row i} w[a]·x[tgt[a]] for every row: the sparse matrix–vector product,
 * four arcs per step in two f64x2 accumulators (one call per product, rows in a flat loop).
 */
function spmv(n: i32, off: usize, tgt: usize, w: usize, x: usize, base: usize, c: f64, out: usize): void {
  let start = load<u32>(off);
  for (let i = 0; i < n; i++) {
    const end = load<u32>(off + (<usize>(i + 1) << 2));
    let acc0 = f64x2.splat(0);
    let acc1 = f64x2.splat(0);
    let a = start;
    for (; a + 4 <= end; a += 4) {
      const ta = tgt + (<usize>a << 2);
      let x0 = f64x2.splat(load<f64>(x + (<usize>load<u32>(ta) << 3)));
      x0 = f64x2.replace_lane(x0, 1, load<f64>(x + (<usize>load<u32>(ta, 4) << 3)));
      let x1 = f64x2.splat(load<f64>(x + (<usize>load<u32>(ta, 8) << 3)));
      x1 = f64x2.replace_lane(x1, 1, load<f64>(x + (<usize>load<u32>(ta, 12) << 3)));
      const ws = v128.load(w + (<usize>a << 2));
      acc0 = f64x2.add(acc0, f64x2.mul(f64x2.promote_low_f32x4(ws), x0));
      acc1 = f64x2.add(acc1, f64x2.mul(f64x2.promote_low_f32x4(v128.shuffle<u32>(ws, ws, 2, 3, 0, 1)), x1));
    }
    const acc = f64x2.add(acc0, acc1);
    let sum: f64 = f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1);
    for (; a < end; a++) sum += <f64>load<f32>(w + (<usize>a << 2)) * load<f64>(x + (<usize>load<u32>(tgt + (<usize>a << 2)) << 3));
    const at = <usize>i << 3;
    store<f64>(out + at, load<f64>(base + at) + c * sum);
    start = end;
  }
}

/** Σ a[i]·b[i] over n f64 (SIMD). */
function dot(n: i32, a: usize, b: usize): f64 {
  const nb = <usize>n << 3;
  let acc = f64x2.splat(0);
  let i: usize = 0;
  for (; i + 16 <= nb; i += 16) acc = f64x2.add(acc, f64x2.mul(v128.load(a + i), v128.load(b + i)));
  let s: f64 = f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1);
  for (; i < nb; i += 8) s += load<f64>(a + i) * load<f64>(b + i);
  return s;
}

/**
 * Conjugate gradients from u = 0 (see ppr.ts solveCg). On return u holds y = Q·u (unnormalised) and the
 * result is the iteration count; residual() gives the L1 bound. r, q, dir are scratch vectors.
 */
export function solveCg(
  n: i32, off: usize, tgt: usize, sym: usize, sq: usize, v: usize,
  u: usize, r: usize, q: usize, dir: usize,
  d: f64, tolerance: f64, maxIterations: i32,
): i32 {
  const nb = <usize>n << 3;
  const pairs = nb & ~(<usize>15);
  let rr: f64 = 0;
  let l1: f64 = 0;
  for (let i: usize = 0; i < nb; i += 8) {
    const ri = load<f64>(v + i) / load<f64>(sq + i);
    store<f64>(r + i, ri);
    store<f64>(dir + i, ri);
    store<f64>(u + i, 0);
    rr += ri * ri;
    l1 += abs(ri * load<f64>(sq + i));
  }
  let res = l1 / (1 - d);
  let iterations = 0;
  while (res > tolerance && iterations < maxIterations) {
    iterations++;
    // q = (I - d·S)·dir
    spmv(n, off, tgt, sym, dir, dir, -d, q);
    const pq = dot(n, dir, q);
    const alpha = rr / pq;
    const va = f64x2.splat(alpha);
    let rr2 = f64x2.splat(0);
    let l12 = f64x2.splat(0);
    let i: usize = 0;
    for (; i < pairs; i += 16) {
      v128.store(u + i, f64x2.add(v128.load(u + i), f64x2.mul(va, v128.load(dir + i))));
      const ri = f64x2.sub(v128.load(r + i), f64x2.mul(va, v128.load(q + i)));
      v128.store(r + i, ri);
      rr2 = f64x2.add(rr2, f64x2.mul(ri, ri));
      l12 = f64x2.add(l12, f64x2.abs(f64x2.mul(ri, v128.load(sq + i))));
    }
    let rrNext: f64 = f64x2.extract_lane(rr2, 0) + f64x2.extract_lane(rr2, 1);
    l1 = f64x2.extract_lane(l12, 0) + f64x2.extract_lane(l12, 1);
    for (; i < nb; i += 8) {
      store<f64>(u + i, load<f64>(u + i) + alpha * load<f64>(dir + i));
      const ri = load<f64>(r + i) - alpha * load<f64>(q + i);
      store<f64>(r + i, ri);
      rrNext += ri * ri;
      l1 += abs(ri * load<f64>(sq + i));
    }
    res = l1 / (1 - d);
    const beta = rrNext / rr;
    rr = rrNext;
    const vb = f64x2.splat(beta);
    i = 0;
    for (; i < pairs; i += 16) v128.store(dir + i, f64x2.add(v128.load(r + i), f64x2.mul(vb, v128.load(dir + i))));
    for (; i < nb; i += 8) store<f64>(dir + i, load<f64>(r + i) + beta * load<f64>(dir + i));
  }
  for (let i: usize = 0; i < nb; i += 8) store<f64>(u + i, load<f64>(u + i) * load<f64>(sq + i));
  lastResidual = res;
  return iterations;
}

/**
 * Jacobi iteration y ← v + d·W·(y / deg) from y = v (see ppr.ts solveJacobi), stopping when the change
 * × d/(1-d) <= tolerance. On return y holds the unnormalised solution; next and z are scratch.
 */
export function solveJacobi(
  n: i32, off: usize, tgt: usize, w: usize, inv: usize, v: usize,
  y: usize, next: usize, z: usize,
  d: f64, tolerance: f64, maxIterations: i32,
): i32 {
  const nb = <usize>n << 3;
  memory.copy(y, v, nb);
  const factor = d / (1 - d);
  let res: f64 = Infinity;
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    for (let i: usize = 0; i < nb; i += 16) v128.store(z + i, f64x2.mul(v128.load(y + i), v128.load(inv + i)));
    spmv(n, off, tgt, w, z, v, d, next);
    let change: f64 = 0;
    for (let i: usize = 0; i < nb; i += 8) change += abs(load<f64>(next + i) - load<f64>(y + i));
    res = change * factor;
    memory.copy(y, next, nb);
    if (res <= tolerance) break;
  }
  lastResidual = res;
  return iterations;
}

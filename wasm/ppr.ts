// AssemblyScript source of the WebAssembly PPR kernel (built by `npm run build:wasm` into wasm/ppr.wasm).
// The same two solvers and stopping rule as src/core/graph/ppr.ts (read its header for the maths):
// degree-preconditioned conjugate gradients on (D̂ - d·W)z = v, y = D̂z, and the Jacobi reference
// y ← v + d·W·(y/D̂), both stopping when the bound on the max abs error of the normalised scores is
// <= tolerance. The graph arrives in the solver numbering (nodes by arc count, descending; see
// preparePpr). Vectors are Float64, arc weights Float32, arc targets and row offsets Uint32, all in
// linear memory at byte offsets the host lays out (src/core/graph/ppr-wasm.ts). The sparse
// matrix–vector product and the vector passes use 128-bit SIMD (f64x2); a gather has no SIMD form, so
// x[target] lanes are loaded one by one into the vector.

let lastResidual: f64 = 0;
let lastSum: f64 = 0;
let lastResult: usize = 0;

/** First byte the host may use (nothing below it is ours to overwrite). */
export function heapBase(): usize {
  return __heap_base;
}

/** Bound on the max abs error of the normalised scores reached by the last solve. */
export function residual(): f64 {
  return lastResidual;
}

/** Σy of the last solve's (unnormalised) result. */
export function total(): f64 {
  return lastSum;
}

/** Byte offset of the last solve's unnormalised result y (one of the vectors the host passed). */
export function result(): usize {
  return lastResult;
}

/**
 * The sparse matrix–vector product, one call per product with the rows in a flat loop: for every row i,
 * out[i] = base_i + c·Σ_{a in row i} w[a]·x[tgt[a]] with base_i = a[i]·b[i] (scaled) or a[i]; four arcs
 * per step in two f64x2 accumulators. Returns Σ b[i]·out[i] when scaled (CG's dir·q), else 0.
 */
function spmv(
  n: i32,
  off: usize,
  tgt: usize,
  w: usize,
  x: usize,
  av: usize,
  bv: usize,
  scaled: bool,
  c: f64,
  out: usize,
): f64 {
  let dotSum: f64 = 0;
  let start = load<u32>(off);
  for (let i = 0; i < n; i++) {
    const end = load<u32>(off + ((<usize>(i + 1)) << 2));
    let acc0 = f64x2.splat(0);
    let acc1 = f64x2.splat(0);
    let a = start;
    for (; a + 4 <= end; a += 4) {
      const ta = tgt + ((<usize>a) << 2);
      let x0 = f64x2.splat(load<f64>(x + ((<usize>load<u32>(ta)) << 3)));
      x0 = f64x2.replace_lane(x0, 1, load<f64>(x + ((<usize>load<u32>(ta, 4)) << 3)));
      let x1 = f64x2.splat(load<f64>(x + ((<usize>load<u32>(ta, 8)) << 3)));
      x1 = f64x2.replace_lane(x1, 1, load<f64>(x + ((<usize>load<u32>(ta, 12)) << 3)));
      const ws = v128.load(w + ((<usize>a) << 2));
      acc0 = f64x2.add(acc0, f64x2.mul(f64x2.promote_low_f32x4(ws), x0));
      acc1 = f64x2.add(acc1, f64x2.mul(f64x2.promote_low_f32x4(v128.shuffle<u32>(ws, ws, 2, 3, 0, 1)), x1));
    }
    const acc = f64x2.add(acc0, acc1);
    let sum: f64 = f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1);
    for (; a < end; a++)
      sum += <f64>load<f32>(w + ((<usize>a) << 2)) * load<f64>(x + ((<usize>load<u32>(tgt + ((<usize>a) << 2))) << 3));
    const at = (<usize>i) << 3;
    if (scaled) {
      const bi = load<f64>(bv + at);
      const value = load<f64>(av + at) * bi + c * sum;
      store<f64>(out + at, value);
      dotSum += bi * value;
    } else {
      store<f64>(out + at, load<f64>(av + at) + c * sum);
    }
    start = end;
  }
  return dotSum;
}

/** The stopping bound (ppr.ts pprErrorBound, same operations in the same order). */
function errorBound(d: f64, gain: f64, sumExact: f64, rhoMax: f64, rhoNorm2: f64, sum: f64, yMax: f64): f64 {
  const eInf = rhoMax + (d * gain * Math.sqrt(rhoNorm2)) / (1 - d);
  return eInf / sum + ((yMax + eInf) * Math.abs(sum - sumExact)) / (sum * sumExact);
}

/**
 * Conjugate gradients from z = 0 (see ppr.ts solveCg). On return result() holds y = D̂z (unnormalised,
 * in the z vector) and the result is the iteration count; residual() gives the bound, total() Σy.
 * r, q, dir are scratch vectors.
 */
export function solveCg(
  n: i32,
  off: usize,
  tgt: usize,
  w: usize,
  deg: usize,
  inv: usize,
  v: usize,
  z: usize,
  r: usize,
  q: usize,
  dir: usize,
  d: f64,
  gain: f64,
  sumExact: f64,
  tolerance: f64,
  maxIterations: i32,
): i32 {
  const nb = (<usize>n) << 3;
  const pairs = nb & ~(<usize>15);
  let rz: f64 = 0;
  for (let i: usize = 0; i < nb; i += 8) {
    const ri = load<f64>(v + i);
    const hi = ri * load<f64>(inv + i);
    store<f64>(r + i, ri);
    store<f64>(dir + i, hi);
    store<f64>(z + i, 0);
    rz += ri * hi;
  }
  let res: f64 = Infinity;
  let sum: f64 = 0;
  let iterations = 0;
  while (res > tolerance && iterations < maxIterations) {
    iterations++;
    // q = (D̂ - d·W)·dir and dir·q
    const pq = spmv(n, off, tgt, w, dir, deg, dir, true, -d, q);
    const alpha = rz / pq;
    const va = f64x2.splat(alpha);
    let rz2 = f64x2.splat(0);
    let rhoMax2 = f64x2.splat(0);
    let sum2 = f64x2.splat(0);
    let yMax2 = f64x2.splat(0);
    let i: usize = 0;
    for (; i < pairs; i += 16) {
      const zi = f64x2.add(v128.load(z + i), f64x2.mul(va, v128.load(dir + i)));
      v128.store(z + i, zi);
      const ri = f64x2.sub(v128.load(r + i), f64x2.mul(va, v128.load(q + i)));
      v128.store(r + i, ri);
      rz2 = f64x2.add(rz2, f64x2.mul(f64x2.mul(ri, ri), v128.load(inv + i)));
      rhoMax2 = f64x2.max(rhoMax2, f64x2.abs(ri));
      const yi = f64x2.mul(zi, v128.load(deg + i));
      sum2 = f64x2.add(sum2, yi);
      yMax2 = f64x2.max(yMax2, yi);
    }
    let rzNext: f64 = f64x2.extract_lane(rz2, 0) + f64x2.extract_lane(rz2, 1);
    let rhoMax: f64 = max(f64x2.extract_lane(rhoMax2, 0), f64x2.extract_lane(rhoMax2, 1));
    sum = f64x2.extract_lane(sum2, 0) + f64x2.extract_lane(sum2, 1);
    let yMax: f64 = max(f64x2.extract_lane(yMax2, 0), f64x2.extract_lane(yMax2, 1));
    for (; i < nb; i += 8) {
      const zi = load<f64>(z + i) + alpha * load<f64>(dir + i);
      store<f64>(z + i, zi);
      const ri = load<f64>(r + i) - alpha * load<f64>(q + i);
      store<f64>(r + i, ri);
      rzNext += ri * ri * load<f64>(inv + i);
      rhoMax = max(rhoMax, abs(ri));
      const yi = zi * load<f64>(deg + i);
      sum += yi;
      yMax = max(yMax, yi);
    }
    res = errorBound(d, gain, sumExact, rhoMax, rzNext, sum, yMax);
    if (res <= tolerance) break;
    const beta = rzNext / rz;
    rz = rzNext;
    const vb = f64x2.splat(beta);
    i = 0;
    for (; i < pairs; i += 16)
      v128.store(
        dir + i,
        f64x2.add(f64x2.mul(v128.load(r + i), v128.load(inv + i)), f64x2.mul(vb, v128.load(dir + i))),
      );
    for (; i < nb; i += 8) store<f64>(dir + i, load<f64>(r + i) * load<f64>(inv + i) + beta * load<f64>(dir + i));
  }
  let i: usize = 0;
  for (; i < pairs; i += 16) v128.store(z + i, f64x2.mul(v128.load(z + i), v128.load(deg + i)));
  for (; i < nb; i += 8) store<f64>(z + i, load<f64>(z + i) * load<f64>(deg + i));
  lastResidual = res;
  lastSum = sum;
  lastResult = z;
  return iterations;
}

/**
 * Jacobi iteration y ← v + d·W·(y/D̂) from y = v (see ppr.ts solveJacobi). On return result() is y or
 * next (whichever holds the last iterate); zs is scratch.
 */
export function solveJacobi(
  n: i32,
  off: usize,
  tgt: usize,
  w: usize,
  inv: usize,
  v: usize,
  y: usize,
  next: usize,
  zs: usize,
  d: f64,
  gain: f64,
  sumExact: f64,
  tolerance: f64,
  maxIterations: i32,
): i32 {
  const nb = (<usize>n) << 3;
  memory.copy(y, v, nb);
  let res: f64 = Infinity;
  let sum: f64 = 0;
  let iterations = 0;
  while (iterations < maxIterations && res > tolerance) {
    iterations++;
    for (let i: usize = 0; i < nb; i += 16) v128.store(zs + i, f64x2.mul(v128.load(y + i), v128.load(inv + i)));
    spmv(n, off, tgt, w, zs, v, v, false, d, next);
    let rho2: f64 = 0;
    let yMax: f64 = 0;
    sum = 0;
    for (let i: usize = 0; i < nb; i += 8) {
      const value = load<f64>(next + i);
      const rho = value - load<f64>(y + i);
      rho2 += rho * rho * load<f64>(inv + i);
      sum += value;
      if (value > yMax) yMax = value;
    }
    res = errorBound(d, gain, sumExact, 0, rho2, sum, yMax);
    const t = y;
    y = next;
    next = t;
  }
  lastResidual = res;
  lastSum = sum;
  lastResult = y;
  return iterations;
}

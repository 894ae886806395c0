// Host side of the WebAssembly PPR kernel (source: wasm/ppr.ts, AssemblyScript, SIMD; binary wasm/ppr.wasm
// built by `npm run build:wasm`). Pure: the caller supplies the bytes (Node: fs.readFileSync, see
// wasm/ppr-node.ts; browser: fetch of the asset URL, see workers/engine.worker.ts). Each prepared graph
// gets its own instance whose linear memory holds the CSR, copied in once, so solves only copy the reset
// vector in and the scores out.
import type { PprPrepared, PprProblem, PprSolved } from './ppr-types.ts';
import { GraphError } from './errors.ts';

/** The module's exports (wasm/ppr.ts): the solvers take the graph's addresses, then d, gain, sumExact, tolerance and maxIterations. */
interface KernelExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  residual(): number;
  total(): number;
  result(): number;
  solveCg(...args: number[]): number;
  solveJacobi(...args: number[]): number;
}

/** A compiled PPR kernel module; instantiate per graph through {@link solveWithWasm}. */
export interface PprWasm {
  readonly module: WebAssembly.Module;
  /** One instance per prepared graph (its CSR lives in that instance's memory). */
  readonly instances: WeakMap<PprPrepared, WasmGraph>;
}

/** An instance and the byte offsets of the CSR and solver vectors in its memory. */
type WasmGraph = { exports: KernelExports; n: number } & Record<
  'off' | 'tgt' | 'w' | 'deg' | 'inv' | 'v' | 'z' | 'r' | 'q' | 'dir',
  number
>;

const EXPORTS = ['memory', 'heapBase', 'residual', 'total', 'result', 'solveCg', 'solveJacobi'] as const;

function checkModule(module: WebAssembly.Module): PprWasm {
  const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  const missing = EXPORTS.filter((e) => !names.has(e));
  if (missing.length > 0)
    throw new GraphError(
      `ppr wasm: the module lacks export(s) ${missing.join(', ')}; rebuild it with npm run build:wasm`,
    );
  return { module, instances: new WeakMap() };
}

/** Compiles the kernel synchronously (fine for this ~2 KB module in Node and in workers). */
export function compilePprWasm(bytes: BufferSource): PprWasm {
  try {
    return checkModule(new WebAssembly.Module(bytes));
  } catch (e) {
    if (e instanceof GraphError) throw e;
    throw new GraphError(
      `ppr wasm: cannot compile the kernel (${(e as Error).message}); this engine may lack WebAssembly SIMD`,
    );
  }
}

/** Compiles the kernel from bytes or a fetch response (streaming when the response allows it). */
export async function loadPprWasm(source: BufferSource | Response | PromiseLike<Response>): Promise<PprWasm> {
  const resolved = await source;
  if (!(typeof Response !== 'undefined' && resolved instanceof Response))
    return compilePprWasm(resolved as BufferSource);
  if (!resolved.ok)
    throw new GraphError(`ppr wasm: fetching ${resolved.url || 'the kernel'} failed with HTTP ${resolved.status}`);
  try {
    return checkModule(await WebAssembly.compile(await resolved.arrayBuffer()));
  } catch (e) {
    if (e instanceof GraphError) throw e;
    throw new GraphError(`ppr wasm: cannot compile the kernel fetched from ${resolved.url} (${(e as Error).message})`);
  }
}

let installed: PprWasm | null = null;

/** Makes `kernel` the one `personalizedPageRank` uses with kernel 'auto' (null: back to TypeScript). */
export function setPprWasm(kernel: PprWasm | null): void {
  installed = kernel;
}

export function installedPprWasm(): PprWasm | null {
  return installed;
}

const PAGE = 65536;
const align16 = (x: number) => Math.ceil(x / 16) * 16;

function instantiate(kernel: PprWasm, p: PprPrepared): WasmGraph {
  const instance = new WebAssembly.Instance(kernel.module, {});
  const ex = instance.exports as unknown as KernelExports;
  const n = p.csr.nodeCount;
  const m = p.csr.targets.length;
  let at = align16(ex.heapBase());
  const take = (bytes: number) => {
    const start = at;
    at += align16(bytes); // padded to 16 B: the SIMD passes may touch one f64 past an odd-length vector
    return start;
  };
  const g: WasmGraph = {
    exports: ex,
    n,
    off: take(4 * (n + 1)),
    tgt: take(4 * m),
    w: take(4 * m),
    deg: take(8 * n),
    inv: take(8 * n),
    v: take(8 * n),
    z: take(8 * n),
    r: take(8 * n),
    q: take(8 * n),
    dir: take(8 * n),
  };
  const pages = Math.ceil(at / PAGE);
  if (pages > 65536)
    throw new GraphError(
      `ppr wasm: the graph needs ${(at / 2 ** 30).toFixed(1)} GiB, over the 4 GiB of 32-bit WebAssembly memory; use kernel 'ts'`,
    );
  const have = ex.memory.buffer.byteLength / PAGE;
  if (pages > have) ex.memory.grow(pages - have);
  const buf = ex.memory.buffer;
  new Uint32Array(buf, g.off, n + 1).set(p.offsets);
  new Uint32Array(buf, g.tgt, m).set(p.targets);
  new Float32Array(buf, g.w, m).set(p.weights);
  new Float64Array(buf, g.deg, n).set(p.degree);
  new Float64Array(buf, g.inv, n).set(p.invDegree);
  return g;
}

/**
 * Solves with the WebAssembly kernel: 'cg' or 'jacobi' exactly as the TypeScript solvers do, on the
 * prepared graph's solver numbering. The returned y (unnormalised) is a view of the instance's memory,
 * valid until its next solve; the caller normalises and un-permutes it at once.
 */
export function solveWithWasm(kernel: PprWasm, p: PprPrepared, method: 'cg' | 'jacobi', pr: PprProblem): PprSolved {
  let g = kernel.instances.get(p);
  if (!g) kernel.instances.set(p, (g = instantiate(kernel, p)));
  const { exports: ex, n } = g;
  const { d, v, sumExact, tolerance, maxIterations } = pr;
  new Float64Array(ex.memory.buffer, g.v, n).set(v);
  const tail = [d, p.errorGain, sumExact, tolerance, maxIterations];
  const iterations =
    method === 'cg'
      ? ex.solveCg(n, g.off, g.tgt, g.w, g.deg, g.inv, g.v, g.z, g.r, g.q, g.dir, ...tail)
      : ex.solveJacobi(n, g.off, g.tgt, g.w, g.inv, g.v, g.z, g.r, g.q, ...tail); // y, next, zs in z, r, q
  return {
    y: new Float64Array(ex.memory.buffer, ex.result(), n),
    sum: ex.total(),
    iterations,
    residual: ex.residual(),
  };
}

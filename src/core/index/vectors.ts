// Brute-force cosine top-k over one packed Float32Array (n x dim, row-major). Vectors are stored
// L2-normalised, so cosine similarity is a dot product. The dot product is unrolled by 4 with four
// accumulators (fewer loop-carried dependencies, so V8 keeps the FPU busy), and the k best are kept
// in a size-k min-heap (./topk.ts, O(n log k)) instead of sorting all n scores.
// Ties go to the lower row index = corpus order (the Retriever contract's tie rule).
import { errorClass } from '../errors.ts';
import { selectTopK } from './topk.ts';
import { createSimdScorer, type SimdScorer } from './vectors-simd.ts';

/** Vector index misuse: dimension mismatch, bad k, non-finite values. */
export const VectorIndexError = errorClass('VectorIndexError', 'index.vectors');

/** Dot product of a[ao..ao+dim) and b[0..dim), unrolled by 4. */
export function dotAt(a: Float32Array, ao: number, b: Float32Array, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  const end4 = dim - (dim % 4);
  for (; i < end4; i += 4) {
    s0 += (a[ao + i] as number) * (b[i] as number);
    s1 += (a[ao + i + 1] as number) * (b[i + 1] as number);
    s2 += (a[ao + i + 2] as number) * (b[i + 2] as number);
    s3 += (a[ao + i + 3] as number) * (b[i + 3] as number);
  }
  for (; i < dim; i++) s0 += (a[ao + i] as number) * (b[i] as number);
  return s0 + s1 + s2 + s3;
}

/** Normalises every row to unit length in place; throws on a zero or non-finite row. */
export function normalizeRows(data: Float32Array, dim: number): void {
  const n = data.length / dim;
  for (let r = 0; r < n; r++) {
    const o = r * dim;
    const norm = Math.sqrt(dotAt(data, o, data.subarray(o, o + dim), dim));
    if (!(norm > 0) || !Number.isFinite(norm))
      throw new VectorIndexError(`row ${r} has norm ${norm}: cannot normalise`);
    for (let i = 0; i < dim; i++) data[o + i] = (data[o + i] as number) / norm;
  }
}

export class VectorIndex {
  readonly count: number;
  /** Rows as stored: with the SIMD kernel, a copy inside WebAssembly memory (the input may be dropped). */
  readonly data: Float32Array;
  readonly kernel: 'js' | 'wasm-simd';
  private readonly simd: SimdScorer | undefined;
  private scratch: Float32Array;
  /** Every row index, the candidates of a search. */
  private readonly rows: Uint32Array;

  /**
   * `data` is n x dim, row-major, rows L2-normalised (see normalizeRows). kernel 'auto' (default) uses
   * WebAssembly SIMD when available and dim % 4 === 0, else the JS loop.
   */
  constructor(
    data: Float32Array,
    readonly dim: number,
    options: { kernel?: 'auto' | 'js' | 'wasm-simd' } = {},
  ) {
    if (!Number.isInteger(dim) || dim < 1) throw new VectorIndexError(`dim must be a positive integer, got ${dim}`);
    if (data.length % dim !== 0)
      throw new VectorIndexError(`${data.length} floats is not a whole number of ${dim}-d vectors`);
    this.count = data.length / dim;
    const wanted = options.kernel ?? 'auto';
    this.simd = wanted === 'js' ? undefined : createSimdScorer(data, dim);
    if (wanted === 'wasm-simd' && !this.simd)
      throw new VectorIndexError(`the wasm-simd kernel needs WebAssembly SIMD and dim % 4 === 0 (dim ${dim})`);
    this.kernel = this.simd ? 'wasm-simd' : 'js';
    this.data = this.simd ? this.simd.data : data;
    this.scratch = new Float32Array(this.count);
    this.rows = Uint32Array.from({ length: this.count }, (_, i) => i);
  }

  /** Cosine similarity of the query with every row (query need not be normalised). */
  scoreAll(query: Float32Array, out: Float32Array = new Float32Array(this.count)): Float32Array {
    if (query.length !== this.dim)
      throw new VectorIndexError(`query has ${query.length} dimensions, the index has ${this.dim}`);
    const qn = Math.sqrt(dotAt(query, 0, query, this.dim));
    if (!(qn > 0) || !Number.isFinite(qn)) throw new VectorIndexError(`query vector has norm ${qn}`);
    const { data, dim, count } = this;
    const inv = 1 / qn;
    if (this.simd) {
      this.simd.score(query, out);
      if (inv !== 1) for (let r = 0; r < count; r++) out[r] = (out[r] as number) * inv;
      return out;
    }
    const end4 = dim - (dim % 4);
    // dotAt inlined by hand: the call and per-row division cost ~2x at 10k x 384 (bench/dense.ts).
    for (let r = 0, o = 0; r < count; r++, o += dim) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let i = 0;
      for (; i < end4; i += 4) {
        const b = o + i;
        s0 += (data[b] as number) * (query[i] as number);
        s1 += (data[b + 1] as number) * (query[i + 1] as number);
        s2 += (data[b + 2] as number) * (query[i + 2] as number);
        s3 += (data[b + 3] as number) * (query[i + 3] as number);
      }
      for (; i < dim; i++) s0 += (data[o + i] as number) * (query[i] as number);
      out[r] = (s0 + s1 + s2 + s3) * inv;
    }
    return out;
  }

  /** The k best rows (indices best first) and their scores. */
  search(query: Float32Array, k: number): { indices: Uint32Array; scores: Float32Array } {
    const scores = this.scoreAll(query, this.scratch);
    const indices = selectTopK(scores, this.rows, this.count, Math.max(0, Math.floor(k)));
    return { indices, scores: Float32Array.from(indices, (i) => scores[i] as number) };
  }
}

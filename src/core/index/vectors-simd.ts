// WebAssembly SIMD scorer for VectorIndex: scores[r] = dot(row r, query), four f32 lanes at a time
// (~4x the scalar JS loop at 10k x 384, see bench/dense.ts). The module is tiny, so it is assembled
// here from the text below instead of shipping a binary; JS stays the reference and the fallback
// (no WebAssembly SIMD, or dim not a multiple of 4).
//
// (module
//   (memory (export "memory") 1)
//   (func (export "scores") (param $data i32) (param $q i32) (param $out i32) (param $n i32) (param $dim i32)
//     (local $r i32) (local $i i32) (local $row i32) (local $bytes i32) (local $acc v128)
//     $bytes = $dim * 4; $row = $data
//     block $done loop $rows
//       br_if $done ($r >= $n)
//       $acc = 0; $i = 0
//       block $idone loop $inner
//         br_if $idone ($i >= $bytes)
//         $acc = f32x4.add($acc, f32x4.mul(v128.load($row + $i), v128.load($q + $i)))
//         $i += 16; br $inner
//       end end
//       f32.store($out + $r*4, lane0 + lane1 + lane2 + lane3)
//       $row += $bytes; $r += 1; br $rows
//     end end))

const PAGE = 65536;
const lget = (i: number) => [0x20, i];
const lset = (i: number) => [0x21, i];
const i32c = (v: number) => [0x41, v]; // only small non-negative constants < 64 are used
const SIMD = 0xfd;
const V128_LOAD = [SIMD, 0x00, 0x02, 0x00]; // align 2^2, offset 0
const F32X4_ADD = [SIMD, 0xe4, 0x01];
const F32X4_MUL = [SIMD, 0xe6, 0x01];
const lane = (k: number) => [SIMD, 0x1f, k];
const [I32_GE_U, I32_ADD, I32_MUL, F32_ADD] = [0x4f, 0x6a, 0x6c, 0x92];
const BLOCK_LOOP = [0x02, 0x40, 0x03, 0x40];
const br = (depth: number) => [0x0c, depth];
const brIf = (depth: number) => [0x0d, depth];
const END = 0x0b;

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}
const vec = (items: number[]) => [...leb(items.length), ...items];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const name = (s: string) => vec([...new TextEncoder().encode(s)]);

/** The module's bytes, one line per statement of the text above. */
function assembleSimdModule(): Uint8Array<ArrayBuffer> {
  const [DATA, Q, OUT, N, DIM, R, I, ROW, BYTES, ACC] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const body = [
    [2, 4, 0x7f, 1, 0x7b], // locals: 4 x i32, 1 x v128
    [...lget(DIM), ...i32c(4), I32_MUL, ...lset(BYTES)],
    [...lget(DATA), ...lset(ROW)],
    BLOCK_LOOP, // block $done, loop $rows
    [...lget(R), ...lget(N), I32_GE_U, ...brIf(1)],
    [SIMD, 0x0c, ...new Array<number>(16).fill(0), ...lset(ACC)], // acc = v128.const 0
    [...i32c(0), ...lset(I)],
    BLOCK_LOOP, // block $idone, loop $inner
    [...lget(I), ...lget(BYTES), I32_GE_U, ...brIf(1)],
    [...lget(ACC), ...lget(ROW), ...lget(I), I32_ADD, ...V128_LOAD, ...lget(Q), ...lget(I), I32_ADD, ...V128_LOAD],
    [...F32X4_MUL, ...F32X4_ADD, ...lset(ACC)],
    [...lget(I), ...i32c(16), I32_ADD, ...lset(I)],
    [...br(0), END, END], // br $inner; end loop; end block
    [...lget(OUT), ...lget(R), ...i32c(4), I32_MUL, I32_ADD],
    [...lget(ACC), ...lane(0), ...lget(ACC), ...lane(1), F32_ADD, ...lget(ACC), ...lane(2), F32_ADD],
    [...lget(ACC), ...lane(3), F32_ADD, 0x38, 0x02, 0x00], // f32.store align 2^2 offset 0
    [...lget(ROW), ...lget(BYTES), I32_ADD, ...lset(ROW)],
    [...lget(R), ...i32c(1), I32_ADD, ...lset(R)],
    [...br(0), END, END], // br $rows; end loop; end block
    [END], // end func
  ].flat();
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 5, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name('memory'), 0x02, 0, ...name('scores'), 0x00, 0]),
    ...section(10, [1, ...vec(body)]),
  ]);
}

let compiled: WebAssembly.Module | null | undefined;

function simdModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    // No WebAssembly, or an engine without SIMD (validate fails): the JS scorer is used, and
    // VectorIndex.kernel says which one runs.
    const bytes = assembleSimdModule();
    compiled = typeof WebAssembly !== 'undefined' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

export interface SimdScorer {
  /** The index's rows, living in the module's memory (the caller's copy can be dropped). */
  readonly data: Float32Array;
  score(query: Float32Array, out: Float32Array): void;
}

/** A scorer over a copy of `data` in WebAssembly memory; undefined when SIMD is unavailable or dim % 4 !== 0. */
export function createSimdScorer(data: Float32Array, dim: number): SimdScorer | undefined {
  const mod = simdModule();
  if (!mod || dim % 4 !== 0) return undefined;
  const n = data.length / dim;
  const dataBytes = data.length * 4;
  const qOff = dataBytes;
  const outOff = qOff + dim * 4;
  const total = outOff + n * 4;
  const instance = new WebAssembly.Instance(mod, {});
  const memory = instance.exports.memory as WebAssembly.Memory;
  const pages = Math.ceil(total / PAGE) - memory.buffer.byteLength / PAGE;
  if (pages > 0) memory.grow(pages);
  const rows = new Float32Array(memory.buffer, 0, data.length);
  rows.set(data);
  const q = new Float32Array(memory.buffer, qOff, dim);
  const scores = new Float32Array(memory.buffer, outOff, n);
  const run = instance.exports.scores as (d: number, q: number, o: number, n: number, dim: number) => void;
  return {
    data: rows,
    score(query, out) {
      q.set(query);
      run(0, qOff, outOff, n, dim);
      out.set(scores);
    },
  };
}

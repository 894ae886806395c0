// Precomputed vectors file ("HSVEC", documented in docs/vectors.md): lets a user embed a corpus
// elsewhere (GPU, Python sentence-transformers) and import the vectors instead of waiting for CPU WASM.
//   bytes 0..7   ASCII magic "HSVEC001"
//   bytes 8..11  uint32 LE: header length H
//   next H bytes UTF-8 JSON header { format: "hopscope.vectors", version: 1, count, dim,
//                dtype: "float32", model, normalized, ids: string[count] }
//   zero padding to a multiple of 4 bytes, then count x dim float32 little-endian, row i = ids[i].
import { HopscopeError } from '../errors.ts';

/** A precomputed-vectors file that cannot be used: names the file and what is wrong with it. */
export class VectorImportError extends HopscopeError {
  override readonly name: string = 'VectorImportError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super('index.vectors', `${file}: ${message}`);
  }
}

export const VECTORS_MAGIC = 'HSVEC001';
const VECTORS_FORMAT = 'hopscope.vectors';
const VECTORS_VERSION = 1;

export interface VectorsFile {
  model: string;
  dim: number;
  ids: string[];
  /** count x dim, row-major. */
  data: Float32Array;
  /** True when rows are already L2-normalised. */
  normalized: boolean;
}

const align4 = (n: number) => (n + 3) & ~3;

export function decodeVectorsFile(bytes: Uint8Array, file = 'vectors file'): VectorsFile {
  const fail: (m: string) => never = (m) => {
    throw new VectorImportError(file, m);
  };
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== VECTORS_MAGIC) {
    fail(`not a Hopscope vectors file (expected the magic "${VECTORS_MAGIC}" at byte 0; see docs/vectors.md)`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length)
    fail(`header of ${headerLength} bytes runs past the end of the ${bytes.length}-byte file`);
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength)));
  } catch (cause) {
    fail(`header is not JSON (${(cause as Error).message})`);
  }
  const h = header as Record<string, unknown>;
  if (h.format !== VECTORS_FORMAT) fail(`header.format is ${JSON.stringify(h.format)}, expected "${VECTORS_FORMAT}"`);
  if (h.version !== VECTORS_VERSION)
    fail(`format version ${JSON.stringify(h.version)} is not supported (this build reads version ${VECTORS_VERSION})`);
  if (h.dtype !== 'float32') fail(`header.dtype is ${JSON.stringify(h.dtype)}, only "float32" is supported`);
  const { count, dim } = h;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
    fail(`header.count must be a non-negative integer, got ${JSON.stringify(count)}`);
  if (typeof dim !== 'number' || !Number.isInteger(dim) || dim < 1)
    fail(`header.dim must be a positive integer, got ${JSON.stringify(dim)}`);
  if (typeof h.model !== 'string' || h.model === '') fail('header.model must name the embedding model');
  if (typeof h.normalized !== 'boolean') fail('header.normalized must be true or false');
  const ids = h.ids;
  if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string'))
    fail('header.ids must be an array of passage id strings');
  const idList = ids as string[];
  if (idList.length !== count) fail(`header.count is ${count} but header.ids has ${idList.length} ids`);
  if (new Set(idList).size !== idList.length) fail('header.ids holds duplicate ids');
  const dataOffset = align4(12 + headerLength);
  const expected = count * dim * 4;
  const actual = bytes.length - dataOffset;
  if (actual !== expected) {
    fail(
      `${count} vectors x ${dim} dims need ${expected} bytes of float32 data, the file has ${actual} (truncated or wrong dim)`,
    );
  }
  const data = new Float32Array(expected / 4);
  for (let i = 0; i < data.length; i++) {
    const x = view.getFloat32(dataOffset + 4 * i, true);
    if (!Number.isFinite(x))
      fail(`vector ${Math.floor(i / dim)} ("${idList[Math.floor(i / dim)]}") holds a non-finite value`);
    data[i] = x;
  }
  return { model: h.model, dim, ids: idList, data, normalized: h.normalized };
}

/**
 * Reorders imported vectors into corpus order. Every corpus passage must have a vector (a missing
 * one would silently never be retrieved); vectors for ids outside the corpus are an error too.
 */
export function alignVectorsToCorpus(
  v: VectorsFile,
  passageIds: readonly string[],
  file = 'vectors file',
): Float32Array {
  const row = new Map(v.ids.map((id, i) => [id, i]));
  const missing = passageIds.filter((id) => !row.has(id));
  if (missing.length > 0) {
    throw new VectorImportError(
      file,
      `${missing.length} of ${passageIds.length} corpus passages have no vector (first: "${missing.slice(0, 3).join('", "')}")`,
    );
  }
  if (v.ids.length !== passageIds.length) {
    const corpus = new Set(passageIds);
    const extra = v.ids.filter((id) => !corpus.has(id));
    throw new VectorImportError(
      file,
      `${extra.length} vectors belong to no passage of this corpus (first: "${extra.slice(0, 3).join('", "')}")`,
    );
  }
  const out = new Float32Array(passageIds.length * v.dim);
  passageIds.forEach((id, i) =>
    out.set(v.data.subarray((row.get(id) as number) * v.dim, ((row.get(id) as number) + 1) * v.dim), i * v.dim),
  );
  return out;
}

// Precomputed vectors as NumPy `.npy` (float32, C order, shape [count, dim]) plus the passage ids in
// row order (a text file with one id per line, or a JSON array), or one HSVEC file (vectors-format.ts).
// Every check names the file and what is wrong: magic, version, dtype, order, shape, byte length,
// non-finite values, id count, duplicate ids, and (alignVectorsToCorpus) ids that miss the corpus.
// NPY format: https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
import {
  alignVectorsToCorpus,
  decodeVectorsFile,
  VectorImportError,
  VECTORS_MAGIC,
  type VectorsFile,
} from './vectors-format.ts';

export interface BinaryFile {
  name: string;
  bytes: Uint8Array;
}

const NPY_MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

export function parseNpyFloat32(
  bytes: Uint8Array,
  file = 'vectors.npy',
): { count: number; dim: number; data: Float32Array } {
  const fail: (m: string) => never = (m) => {
    throw new VectorImportError(file, m);
  };
  if (bytes.length < 10 || NPY_MAGIC.some((b, i) => bytes[i] !== b))
    fail('not a NumPy .npy file (expected the magic "\\x93NUMPY" at byte 0)');
  const major = bytes[6]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (major < 1 || major > 3) fail(`.npy format version ${major}.${bytes[7]} is not supported (1.0 to 3.0 are)`);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = major === 1 ? 10 : 12;
  if (start + headerLength > bytes.length)
    fail(`header of ${headerLength} bytes runs past the end of the ${bytes.length}-byte file`);
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(start, start + headerLength));
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shape = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || fortran === undefined || shape === undefined)
    fail(`header is not a NumPy header dict: ${JSON.stringify(header.trim().slice(0, 120))}`);
  if (descr !== '<f4' && descr !== '=f4')
    fail(`dtype is "${descr}", expected float32 little-endian "<f4" (use array.astype('<f4'))`);
  if (fortran === 'True') fail('the array is in Fortran order; save a C-ordered array (np.ascontiguousarray)');
  const dims = shape
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  if (dims.length !== 2 || dims.some((d) => !Number.isInteger(d) || d < 0))
    fail(`shape is (${shape}); expected 2 dimensions (passages, dim)`);
  const [count, dim] = dims as [number, number];
  if (dim < 1) fail('the vectors have 0 dimensions');
  const offset = start + headerLength;
  const expected = count * dim * 4;
  if (bytes.length - offset !== expected)
    fail(
      `shape (${count}, ${dim}) needs ${expected} bytes of float32 data, the file has ${bytes.length - offset} (truncated?)`,
    );
  const data = new Float32Array(count * dim);
  for (let i = 0; i < data.length; i++) {
    const x = view.getFloat32(offset + 4 * i, true);
    if (!Number.isFinite(x)) fail(`row ${Math.floor(i / dim)} holds a non-finite value (${x}) at column ${i % dim}`);
    data[i] = x;
  }
  return { count, dim, data };
}

/** Passage ids in row order: a JSON array of strings, or one id per line (blank lines ignored). */
export function parseIdList(text: string, file = 'ids'): string[] {
  const trimmed = text.trim();
  let ids: unknown;
  if (trimmed.startsWith('[')) {
    try {
      ids = JSON.parse(trimmed);
    } catch (cause) {
      throw new VectorImportError(file, `not a JSON array of ids (${(cause as Error).message})`);
    }
    if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string'))
      throw new VectorImportError(file, 'the JSON must be an array of passage id strings');
  } else
    ids = trimmed
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
  const list = ids as string[];
  const seen = new Set<string>();
  for (const [i, id] of list.entries()) {
    if (seen.has(id)) throw new VectorImportError(file, `id "${id}" appears twice (line ${i + 1})`);
    seen.add(id);
  }
  return list;
}

const isNpy = (f: BinaryFile) => /\.npy$/i.test(f.name);
const isHsvec = (f: BinaryFile) => new TextDecoder().decode(f.bytes.subarray(0, 8)) === VECTORS_MAGIC;

/** One HSVEC file, or one .npy plus one ids file (.txt/.json/.tsv), into a validated VectorsFile. */
export function readPrecomputedVectors(files: readonly BinaryFile[]): VectorsFile & { file: string } {
  const hsvec = files.find(isHsvec);
  if (hsvec) return { ...decodeVectorsFile(hsvec.bytes, hsvec.name), file: hsvec.name };
  const npy = files.filter(isNpy);
  const idFiles = files.filter((f) => !isNpy(f));
  if (npy.length !== 1 || idFiles.length !== 1) {
    throw new VectorImportError(
      files.map((f) => f.name).join(', ') || '(no files)',
      'give one HSVEC file, or one .npy float32 matrix plus one file with the passage ids in row order (see docs/vectors.md)',
    );
  }
  const m = parseNpyFloat32(npy[0]!.bytes, npy[0]!.name);
  const ids = parseIdList(new TextDecoder().decode(idFiles[0]!.bytes), idFiles[0]!.name);
  if (ids.length !== m.count)
    throw new VectorImportError(
      npy[0]!.name,
      `${m.count} vectors but ${idFiles[0]!.name} lists ${ids.length} passage ids`,
    );
  return { model: 'unknown (.npy)', dim: m.dim, ids, data: m.data, normalized: false, file: npy[0]!.name };
}

/** Checks the dimension against the configured model's and reorders rows into corpus order. */
export function vectorsForCorpus(
  v: VectorsFile & { file: string },
  passageIds: readonly string[],
  expectedDim: number | null,
): Float32Array {
  if (expectedDim !== null && v.dim !== expectedDim) {
    throw new VectorImportError(
      v.file,
      `the vectors have ${v.dim} dimensions, the embedding model in Settings makes ${expectedDim}-d vectors; queries could not be compared with them`,
    );
  }
  return alignVectorsToCorpus(v, passageIds, v.file);
}

// Test helper: .npy bytes as numpy.save writes them (format 1.0), with knobs to make them malformed.
/** A .npy v1.0 file as numpy.save writes it (header padded so the data starts at a multiple of 64). */
export function npyBytes(
  rows: number[][],
  options: { descr?: string; fortran?: boolean; shape?: string } = {},
): Uint8Array {
  const dim = rows[0]?.length ?? 0;
  let header = `{'descr': '${options.descr ?? '<f4'}', 'fortran_order': ${options.fortran ? 'True' : 'False'}, 'shape': (${options.shape ?? `${rows.length}, ${dim}`}), }`;
  header += ' '.repeat(63 - ((10 + header.length) % 64)) + '\n';
  const out = new Uint8Array(10 + header.length + rows.length * dim * 4);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  new DataView(out.buffer).setUint16(8, header.length, true);
  out.set(new TextEncoder().encode(header), 10);
  out.set(new Uint8Array(Float32Array.from(rows.flat()).buffer), 10 + header.length);
  return out;
}

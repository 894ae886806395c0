// Test helper: an HSVEC vectors file as docs/vectors.md specifies it (what the Python snippet there
// writes), for src/core/index/vectors-format.ts's reader.
import { VECTORS_MAGIC, type VectorsFile } from '../../src/core/index/vectors-format.ts';

export function encodeVectorsFile(v: VectorsFile): Uint8Array {
  const count = v.ids.length;
  if (v.data.length !== count * v.dim) throw new Error(`${v.data.length} floats for ${count} ids x ${v.dim} dims`);
  const header = new TextEncoder().encode(
    JSON.stringify({
      format: 'hopscope.vectors',
      version: 1,
      count,
      dim: v.dim,
      dtype: 'float32',
      model: v.model,
      normalized: v.normalized,
      ids: v.ids,
    }),
  );
  const dataOffset = (12 + header.length + 3) & ~3;
  const out = new Uint8Array(dataOffset + v.data.length * 4);
  out.set(new TextEncoder().encode(VECTORS_MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, header.length, true);
  out.set(header, 12);
  for (let i = 0; i < v.data.length; i++) view.setFloat32(dataOffset + 4 * i, v.data[i] as number, true);
  return out;
}

import { describe, expect, it } from 'vitest';
import {
  alignVectorsToCorpus,
  decodeVectorsFile,
  VectorImportError,
  type VectorsFile,
} from '../../../src/core/index/vectors-format.ts';
import { encodeVectorsFile } from '../../support/vectors-file.ts';

const sample: VectorsFile = {
  model: 'all-MiniLM-L6-v2',
  dim: 3,
  ids: ['b', 'a'],
  data: Float32Array.of(1, 2, 3, 4, 5, 6),
  normalized: false,
};

function patchHeader(bytes: Uint8Array, edit: (h: Record<string, unknown>) => void): Uint8Array {
  const len = new DataView(bytes.buffer).getUint32(8, true);
  const h = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + len))) as Record<string, unknown>;
  edit(h);
  const data = bytes.subarray((12 + len + 3) & ~3);
  const header = new TextEncoder().encode(JSON.stringify(h));
  const off = (12 + header.length + 3) & ~3;
  const out = new Uint8Array(off + data.length);
  out.set(bytes.subarray(0, 8));
  new DataView(out.buffer).setUint32(8, header.length, true);
  out.set(header, 12);
  out.set(data, off);
  return out;
}

describe('HSVEC vectors file', () => {
  it('round-trips ids, model, dim, normalised flag and float32 data', () => {
    const back = decodeVectorsFile(encodeVectorsFile(sample));
    expect(back).toEqual({ ...sample, data: sample.data });
    expect(Array.from(back.data)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('data starts 4-byte aligned, little-endian', () => {
    const bytes = encodeVectorsFile(sample);
    const len = new DataView(bytes.buffer).getUint32(8, true);
    const off = (12 + len + 3) & ~3;
    expect(new DataView(bytes.buffer).getFloat32(off + 4 * 5, true)).toBe(6);
  });

  it('refuses a truncated file, naming the file and the byte counts', () => {
    const bytes = encodeVectorsFile(sample);
    const err = (() => {
      try {
        decodeVectorsFile(bytes.subarray(0, bytes.length - 4), 'mine.hsvec');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(VectorImportError);
    expect((err as Error).message).toMatch(
      /mine\.hsvec: 2 vectors x 3 dims need 24 bytes of float32 data, the file has 20/,
    );
  });

  it('refuses count/ids and dim mismatches, wrong magic, versions and non-finite values', () => {
    const bytes = encodeVectorsFile(sample);
    expect(() => decodeVectorsFile(patchHeader(bytes, (h) => (h.count = 3)))).toThrow(
      /header.count is 3 but header.ids has 2/,
    );
    expect(() => decodeVectorsFile(patchHeader(bytes, (h) => (h.dim = 2)))).toThrow(/need 16 bytes/);
    expect(() => decodeVectorsFile(patchHeader(bytes, (h) => (h.version = 2)))).toThrow(/version 2 is not supported/);
    expect(() => decodeVectorsFile(new TextEncoder().encode('{"not":"ours"}'))).toThrow(/magic "HSVEC001"/);
    const nan = encodeVectorsFile({ ...sample, data: Float32Array.of(1, 2, 3, 4, NaN, 6) });
    expect(() => decodeVectorsFile(nan)).toThrow(/vector 1 \("a"\) holds a non-finite value/);
  });

  it('aligns to corpus order and refuses missing or foreign ids', () => {
    expect(Array.from(alignVectorsToCorpus(sample, ['a', 'b']))).toEqual([4, 5, 6, 1, 2, 3]);
    expect(() => alignVectorsToCorpus(sample, ['a', 'b', 'c'], 'v.hsvec')).toThrow(
      /v\.hsvec: 1 of 3 corpus passages have no vector \(first: "c"\)/,
    );
    expect(() => alignVectorsToCorpus(sample, ['a'])).toThrow(
      /1 vectors belong to no passage of this corpus \(first: "b"\)/,
    );
  });
});

// The .npy + ids reader for precomputed vectors: valid files load, and every malformed input is
// refused with a message naming the file and the problem.
import { describe, expect, it } from 'vitest';
import { encodeVectorsFile } from '../../support/vectors-file.ts';
import { npyBytes } from '../../support/npy.ts';
import {
  parseIdList,
  parseNpyFloat32,
  readPrecomputedVectors,
  vectorsForCorpus,
} from '../../../src/core/index/vectors-npy.ts';

const enc = (s: string) => new TextEncoder().encode(s);

describe('parseNpyFloat32', () => {
  it('reads a float32 C-order 2-d array', () => {
    const m = parseNpyFloat32(
      npyBytes([
        [1, 2, 3],
        [4, 5, 6],
      ]),
    );
    expect(m).toMatchObject({ count: 2, dim: 3 });
    expect(Array.from(m.data)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it.each([
    ['not npy', enc('hello world, not numpy'), /not a NumPy \.npy file/],
    ['float64', npyBytes([[1, 2]], { descr: '<f8' }), /dtype is "<f8", expected float32/],
    ['fortran', npyBytes([[1, 2]], { fortran: true }), /Fortran order/],
    ['1-d', npyBytes([[1, 2]], { shape: '2,' }), /expected 2 dimensions/],
    [
      'truncated',
      npyBytes([
        [1, 2],
        [3, 4],
      ]).subarray(0, -4),
      /needs 16 bytes of float32 data, the file has 12/,
    ],
    ['NaN', npyBytes([[1, NaN]]), /row 0 holds a non-finite value \(NaN\) at column 1/],
  ])('refuses %s', (_, bytes, message) => {
    expect(() => parseNpyFloat32(bytes, 'v.npy')).toThrow(message);
    expect(() => parseNpyFloat32(bytes, 'v.npy')).toThrow(/^index\.vectors: v\.npy: /);
  });
});

describe('readPrecomputedVectors', () => {
  it('pairs the .npy rows with the ids (text lines or JSON) and aligns them to corpus order', () => {
    for (const ids of ['b\na\n', '["b","a"]']) {
      const v = readPrecomputedVectors([
        {
          name: 'v.npy',
          bytes: npyBytes([
            [1, 0],
            [0, 1],
          ]),
        },
        { name: 'ids.txt', bytes: enc(ids) },
      ]);
      expect(Array.from(vectorsForCorpus(v, ['a', 'b'], 2))).toEqual([0, 1, 1, 0]);
    }
  });
  it('reads an HSVEC file on its own', () => {
    const bytes = encodeVectorsFile({ model: 'm', dim: 2, ids: ['a'], data: Float32Array.of(1, 0), normalized: true });
    expect(readPrecomputedVectors([{ name: 'c.hsvec', bytes }])).toMatchObject({
      model: 'm',
      dim: 2,
      ids: ['a'],
      file: 'c.hsvec',
    });
  });
  it('names what is wrong: counts, dimension, duplicate or foreign ids, missing files', () => {
    const npy = {
      name: 'v.npy',
      bytes: npyBytes([
        [1, 0],
        [0, 1],
      ]),
    };
    expect(() => readPrecomputedVectors([npy, { name: 'ids.txt', bytes: enc('a\nb\nc') }])).toThrow(
      'v.npy: 2 vectors but ids.txt lists 3 passage ids',
    );
    expect(() => readPrecomputedVectors([npy])).toThrow(/one \.npy float32 matrix plus one file with the passage ids/);
    expect(() => parseIdList('a\nb\na', 'ids.txt')).toThrow('ids.txt: id "a" appears twice (line 3)');
    const v = readPrecomputedVectors([npy, { name: 'ids.txt', bytes: enc('a\nzzz') }]);
    expect(() => vectorsForCorpus(v, ['a', 'b'], 2)).toThrow(
      /v\.npy: 1 of 2 corpus passages have no vector \(first: "b"\)/,
    );
    expect(() => vectorsForCorpus(v, ['a', 'zzz'], 384)).toThrow(
      'v.npy: the vectors have 2 dimensions, the embedding model in Settings makes 384-d vectors',
    );
  });
});

// A user-supplied model file is checked against the Git LFS pointer recorded for the real file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ModelVerificationError,
  parseLfsPointer,
  sha256Hex,
  verifyModelFile,
} from '../../../src/core/embed/verify-model.ts';
import { estimateEmbeddingTime, formatDuration } from '../../../src/core/embed/estimate.ts';
import type { Embedder } from '../../../src/core/embed/port.ts';
import { EmbedError } from '../../../src/core/embed/port.ts';
import { REAL_MODEL_DIR, TINY_MODEL, tinyEncoderRoot } from '../../../harness/tiny-encoder.ts';

describe('model file verification against lfs_pointers', () => {
  it('parses the real pointer of model_quantized.onnx (size 22,972,370)', async () => {
    const text = await readFile(
      join(REAL_MODEL_DIR, 'lfs_pointers/onnx__model_quantized.onnx.lfs-pointer.txt'),
      'utf8',
    );
    const p = parseLfsPointer(text);
    expect(p).toEqual({ sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1', size: 22_972_370 });
  });

  it('refuses something that is not a pointer', () => {
    expect(() => parseLfsPointer('<html>404</html>', 'model_quantized.onnx.lfs-pointer.txt')).toThrow(
      /model_quantized.onnx.lfs-pointer.txt: not a Git LFS pointer/,
    );
  });

  it('accepts the exact bytes, refuses a truncated copy (size) and a same-size different file (sha256)', async () => {
    const bytes = new Uint8Array(await readFile(join(await tinyEncoderRoot(), TINY_MODEL, 'onnx/model.onnx')));
    const pointer = { sha256: await sha256Hex(bytes), size: bytes.byteLength };
    await expect(verifyModelFile('model.onnx', bytes, pointer)).resolves.toBeUndefined();
    await expect(verifyModelFile('model.onnx', bytes.subarray(0, 1000), pointer)).rejects.toThrow(
      /model.onnx: 1000 bytes, expected \d+ \(truncated/,
    );
    const flipped = bytes.slice();
    flipped[500] = (flipped[500] as number) ^ 1;
    const err = await verifyModelFile('model.onnx', flipped, pointer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelVerificationError);
    expect((err as Error).message).toMatch(/sha256 [0-9a-f]{64} does not match/);
  });

  it('the generated stand-in is refused against the real weights pointer', async () => {
    const bytes = new Uint8Array(await readFile(join(await tinyEncoderRoot(), TINY_MODEL, 'onnx/model.onnx')));
    const real = parseLfsPointer(
      await readFile(join(REAL_MODEL_DIR, 'lfs_pointers/onnx__model_quantized.onnx.lfs-pointer.txt'), 'utf8'),
    );
    await expect(verifyModelFile('model_quantized.onnx', bytes, real)).rejects.toBeInstanceOf(ModelVerificationError);
  });

  it('sha256Hex matches a known vector', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('embedding time estimate', () => {
  // A fake embedder whose cost is 2 ms per character on a fake clock: the estimate must extrapolate
  // from the measured sample to the whole corpus by length.
  function fakeEmbedder(clock: { t: number }): Embedder {
    return {
      label: 'fake',
      model: 'fake',
      async embed(texts) {
        clock.t += texts.reduce((s, x) => s + x.length, 0) * 2;
        return { dim: 1, count: texts.length, data: new Float32Array(texts.length).fill(1) };
      },
      async dispose() {},
    };
  }

  it('measures a spread sample and extrapolates by characters', async () => {
    const clock = { t: 0 };
    const texts = Array.from({ length: 1000 }, (_, i) => 'x'.repeat(10 + (i % 10)));
    const est = await estimateEmbeddingTime(fakeEmbedder(clock), texts, { sample: 20, now: () => clock.t });
    const totalChars = texts.reduce((s, x) => s + x.length, 0);
    expect(est.sampled).toBe(20);
    expect(est.estimatedSeconds).toBeCloseTo((totalChars * 2) / 1000, 6);
    expect(est.textsPerSecond).toBeCloseTo((20 * 1000) / est.sampleMs, 6);
  });

  it('an empty corpus needs no time, and durations read like a person would say them', async () => {
    const est = await estimateEmbeddingTime(fakeEmbedder({ t: 0 }), []);
    expect(est.estimatedSeconds).toBe(0);
    expect(formatDuration(200)).toBe('about 3 min 20 s');
    expect(formatDuration(3600 * 2 + 60)).toBe('about 2 h 1 min');
    expect(formatDuration(0.2)).toBe('under a second');
    expect(new EmbedError('x').message).toBe('embed: x');
  });
});

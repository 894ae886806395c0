// The measured WebGPU/WASM choice (issue #19) as pure functions: both branches of each use, the
// vector-agreement guard, the no-WebGPU sentence, and the measurement over the Embedder port with
// fake embedders whose cost per text is known (an injected clock advances by it).
import { describe, expect, it } from 'vitest';
import {
  backendSummary,
  chooseBackends,
  describeBackendChoice,
  maxAbsDiff,
  singleBackend,
  VECTOR_TOLERANCE,
  type BackendTiming,
} from '../../../src/core/embed/backend-choice.ts';
import { MEASURE_BATCH, measureBackends } from '../../../src/core/embed/measure-backends.ts';
import type { Embedder } from '../../../src/core/embed/port.ts';

const t = (backend: 'webgpu' | 'wasm', batchMs: number, queryMs: number): BackendTiming => ({
  backend,
  batchSize: 32,
  batchMs,
  queryMs,
});

describe('chooseBackends', () => {
  it('batches on WebGPU and queries on WASM when each is faster there', () => {
    const c = chooseBackends([t('webgpu', 40, 9), t('wasm', 320, 4)], 2e-6);
    expect(c).toMatchObject({ webgpu: 'measured', batch: 'webgpu', query: 'wasm' });
    expect(backendSummary(c)).toBe('webgpu batches, wasm queries');
    expect(describeBackendChoice(c)).toBe(
      'WebGPU: batch of 32 in 40.0 ms, one query in 9.0 ms; WASM: batch of 32 in 320 ms, one query in 4.0 ms -> batches on WebGPU, queries on WASM; vectors agree within 2.0e-6',
    );
  });

  it('everything on WebGPU when it wins both', () => {
    const c = chooseBackends([t('wasm', 320, 9), t('webgpu', 40, 3)], 0);
    expect(c).toMatchObject({ batch: 'webgpu', query: 'webgpu' });
    expect(describeBackendChoice(c)).toMatch(/-> both on WebGPU; vectors agree/);
  });

  it('everything on WASM when it wins both (a software GPU), and says why', () => {
    const c = chooseBackends([t('webgpu', 900, 30), t('wasm', 300, 4)], 1e-6);
    expect(c).toMatchObject({ batch: 'wasm', query: 'wasm', reason: 'WASM was faster for both' });
    expect(backendSummary(c)).toBe('wasm');
  });

  it('compares batches per text, so timings of different batch sizes are fair', () => {
    const c = chooseBackends(
      [
        { backend: 'webgpu', batchSize: 64, batchMs: 100, queryMs: 5 },
        { backend: 'wasm', batchSize: 16, batchMs: 30, queryMs: 5 },
      ],
      0,
    );
    expect(c.batch).toBe('webgpu'); // 1.6 ms/text vs 1.9 ms/text
    expect(c.query).toBe('wasm'); // a tie keeps WASM
  });

  it('never mixes backends whose vectors disagree: the batch winner does both', () => {
    const c = chooseBackends([t('webgpu', 40, 9), t('wasm', 320, 4)], 0.05);
    expect(c).toMatchObject({ batch: 'webgpu', query: 'webgpu' });
    expect(c.reason).toMatch(/differ by up to 5\.0e-2 \(> 0\.001\): one backend does both/);
    expect(chooseBackends([t('webgpu', 40, 9), t('wasm', 320, 4)], NaN).query).toBe('webgpu');
    expect(VECTOR_TOLERANCE).toBe(1e-3);
  });

  it('without an adapter nothing is measured and the sentence says WebGPU is not available', () => {
    expect(describeBackendChoice(singleBackend('wasm', 'absent'))).toBe('WebGPU not available: WASM');
    expect(describeBackendChoice(singleBackend('wasm', 'failed', 'it could not load the model: no shader-f16'))).toBe(
      'WebGPU failed: WASM (it could not load the model: no shader-f16)',
    );
    expect(describeBackendChoice(singleBackend('cpu', 'not-applicable'))).toMatch(
      /^CPU \(onnxruntime-node\) \(no WebGPU outside a browser\)$/,
    );
    expect(() => chooseBackends([t('wasm', 1, 1)], 0)).toThrow(/one WebGPU and one WASM timing/);
  });

  it('maxAbsDiff: largest component difference; a shape mismatch or NaN is Infinity', () => {
    expect(maxAbsDiff(Float32Array.of(1, 2, 3), Float32Array.of(1, 2.5, 2.75))).toBe(0.5);
    expect(maxAbsDiff(Float32Array.of(1), Float32Array.of(1, 2))).toBe(Infinity);
    expect(maxAbsDiff(Float32Array.of(NaN), Float32Array.of(0))).toBe(Infinity);
  });
});

describe('measureBackends', () => {
  // A fake embedder on a fake clock: each call costs setup + perText * texts ms; vectors are the text lengths (+ a bias).
  function fake(clock: { t: number }, setup: number, perText: number, bias = 0): Embedder & { calls: number[] } {
    const calls: number[] = [];
    return {
      label: 'fake',
      model: 'fake',
      calls,
      async embed(texts) {
        calls.push(texts.length);
        clock.t += setup + perText * texts.length;
        return { dim: 1, count: texts.length, data: Float32Array.from(texts, (x) => x.length / 100 + bias) };
      },
      async dispose() {},
    };
  }

  it('warms up, times a batch and the fastest single query on each, and picks per use', async () => {
    const clock = { t: 0 };
    const gpu = fake(clock, 8, 0.5); // batch 8 + 16 = 24 ms, query 8.5 ms
    const cpu = fake(clock, 0.2, 6); // batch 192.2 ms, query 6.2 ms
    const c = await measureBackends(gpu, cpu, () => clock.t);
    expect(gpu.calls).toEqual([MEASURE_BATCH, MEASURE_BATCH, 1, 1, 1]);
    expect(cpu.calls).toEqual(gpu.calls);
    expect(c.timings).toEqual([
      { backend: 'webgpu', batchSize: 32, batchMs: 24, queryMs: 8.5 },
      { backend: 'wasm', batchSize: 32, batchMs: expect.closeTo(192.2, 6), queryMs: expect.closeTo(6.2, 6) },
    ]);
    expect(c).toMatchObject({ batch: 'webgpu', query: 'wasm', maxVectorDiff: 0 });
  });

  it('vectors that differ between the backends keep one backend for both', async () => {
    const clock = { t: 0 };
    const c = await measureBackends(fake(clock, 8, 0.5, 0.01), fake(clock, 0.2, 6), () => clock.t);
    expect(c.maxVectorDiff).toBeCloseTo(0.01, 6);
    expect(c).toMatchObject({ batch: 'webgpu', query: 'webgpu' });
  });
});

// The worker path in Node worker_threads: Comlink over the node adapter, the real transformers.js
// pipeline with the real tokenizer and the generated encoder inside the worker thread.
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import type { EmbedProgress } from '../../src/core/embed/port.ts';
import { AbortedError } from '../../src/core/errors.ts';
import { createTransformersEmbedder } from '../../src/providers/embed/transformers-embedder.ts';
import { createWorkerEmbedder, type WorkerEmbedder } from '../../src/providers/embed/worker-embedder.ts';
import type { EmbedWorkerApi } from '../../src/providers/embed/worker-protocol.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';

describe('embed worker (Node worker_threads)', () => {
  const worker = new Worker(new URL('./embed-worker-host.mjs', import.meta.url));
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const remote = wrap<EmbedWorkerApi>(nodeEndpoint(worker));
  let root: string;
  let embedder: WorkerEmbedder;
  beforeAll(async () => {
    root = await tinyEncoderRoot();
    embedder = createWorkerEmbedder(remote, {
      model: TINY_MODEL,
      localModelPath: root,
      device: 'cpu',
      dtype: 'fp32',
      batchSize: 3,
    });
  });
  afterAll(async () => {
    await worker.terminate();
  });

  it('loads in the worker with progress events coming back across the thread', async () => {
    const events: EmbedProgress[] = [];
    // progress callbacks travel on their own message port, so wait for the ready event itself
    let sawReady!: () => void;
    const ready = new Promise<void>((r) => (sawReady = r));
    const onProgress = (p: EmbedProgress) => {
      events.push(p);
      if (p.phase === 'ready') sawReady();
    };
    await Promise.race([Promise.all([embedder.load(onProgress), ready]), failed]);
    expect(events.some((e) => e.phase === 'load' && e.file === 'onnx/model.onnx')).toBe(true);
    expect(events.some((e) => e.phase === 'ready')).toBe(true);
  });

  it('returns exactly the vectors the in-process embedder computes, batched', async () => {
    const texts = ['Marie Curie', 'Pierre Curie was a physicist', 'Paris', 'Lyon is on the Rhone', 'radium'];
    const progress: EmbedProgress[] = [];
    const viaWorker = await Promise.race([embedder.embed(texts, undefined, (p) => progress.push(p)), failed]);
    const local = createTransformersEmbedder({ model: TINY_MODEL, localModelPath: root, device: 'cpu', dtype: 'fp32' });
    const inProcess = await local.embed(texts);
    await local.dispose();
    expect(viaWorker).toMatchObject({ count: 5, dim: 384 });
    for (let i = 0; i < inProcess.data.length; i++)
      expect(viaWorker.data[i]).toBeCloseTo(inProcess.data[i] as number, 6);
    expect(progress.filter((p) => p.phase === 'embed').map((p) => (p.phase === 'embed' ? p.done : -1))).toEqual([
      0, 3, 5,
    ]);
  });

  it('stops between batches when aborted', async () => {
    const c = new AbortController();
    const texts = Array.from({ length: 9 }, (_, i) => `text ${i}`);
    const run = embedder.embed(texts, c.signal, (p) => {
      if (p.phase === 'embed' && p.done === 3) c.abort();
    });
    await expect(run).rejects.toBeInstanceOf(AbortedError);
  });

  it('errors from the worker arrive as errors with their message (missing model folder)', async () => {
    const bad = createWorkerEmbedder(remote, {
      model: 'absent-model',
      localModelPath: root,
      device: 'cpu',
      dtype: 'fp32',
    });
    await expect(bad.embed(['x'])).rejects.toThrow(/cannot load local folder .*absent-model/);
  });

  it('dispose() in the worker, then a new configure loads again', async () => {
    await embedder.dispose();
    const again = createWorkerEmbedder(remote, {
      model: TINY_MODEL,
      localModelPath: root,
      device: 'cpu',
      dtype: 'fp32',
    });
    const e = await again.embed(['after dispose']);
    expect(e.count).toBe(1);
    expect(Math.hypot(...e.data)).toBeCloseTo(1, 5);
  });
});

// The whole embedding path with the REAL all-MiniLM-L6-v2 tokenizer and config and the generated tiny
// ONNX encoder (scripts/make-tiny-encoder.ts), loaded through the real transformers.js pipeline in Node
// (onnxruntime-node, device 'cpu') from a local folder with remote loading off.
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@huggingface/transformers';
import type { EmbedProgress, Embeddings } from '../../../src/core/embed/port.ts';
import { AbortedError } from '../../../src/core/errors.ts';
import {
  createTransformersEmbedder,
  EmbedModelLoadError,
  type TransformersEmbedder,
} from '../../../src/providers/embed/transformers-embedder.ts';
import { REAL_MODEL_DIR, TINY_MODEL, tinyEncoderRoot } from '../../../harness/tiny-encoder.ts';

/** Row i of packed embeddings as a view. */
const embeddingRow = (e: Embeddings, i: number) => e.data.subarray(i * e.dim, (i + 1) * e.dim);

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

describe('transformers.js embedder (real tokenizer, generated encoder)', () => {
  let root: string;
  let embedder: TransformersEmbedder;
  beforeAll(async () => {
    root = await tinyEncoderRoot();
    embedder = createTransformersEmbedder({
      model: TINY_MODEL,
      localModelPath: root,
      device: 'cpu',
      dtype: 'fp32',
      batchSize: 2,
    });
  });
  afterAll(async () => {
    await embedder.dispose();
  });

  it('loads locally with remote loading off, reporting per-file progress then ready', async () => {
    const events: EmbedProgress[] = [];
    await embedder.load((p) => events.push(p));
    expect(env.allowRemoteModels).toBe(false);
    const files = new Set(events.flatMap((e) => (e.phase === 'load' ? [e.file] : [])));
    expect(files).toEqual(new Set(['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']));
    expect(events.at(-1)).toEqual({ phase: 'ready', model: TINY_MODEL });
  });

  it('caches the load promise: concurrent loads share one pipeline', async () => {
    const fresh = createTransformersEmbedder({ model: TINY_MODEL, localModelPath: root, device: 'cpu', dtype: 'fp32' });
    const readies: number[] = [];
    await Promise.all([fresh.load(() => readies.push(1)), fresh.load(() => readies.push(2))]);
    // both listeners were attached to the same single load
    expect(readies).toContain(1);
    expect(readies).toContain(2);
    await fresh.dispose();
  });

  it('returns one L2-normalised 384-d vector per text, packed, in input order', async () => {
    const texts = [
      'Marie Curie discovered polonium.',
      'Paris is the capital of France.',
      'Radium has atomic number 88.',
    ];
    const e = await embedder.embed(texts);
    expect(e).toMatchObject({ count: 3, dim: 384 });
    expect(e.data).toBeInstanceOf(Float32Array);
    expect(e.data.length).toBe(3 * 384);
    for (let i = 0; i < 3; i++) expect(Math.hypot(...embeddingRow(e, i))).toBeCloseTo(1, 5);
    const single = await embedder.embed([texts[1] as string]);
    const row = embeddingRow(e, 1);
    embeddingRow(single, 0).forEach((x, i) => expect(x).toBeCloseTo(row[i] as number, 5));
  });

  it('batching does not change the vectors, and reports embed progress per batch', async () => {
    const texts = ['one', 'two words', 'three little words', 'a somewhat longer fourth text here', 'five'];
    const progress: EmbedProgress[] = [];
    const batched = await embedder.embed(texts, undefined, (p) => progress.push(p));
    const whole = createTransformersEmbedder({
      model: TINY_MODEL,
      localModelPath: root,
      device: 'cpu',
      dtype: 'fp32',
      batchSize: 16,
    });
    const once = await whole.embed(texts);
    await whole.dispose();
    for (let i = 0; i < batched.data.length; i++) expect(batched.data[i]).toBeCloseTo(once.data[i] as number, 5);
    expect(progress.filter((p) => p.phase === 'embed')).toEqual([
      { phase: 'embed', done: 0, total: 5 },
      { phase: 'embed', done: 2, total: 5 },
      { phase: 'embed', done: 4, total: 5 },
      { phase: 'embed', done: 5, total: 5 },
    ]);
  });

  it('texts sharing word pieces are closer than unrelated texts (hashed bag of word pieces)', async () => {
    const e = await embedder.embed([
      'Who discovered polonium?',
      'Marie Curie discovered polonium and radium.',
      'Lyon is a city on the Rhone.',
    ]);
    expect(dot(embeddingRow(e, 0), embeddingRow(e, 1))).toBeGreaterThan(
      dot(embeddingRow(e, 0), embeddingRow(e, 2)) + 0.2,
    );
  });

  it('rejects with AbortedError when aborted', async () => {
    const c = new AbortController();
    c.abort();
    await expect(embedder.embed(['x'], c.signal)).rejects.toBeInstanceOf(AbortedError);
  });

  it('dispose() releases the session and a later embed loads it again', async () => {
    const e = createTransformersEmbedder({ model: TINY_MODEL, localModelPath: root, device: 'cpu', dtype: 'fp32' });
    const a = await e.embed(['same text']);
    await e.dispose();
    const b = await e.embed(['same text']);
    expect(Array.from(b.data)).toEqual(Array.from(a.data));
    await e.dispose();
  });
});

describe('local-only model loading errors', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hopscope-embed-'));
    await mkdir(join(dir, 'no-onnx'));
    for (const f of ['tokenizer.json', 'tokenizer_config.json', 'config.json'])
      await copyFile(join(REAL_MODEL_DIR, f), join(dir, 'no-onnx', f));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a folder with the tokenizer but no ONNX file fails with a message naming the expected file', async () => {
    const e = createTransformersEmbedder({ model: 'no-onnx', localModelPath: dir, device: 'cpu', dtype: 'q8' });
    const err = await e.embed(['x']).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(EmbedModelLoadError);
    expect((err as Error).message).toContain(`${dir}/no-onnx`);
    expect((err as Error).message).toContain('onnx/model_quantized.onnx');
  });

  it('a missing model folder fails (no remote fallback) and a hub id without allowRemote is refused up front', async () => {
    const e = createTransformersEmbedder({
      model: 'Xenova/all-MiniLM-L6-v2',
      localModelPath: dir,
      device: 'cpu',
      dtype: 'fp32',
    });
    await expect(e.embed(['x'])).rejects.toBeInstanceOf(EmbedModelLoadError);
    expect(env.allowRemoteModels).toBe(false);
    expect(() =>
      createTransformersEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', device: 'cpu', dtype: 'fp32' }),
    ).toThrow(/allowRemote/);
    // in a browser, local-only mode must also serve onnxruntime-web's files itself (no CDN)
    expect(() =>
      createTransformersEmbedder({ model: TINY_MODEL, localModelPath: '/models/', device: 'wasm', dtype: 'fp32' }),
    ).toThrow(/needs wasmPaths/);
  });
});

// Model folders are checked for the outputs their role needs when they load: a reranker folder must hold a
// cross-encoder (an encoder has no `logits` output), an embedding folder an encoder (a cross-encoder's
// `logits` alone is no embedding). Refused with a sentence naming the folder and the outputs it has, not an
// internal error (or garbage vectors) in the middle of a run.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/eval.ts';
import { RerankError } from '../../src/core/rerank/port.ts';
import { createTransformersReranker } from '../../src/providers/rerank/transformers-reranker.ts';
import { MODEL_ROOT, REAL_MODEL_DIR, TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';
import { createTransformersEmbedder, EmbedModelLoadError } from '../../src/providers/embed/transformers-embedder.ts';
import { prepareTinyCrossEncoderFolder } from '../../scripts/make-tiny-cross-encoder.ts';

describe('a reranker folder holding an encoder', () => {
  it('is refused at load: no "logits" output', async () => {
    const reranker = createTransformersReranker({
      model: TINY_MODEL,
      localModelPath: await tinyEncoderRoot(),
      device: 'cpu',
      dtype: 'fp32',
    });
    const failed = await reranker.load().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(RerankError);
    expect((failed as Error).message).toContain('is not a cross-encoder: its model has no "logits" output');
    expect((failed as Error).message).toContain('last_hidden_state');
  });

  it('--reranker-model with it: exit 1 with that sentence before any question runs', async () => {
    let stderr = '';
    const code = await main(
      [
        '--dataset',
        'public/demo',
        '--retriever',
        'bm25',
        '--strategy',
        'dualrag',
        '--llm',
        'offline',
        '--limit',
        '2',
        '--reranker-model',
        join(await tinyEncoderRoot(), TINY_MODEL),
      ],
      { out: () => {}, err: (t) => void (stderr += t + '\n') },
    );
    expect(stderr).not.toContain('internal error');
    expect(code).toBe(1);
    expect(stderr).toContain('not a cross-encoder');
    expect(stderr).not.toMatch(/dualrag: \d+\/\d+ questions/);
  });
});

describe('an embedding folder holding a cross-encoder', () => {
  it('is refused at load: no encoder output', async () => {
    await prepareTinyCrossEncoderFolder(MODEL_ROOT, REAL_MODEL_DIR);
    const embedder = createTransformersEmbedder({
      model: 'tiny-cross-encoder',
      localModelPath: MODEL_ROOT,
      device: 'cpu',
      dtype: 'fp32',
    });
    const failed = await embedder.load().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(EmbedModelLoadError);
    expect((failed as Error).message).toContain('is not an embedding model: its outputs are logits');
  });
});

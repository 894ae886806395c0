// The cross-encoder reranker's real path: transformers.js AutoTokenizer (the REAL MiniLM BERT tokenizer,
// text pairs with token type ids) and AutoModelForSequenceClassification on onnxruntime-node, reading
// `logits`. The model is a generated tiny ONNX graph (scripts/make-tiny-cross-encoder.ts) whose logit is
// the passage's word-piece count minus 8, NOT a reranker: this tests the plumbing and the logit <= 0 cut,
// not ranking quality (no real reranker weights exist on this machine).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AutoTokenizer } from '@huggingface/transformers';
import { main } from '../../../src/cli/eval.ts';
import { traceFileName } from '../../../src/cli/trace-files.ts';
import { keepReranked, RerankError } from '../../../src/core/rerank/port.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import { createTransformersReranker, passageText } from '../../../src/providers/rerank/transformers-reranker.ts';
import { prepareTinyCrossEncoderFolder, TINY_CROSS_ENCODER_OFFSET } from '../../../scripts/make-tiny-cross-encoder.ts';
import { MODEL_ROOT, REAL_MODEL_DIR } from '../../../harness/tiny-encoder.ts';

const candidates = [
  { id: 'short', title: 'Paris', text: 'A city.' },
  {
    id: 'long',
    title: 'Ann Lee',
    text: 'Ann Lee was a film director born in Paris who made Film One in 1950 and several later comedies.',
  },
  { id: 'mid', title: 'Ann Arbor', text: 'Ann Arbor is a city in the state of Michigan.' },
];

describe('transformers.js cross-encoder reranker (tiny generated model)', () => {
  it('scores (entity, passage) pairs by the model logit and the cut drops logit <= 0', async () => {
    await prepareTinyCrossEncoderFolder(MODEL_ROOT, REAL_MODEL_DIR);
    const reranker = createTransformersReranker({
      model: 'tiny-cross-encoder',
      localModelPath: MODEL_ROOT,
      device: 'cpu',
      dtype: 'fp32',
      batchSize: 2,
    });
    try {
      expect(reranker.heuristic).toBe(false);
      const scores = await reranker.score('Ann Lee', candidates);
      // expected logits from the same tokenizer: second-segment pieces (+ its [SEP]) minus the offset
      const tokenizer = await AutoTokenizer.from_pretrained(join(REAL_MODEL_DIR));
      const expected = candidates.map(
        (c) => tokenizer.encode(passageText(c), { add_special_tokens: false }).length + 1 - TINY_CROSS_ENCODER_OFFSET,
      );
      expect(scores.map((s) => s.id)).toEqual(['short', 'long', 'mid']);
      expect(scores.map((s) => s.score)).toEqual(expected);
      expect(expected[0]).toBeLessThanOrEqual(0);
      expect(keepReranked(scores, 10).map((s) => s.id)).toEqual(['long', 'mid']);
    } finally {
      await reranker.dispose();
    }
  });

  it('eval --reranker-model runs DualRAG with the cross-encoder (offline thinker, demo) and names it in the trace', async () => {
    const dir = await prepareTinyCrossEncoderFolder(MODEL_ROOT, REAL_MODEL_DIR);
    const traces = await mkdtemp(join(tmpdir(), 'hopscope-rerank-'));
    const io = { out: () => undefined, err: () => undefined };
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
        '1',
        '--reranker-model',
        dir,
        '--traces',
        traces,
      ],
      io,
    );
    expect(code).toBe(0);
    const trace = loadTrace(await readFile(join(traces, traceFileName('dualrag-bm25-demo-01')), 'utf8'));
    const reranks = trace.events.filter((e) => e.type === 'retrieve' && e.label.startsWith('rerank:'));
    expect(reranks.length).toBeGreaterThan(0);
    for (const r of reranks) {
      expect(r.type === 'retrieve' && r.label).toBe('rerank: cross-encoder tiny-cross-encoder (transformers.js)');
      expect(r.type === 'retrieve' && r.results.every((x) => x.score > 0 && Number.isInteger(x.score))).toBe(true);
    }
    // the reranker is part of the resume key: a rerun with the lexical reranker does not reuse this trace
    expect(trace.options).toMatchObject({ reranker: 'cross-encoder tiny-cross-encoder (transformers.js)' });
    let err = '';
    const again = await main(
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
        '1',
        '--traces',
        traces,
      ],
      { out: () => undefined, err: (t: string) => void (err += t + '\n') },
    );
    expect(again).toBe(0);
    expect(err).toMatch(/1 traces? in .* not reused \(other options\)/);
    const lexical = loadTrace(await readFile(join(traces, traceFileName('dualrag-bm25-demo-01')), 'utf8'));
    expect(lexical.options).toMatchObject({ reranker: expect.stringMatching(/^lexical reranker \(heuristic/) });
  });

  it('refuses hub loading unless allowed, and says where a missing model was looked for', async () => {
    expect(() =>
      createTransformersReranker({ model: 'BAAI/bge-reranker-v2-m3', device: 'cpu', dtype: 'fp32' }),
    ).toThrow(RerankError);
    const missing = createTransformersReranker({
      model: 'no-such-model',
      localModelPath: MODEL_ROOT,
      device: 'cpu',
      dtype: 'fp32',
    });
    await expect(missing.score('x', candidates)).rejects.toThrow(/could not load cross-encoder "no-such-model" from /);
  });
});

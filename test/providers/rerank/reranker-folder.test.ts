// A picked cross-encoder folder is checked like an encoder folder, but the refusal says "cross-encoder"
// (a RerankError) and names what is missing; the reranker settings validate and label what they hold.
import { describe, expect, it } from 'vitest';
import { RerankError } from '../../../src/core/rerank/port.ts';
import {
  DEFAULT_RERANKER_SETTINGS,
  KNOWN_RERANKERS,
  rerankerModelId,
  rerankerSettingsSchema,
} from '../../../src/core/rerank/settings.ts';
import { planLocalModel } from '../../../src/providers/embed/local-model.ts';

describe('cross-encoder folder and reranker settings', () => {
  it('refuses a folder without the ONNX file, naming it, as a cross-encoder', () => {
    const picked = ['bge/config.json', 'bge/tokenizer.json', 'bge/tokenizer_config.json'].map((path) => ({
      path,
      size: 10,
    }));
    expect(() => planLocalModel(picked, undefined, 'cross-encoder')).toThrow(RerankError);
    expect(() => planLocalModel(picked, undefined, 'cross-encoder')).toThrow(
      /the folder "bge" is not a transformers\.js cross-encoder: missing onnx\/model\.onnx \(or onnx\/model_quantized\.onnx\) .*ms-marco-MiniLM-L-6-v2/,
    );
    const plan = planLocalModel(
      [...picked, { path: 'bge/onnx/model_quantized.onnx', size: 5 }],
      undefined,
      'cross-encoder',
    );
    expect(plan).toMatchObject({ name: 'bge', dtype: 'q8', sizeBytes: 35 });
  });

  it('validates the saved settings and labels them', () => {
    expect(rerankerSettingsSchema.parse(DEFAULT_RERANKER_SETTINGS)).toEqual({ source: 'lexical' });
    const local = rerankerSettingsSchema.parse({
      source: 'local',
      name: 'tiny-cross-encoder',
      fingerprint: 'ab'.repeat(32),
      sizeBytes: 7,
      dtype: 'fp32',
    });
    expect(local.source === 'local' && rerankerModelId(local)).toBe(`local:tiny-cross-encoder@${'ab'.repeat(8)}(fp32)`);
    expect(
      rerankerSettingsSchema.safeParse({
        source: 'local',
        name: '../x',
        fingerprint: 'ab'.repeat(32),
        sizeBytes: 7,
        dtype: 'fp32',
      }).success,
    ).toBe(false);
    expect(rerankerSettingsSchema.safeParse({ source: 'hub', id: KNOWN_RERANKERS[1].id, dtype: 'q8' }).success).toBe(
      true,
    );
  });
});

// A picked encoder folder is checked and mapped to the transformers.js layout before anything is
// stored; a folder that lacks a file is refused naming it.
import { describe, expect, it } from 'vitest';
import { hiddenSizeOf, planLocalModel } from '../../../src/providers/embed/local-model.ts';

const f = (path: string, size = 10) => ({ path, size });

describe('planLocalModel', () => {
  it('maps a picked folder (webkitRelativePath) to config, tokenizer and onnx/ files', () => {
    const plan = planLocalModel([
      f('all-MiniLM-L6-v2/config.json'),
      f('all-MiniLM-L6-v2/tokenizer.json'),
      f('all-MiniLM-L6-v2/tokenizer_config.json'),
      f('all-MiniLM-L6-v2/onnx/model.onnx', 1000),
      f('all-MiniLM-L6-v2/README.md'),
    ]);
    expect(plan).toMatchObject({ name: 'all-MiniLM-L6-v2', dtype: 'fp32', onnx: 3, config: 0, sizeBytes: 1030 });
    expect(plan.files.map((x) => x.to)).toEqual([
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/model.onnx',
    ]);
  });
  it('takes loose files too, and a quantized model as q8 (fp32 wins when both are there)', () => {
    expect(
      planLocalModel([f('config.json'), f('tokenizer.json'), f('tokenizer_config.json'), f('model_quantized.onnx')]),
    ).toMatchObject({ name: 'local-encoder', dtype: 'q8' });
    expect(
      planLocalModel([
        f('m/config.json'),
        f('m/tokenizer.json'),
        f('m/tokenizer_config.json'),
        f('m/onnx/model_quantized.onnx'),
        f('m/onnx/model.onnx'),
      ]),
    ).toMatchObject({ dtype: 'fp32', onnx: 4 });
  });
  it('names what a folder lacks', () => {
    expect(() => planLocalModel([f('m/config.json'), f('m/tokenizer.json')])).toThrow(
      'the folder "m" is not a transformers.js sentence encoder: missing tokenizer_config.json, onnx/model.onnx (or onnx/model_quantized.onnx)',
    );
  });
  it('reads the dimension from config.json', () => {
    expect(hiddenSizeOf('{"hidden_size": 384}')).toBe(384);
    expect(hiddenSizeOf('{}')).toBeNull();
    expect(() => hiddenSizeOf('{')).toThrow(/not valid JSON/);
  });
});

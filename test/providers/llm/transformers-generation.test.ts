// In-browser generation without weights: no text-generation model is available on this machine,
// so these tests cover configuration and the typed failure when the local folder has no model.
// Generation itself (chat template, streaming, interrupt) needs a model and is not exercised here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmConfigError } from '../../../src/core/llm/errors.ts';
import { TransformersGenerationProvider, preferredGenerationDevice } from '../../../src/providers/llm/transformers-generation.ts';

let empty: string;
beforeAll(async () => {
  empty = await mkdtemp(join(tmpdir(), 'hopscope-gen-'));
});
afterAll(() => rm(empty, { recursive: true, force: true }));

describe('transformers.js generation provider', () => {
  it('refuses a hub id unless remote loading was opted into', () => {
    const e = (() => {
      try {
        return new TransformersGenerationProvider({ model: 'onnx-community/Qwen2.5-0.5B-Instruct', device: 'cpu' });
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(LlmConfigError);
    expect((e as LlmConfigError).userMessage).toContain('downloading from the Hugging Face hub is off');
  });

  it('refuses WASM without locally served onnxruntime files when remote is off', () => {
    expect(() => new TransformersGenerationProvider({ model: 'm', localModelPath: empty, device: 'wasm' })).toThrow(/wasmPaths/);
  });

  it('labels device and dtype; Node has no navigator.gpu, so the browser default is wasm', () => {
    const p = new TransformersGenerationProvider({ model: 'tiny-chat', localModelPath: empty, device: 'cpu', dtype: 'q8' });
    expect(p.label).toBe('in-browser tiny-chat (cpu, q8)');
    expect(p.id).toBe('transformers.js tiny-chat q8');
    expect(preferredGenerationDevice()).toBe('wasm');
  });

  it('a local folder without the model -> LlmConfigError naming the folder, remote loading left off', async () => {
    const p = new TransformersGenerationProvider({ model: 'missing-model', localModelPath: empty, device: 'cpu' });
    const e = await p.complete({ module: 'answer', messages: [{ role: 'user', content: 'hi' }] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmConfigError);
    expect((e as LlmConfigError).message).toContain(`local folder ${empty}/missing-model`);
    expect(env.allowRemoteModels).toBe(false);
    // the failed load is not cached: a second call tries again and fails the same way
    await expect(p.load()).rejects.toBeInstanceOf(LlmConfigError);
    await p.dispose();
  });
});

// In-browser generation. No real text-generation weights exist on this machine, so the first block
// covers configuration and the typed load failure, and the second runs the real transformers.js
// text-generation pipeline in Node (onnxruntime-node, device 'cpu', remote loading off) on a GENERATED
// tiny decoder (scripts/make-tiny-chat-lm.ts): a WordPiece tokenizer with a Jinja chat template and an
// ONNX graph whose greedy reply after "<|assistant|>" is always TINY_CHAT_REPLY, then the eos token.
// That proves loading, the chat template, streaming, max tokens, usage, stop strings and abort; it says
// nothing about the quality or speed of a real model (nor WebGPU/WASM, which need a browser).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AbortedError } from '../../../src/core/errors.ts';
import { LlmAbortedError, LlmConfigError } from '../../../src/core/llm/errors.ts';
import type { LlmRequest } from '../../../src/core/llm/port.ts';
import {
  TransformersGenerationProvider,
  preferredGenerationDevice,
} from '../../../src/providers/llm/transformers-generation.ts';
import { REPLY_WORDS, TINY_CHAT_LM, TINY_CHAT_REPLY, tinyChatLmRoot } from '../../fixtures/onnx/tiny-chat-lm.ts';

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
    expect(() => new TransformersGenerationProvider({ model: 'm', localModelPath: empty, device: 'wasm' })).toThrow(
      /wasmPaths/,
    );
  });

  it('labels device and dtype; Node has no navigator.gpu, so the browser default is wasm', () => {
    const p = new TransformersGenerationProvider({
      model: 'tiny-chat',
      localModelPath: empty,
      device: 'cpu',
      dtype: 'q8',
    });
    expect(p.label).toBe('in-browser tiny-chat (cpu, q8)');
    expect(p.id).toBe('transformers.js tiny-chat q8');
    expect(preferredGenerationDevice()).toBe('wasm');
  });

  it('a local folder without the model -> LlmConfigError naming the folder, remote loading left off', async () => {
    const p = new TransformersGenerationProvider({ model: 'missing-model', localModelPath: empty, device: 'cpu' });
    const e = await p
      .complete({ module: 'answer', messages: [{ role: 'user', content: 'hi' }] })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmConfigError);
    expect((e as LlmConfigError).message).toContain(`local folder ${empty}/missing-model`);
    expect(env.allowRemoteModels).toBe(false);
    // the failed load is not cached: a second call tries again and fails the same way
    await expect(p.load()).rejects.toBeInstanceOf(LlmConfigError);
    await p.dispose();
  });
});

describe('transformers.js generation on a generated tiny chat model', () => {
  let root: string;
  let provider: TransformersGenerationProvider;
  const question: LlmRequest = {
    module: 'answer',
    messages: [
      { role: 'system', content: 'You are a helpful assistant' },
      { role: 'user', content: 'What is the capital of France?' },
    ],
  };
  beforeAll(async () => {
    root = await tinyChatLmRoot();
    provider = new TransformersGenerationProvider({
      model: TINY_CHAT_LM,
      localModelPath: root,
      device: 'cpu',
      dtype: 'fp32',
    });
  });
  afterAll(() => provider.dispose());

  it('loads from the local folder with remote loading off; the label names the model', async () => {
    const generator = await provider.load();
    expect(env.allowRemoteModels).toBe(false);
    expect(env.localModelPath).toBe(`${root}/`);
    expect(generator.tokenizer.chat_template).toContain('<|assistant|>');
    expect(provider.label).toBe(`in-browser ${TINY_CHAT_LM} (cpu, fp32)`);
    expect(provider.id).toBe(`transformers.js ${TINY_CHAT_LM} fp32`);
    // concurrent callers share the cached pipeline
    expect(await provider.load()).toBe(generator);
  });

  it('applies the chat template, streams the reply in order and counts usage', async () => {
    const generator = await provider.load();
    const template = vi.spyOn(generator.tokenizer, 'apply_chat_template');
    const pieces: string[] = [];
    try {
      const r = await provider.complete({ ...question, onToken: (t) => pieces.push(t) });
      expect(template).toHaveBeenCalledTimes(1);
      expect(template.mock.calls[0]?.[0]).toEqual(question.messages);
      expect(template.mock.calls[0]?.[1]).toMatchObject({ tokenize: false, add_generation_prompt: true });
      const prompt = template.mock.results[0]?.value as string;
      expect(prompt).toBe(
        '<|system|> You are a helpful assistant <|end|> <|user|> What is the capital of France? <|end|> <|assistant|>',
      );

      expect(r.text).toBe(TINY_CHAT_REPLY);
      // streamed word by word (the streamer holds each word until the next one starts), in order,
      // and the pieces are exactly the final text
      expect(pieces).toEqual(['the ', 'tiny ', 'model ', 'answers ', 'in ', 'order.']);
      expect(pieces.join('')).toBe(r.text);

      // usage with the model's own tokenizer: the templated prompt (role tokens, <|end|>, generation
      // prompt) is 17 tokens; the bare messages would be 12; the reply is 7 tokens (eos not counted)
      const bare = question.messages.map(
        (m) => generator.tokenizer.encode(m.content, { add_special_tokens: false }).length,
      );
      expect(bare.reduce((a, b) => a + b, 0)).toBe(12);
      expect(r.usage).toEqual({ prompt: 17, completion: REPLY_WORDS.length, total: 17 + REPLY_WORDS.length });
      expect(r.provider).toBe(provider.label);
      expect(r.model).toBe(TINY_CHAT_LM);
      expect(r.cached).toBe(false);
      expect(r.latencyMs).toBeGreaterThan(0);
    } finally {
      template.mockRestore();
    }
  });

  it('greedy decoding is deterministic: the same request gives the same text', async () => {
    const a = await provider.complete(question);
    const b = await provider.complete({ ...question, messages: [{ role: 'user', content: 'hello' }] });
    expect(a.text).toBe(TINY_CHAT_REPLY);
    expect(b.text).toBe(TINY_CHAT_REPLY);
    expect(b.usage.prompt).toBe(4); // <|user|> hello <|end|> <|assistant|>
  });

  it('maxTokens caps the generated tokens', async () => {
    const pieces: string[] = [];
    const r = await provider.complete({ ...question, maxTokens: 3, onToken: (t) => pieces.push(t) });
    expect(r.text).toBe('the tiny model');
    expect(pieces.join('')).toBe(r.text);
    expect(r.usage.completion).toBe(3);
    const one = await provider.complete({ ...question, maxTokens: 1 });
    expect(one.text).toBe('the');
    expect(one.usage.completion).toBe(1);
  });

  it('defaultMaxTokens applies when the request gives none', async () => {
    const capped = new TransformersGenerationProvider({
      model: TINY_CHAT_LM,
      localModelPath: root,
      device: 'cpu',
      dtype: 'fp32',
      defaultMaxTokens: 2,
    });
    try {
      expect((await capped.complete(question)).text).toBe('the tiny');
    } finally {
      await capped.dispose();
    }
  });

  it('cuts the reply at the first stop string', async () => {
    const r = await provider.complete({ ...question, stop: [' answers', 'order'] });
    expect(r.text).toBe('the tiny model');
    expect(r.usage.completion).toBe(3);
  });

  it('an abort during generation stops it between tokens -> LlmAbortedError; the model stays usable', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const e = await provider
      .complete(
        {
          ...question,
          onToken: (t) => {
            pieces.push(t);
            controller.abort();
          },
        },
        controller.signal,
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmAbortedError);
    expect(e).toBeInstanceOf(AbortedError);
    expect((e as LlmAbortedError).module).toBe('answer');
    // interrupted after the first streamed word, long before the 7-token reply was finished
    expect(pieces.length).toBeGreaterThanOrEqual(1);
    expect(pieces.join('').length).toBeLessThan(TINY_CHAT_REPLY.length);
    expect(pieces[0]).toBe('the ');

    // an already aborted signal never starts generating
    const pre = vi.fn();
    await expect(provider.complete({ ...question, onToken: pre }, AbortSignal.abort())).rejects.toBeInstanceOf(
      LlmAbortedError,
    );
    expect(pre).not.toHaveBeenCalled();

    // the shared pipeline is not poisoned by the interrupt
    expect((await provider.complete(question)).text).toBe(TINY_CHAT_REPLY);
  });
});

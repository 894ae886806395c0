// The model downloader in Node (onnxruntime-node, device 'cpu', a local folder: no Cache API, no
// network): the progress events it forwards fold to 100 % and ready for the generated tiny chat model;
// refusals and a missing model are typed errors that say where. The browser path (hub, Cache Storage,
// Cancel) is test/e2e/model-download.test.ts.
import { describe, expect, it } from 'vitest';
import { EMPTY_DOWNLOAD, foldDownload, type DownloadEvent } from '../../../src/core/models/download-progress.ts';
import {
  createModelDownloader,
  ModelDownloadError,
  refusedLocal,
  requiredFiles,
} from '../../../src/providers/models/download.ts';
import { TINY_CHAT_LM, tinyChatLmRoot } from '../../fixtures/onnx/tiny-chat-lm.ts';

const downloader = () => createModelDownloader({ device: async () => 'cpu' });

describe('model downloader', () => {
  it('loads a local model with progress events that fold to 100 % and ready', { timeout: 60_000 }, async () => {
    const root = await tinyChatLmRoot();
    const events: DownloadEvent[] = [];
    const r = await downloader().download(
      { task: 'text-generation', model: TINY_CHAT_LM, dtype: 'fp32', allowRemote: false, localModelPath: root },
      (e) => events.push(e),
    );
    expect(r.device).toBe('cpu');
    const state = events.reduce(foldDownload, EMPTY_DOWNLOAD);
    expect(state).toMatchObject({ ready: true, fraction: 1 });
    expect(state.files.map((f) => f.file)).toContain('onnx/model.onnx');
    expect(events.at(-1)?.status).toBe('ready');
  });

  it('refuses a hub id without consent, and names where a missing model was looked for', async () => {
    await expect(
      downloader().download({ task: 'text-generation', model: 'org/m', dtype: 'q4', allowRemote: false }, () => {}),
    ).rejects.toThrow(/downloads are off: tick the consent box first/);
    const missing = downloader().download(
      {
        task: 'feature-extraction',
        model: 'absent-model',
        dtype: 'fp32',
        allowRemote: false,
        localModelPath: '/tmp/hopscope-no-models',
      },
      () => {},
    );
    await expect(missing).rejects.toBeInstanceOf(ModelDownloadError);
    // Downloads off and the file not in the local path: said in words, with the two ways to get the model.
    await expect(missing).rejects.toThrow(
      /"absent-model" is not in the local model path \(\/tmp\/hopscope-no-models\/absent-model\/ has no config\.json\), and downloading from the Hugging Face hub is not allowed yet\. To get it, tick "Allow downloading the model from the Hugging Face hub"/,
    );
    await expect(missing).rejects.not.toThrow(/local_files_only/);
    expect(
      await downloader().cached({ task: 'text-generation', model: 'x', dtype: 'q4', allowRemote: true }),
    ).toBeNull(); // no Cache API in Node
  });

  it("words transformers.js's refusal of a file missing from the local path, and only that", () => {
    const spec = {
      task: 'text-generation',
      model: 'onnx-community/Qwen2.5-0.5B-Instruct',
      dtype: 'q4',
      allowRemote: false,
      localModelPath: '/models/',
    } as const;
    const raw =
      '`local_files_only=true` or `env.allowRemoteModels=false` and file was not found locally at "/models/onnx-community/Qwen2.5-0.5B-Instruct/config.json".';
    expect(refusedLocal(spec, raw)).toBe(
      '"onnx-community/Qwen2.5-0.5B-Instruct" is not in the local model path (/models/onnx-community/Qwen2.5-0.5B-Instruct/ has no config.json), and downloading from the Hugging Face hub is not allowed yet. To get it, tick "Allow downloading the model from the Hugging Face hub" and press the button again (the files download once and stay in this browser), or put the model\'s files (config.json, tokenizer.json, tokenizer_config.json, onnx/model_q4.onnx) in /models/onnx-community/Qwen2.5-0.5B-Instruct/.',
    );
    expect(refusedLocal({ ...spec, allowRemote: true }, raw)).toBeUndefined();
    expect(refusedLocal(spec, 'Failed to fetch')).toBeUndefined();
  });

  it('a complete cache means config, tokenizer files and the weights of this dtype', () => {
    expect(requiredFiles({ dtype: 'q4' })).toEqual([
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/model_q4.onnx',
    ]);
    expect(requiredFiles({ dtype: 'q8' }).at(-1)).toBe('onnx/model_quantized.onnx');
    expect(requiredFiles({ dtype: 'fp32' }).at(-1)).toBe('onnx/model.onnx');
  });
});

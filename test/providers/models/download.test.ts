// The model downloader in Node (onnxruntime-node, device 'cpu', a local folder: no Cache API, no
// network): the progress events it forwards fold to 100 % and ready for the generated tiny chat model;
// refusals and a missing model are typed errors that say where. The browser path (hub, Cache Storage,
// Cancel) is test/e2e/model-download.test.ts.
import { describe, expect, it } from 'vitest';
import { EMPTY_DOWNLOAD, foldDownload, type DownloadEvent } from '../../../src/core/models/download-progress.ts';
import { createModelDownloader, ModelDownloadError, requiredFiles } from '../../../src/providers/models/download.ts';
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
    await expect(missing).rejects.toThrow(
      /could not download or load "absent-model" from \/tmp\/hopscope-no-models\/absent-model\/ \(local model path\)/,
    );
    expect(
      await downloader().cached({ task: 'text-generation', model: 'x', dtype: 'q4', allowRemote: true }),
    ).toBeNull(); // no Cache API in Node
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

// The download bar's fold over transformers.js progress events (the sequence pipeline() emits:
// initiate, download, progress + progress_total per chunk, done per file, ready at the end).
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DOWNLOAD,
  foldDownload,
  formatBytes,
  type DownloadEvent,
} from '../../../src/core/models/download-progress.ts';

const run = (events: DownloadEvent[]) => events.reduce(foldDownload, EMPTY_DOWNLOAD);

describe('foldDownload', () => {
  it('per-file and total bytes from progress_total, 100% and ready at the end', () => {
    const files = { 'config.json': { loaded: 0, total: 600 }, 'onnx/model.onnx': { loaded: 0, total: 9400 } };
    const events: DownloadEvent[] = [
      { status: 'initiate', file: 'config.json' },
      { status: 'download', file: 'config.json' },
      { status: 'progress', file: 'config.json', loaded: 600, total: 600 },
      { status: 'progress_total', files: { ...files, 'config.json': { loaded: 600, total: 600 } } },
      { status: 'done', file: 'config.json' },
    ];
    const mid = run(events);
    expect(mid).toMatchObject({ loaded: 600, total: 10_000, fraction: 0.06, ready: false });
    expect(mid.files).toEqual([
      { file: 'config.json', loaded: 600, total: 600, done: true },
      { file: 'onnx/model.onnx', loaded: 0, total: 9400, done: false },
    ]);
    const half = foldDownload(mid, {
      status: 'progress_total',
      files: { 'config.json': { loaded: 600, total: 600 }, 'onnx/model.onnx': { loaded: 4400, total: 9400 } },
    });
    expect(half.fraction).toBe(0.5);
    const end = [{ status: 'done', file: 'onnx/model.onnx' }, { status: 'ready' }].reduce(foldDownload, half);
    expect(end).toMatchObject({ loaded: 10_000, total: 10_000, fraction: 1, ready: true });
    expect(end.files.every((f) => f.done)).toBe(true);
  });

  it('a file of unknown size counts once known; events without a file are ignored', () => {
    const s = run([
      { status: 'progress', file: 'a', loaded: 5, total: 0 },
      { status: 'progress', file: 'a', loaded: 10, total: 20 },
      { status: 'initiate' },
    ]);
    expect(s).toMatchObject({ loaded: 10, total: 20, fraction: 0.5 });
    expect(run([{ status: 'download', file: 'x' }])).toMatchObject({ fraction: 0, total: 0 });
  });

  it('formatBytes', () => {
    expect([formatBytes(512), formatBytes(7_012_345), formatBytes(1_100_000_000), formatBytes(140_000)]).toEqual([
      '512 B',
      '7.0 MB',
      '1.1 GB',
      '140 kB',
    ]);
  });
});

// The engine worker's model downloads as the Settings panels take them (the progress callback crosses
// the worker boundary as a Comlink proxy).
import { proxy } from 'comlink';
import type { DownloadEvent, ModelDownloads } from '../core/models/download-progress.ts';
import type { EngineClient } from './engine-client.ts';

export function engineDownloads(engine: EngineClient): ModelDownloads {
  return {
    download: (spec, onEvent) =>
      engine.downloadModel(
        spec,
        proxy((e: DownloadEvent) => onEvent(e)),
      ),
    cancel: () => engine.cancelModelDownload(),
    cached: (spec) => engine.cachedModel(spec),
  };
}

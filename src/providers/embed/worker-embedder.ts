// Client side of the embedding worker: an Embedder whose batches run in the worker. Batching, abort
// (checked between batches: a running ONNX batch cannot be interrupted) and progress stay on this
// side, so the caller's AbortSignal and callback never cross the thread boundary; only the model-load
// progress does (a Comlink proxy).
import { proxy, type Remote } from 'comlink';
import { embedInBatches } from '../../core/embed/batches.ts';
import type { EmbedProgressCallback, Embedder } from '../../core/embed/port.ts';
import { EMBEDDER_DEFAULTS, type EmbedderConfig } from './config.ts';
import type { EmbedWorkerApi } from './worker-protocol.ts';

export interface WorkerEmbedder extends Embedder {
  load(onProgress?: EmbedProgressCallback): Promise<void>;
}

export function createWorkerEmbedder(remote: Remote<EmbedWorkerApi>, config: EmbedderConfig): WorkerEmbedder {
  const batchSize = config.batchSize ?? EMBEDDER_DEFAULTS.batchSize;
  let ready: Promise<void> | undefined;
  const load = (onProgress?: EmbedProgressCallback): Promise<void> => {
    if (ready === undefined) {
      const configured = remote.configure(config);
      ready = configured
        .then(() => remote.load(onProgress ? proxy(onProgress) : undefined))
        .catch((e: unknown) => {
          ready = undefined;
          throw e;
        });
    }
    return ready;
  };
  return {
    label: `transformers.js ${config.model} (${config.device}, ${config.dtype}, worker)`,
    model: config.model,
    load,
    async embed(texts, signal, onProgress) {
      await load(onProgress);
      return embedInBatches(texts, batchSize, (batch) => remote.embedBatch(batch), signal, onProgress);
    },
    async dispose() {
      ready = undefined;
      await remote.dispose();
    },
  };
}

// Embedding worker: thin Comlink RPC over the transformers.js embedder (src/providers/embed). The
// model-load promise is cached inside the embedder; vectors go back as transferred buffers.
// Browser: `new Worker(new URL('../workers/embed.worker.ts', import.meta.url), { type: 'module' })`,
// then `createWorkerEmbedder(wrap(worker), config)`. Node hosts it over worker_threads with
// comlink's node adapter (test/workers/embed-worker-host.ts).
import { expose, transfer } from 'comlink';
import { EmbedError } from '../src/core/embed/port.ts';
import type { EmbedderConfig } from '../src/providers/embed/config.ts';
import { createTransformersEmbedder, type TransformersEmbedder } from '../src/providers/embed/transformers-embedder.ts';
import type { EmbedWorkerApi } from '../src/providers/embed/worker-protocol.ts';

export function createEmbedWorkerApi(
  make: (c: EmbedderConfig) => TransformersEmbedder = createTransformersEmbedder,
): EmbedWorkerApi {
  let embedder: TransformersEmbedder | undefined;
  const current = (): TransformersEmbedder => {
    if (!embedder) throw new EmbedError('worker: configure(config) must be called before load or embed');
    return embedder;
  };
  return {
    async configure(config) {
      const previous = embedder;
      embedder = make(config);
      if (previous) await previous.dispose();
    },
    async load(onProgress) {
      await current().load(onProgress);
    },
    async embedBatch(texts) {
      const e = await current().embed(texts);
      return transfer(e, [e.data.buffer as ArrayBuffer]);
    },
    async dispose() {
      if (embedder) await embedder.dispose();
    },
  };
}

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') expose(createEmbedWorkerApi());

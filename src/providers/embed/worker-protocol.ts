// The RPC surface of workers/embed.worker.ts (Comlink). It lives here, not in workers/, so the
// client adapter (./worker-embedder.ts) can type against it without importing the worker module.
import type { EmbedProgress, Embeddings } from '../../core/embed/port.ts';
import type { EmbedderConfig } from './config.ts';

export interface EmbedWorkerApi {
  /** Sets the model; disposes a previously loaded one. */
  configure(config: EmbedderConfig): Promise<void>;
  /** Loads the model once (the promise is cached in the worker); progress comes back through a Comlink proxy. */
  load(onProgress?: (p: EmbedProgress) => void): Promise<void>;
  /** Embeds one batch; the packed vectors come back transferred, not copied. */
  embedBatch(texts: string[]): Promise<Embeddings>;
  dispose(): Promise<void>;
}

// The Embedder port (DESIGN: ports live in core). Providers implement it with transformers.js in a
// worker or in Node; retrievers, the index pipeline and the bench only see this interface.
import { errorClass } from '../errors.ts';

/** `count` vectors of `dim` floats packed row-major in one buffer (cheap to transfer between threads). */
export interface Embeddings {
  dim: number;
  count: number;
  data: Float32Array;
}

/** Progress of a model load (per file) or of an embedding run (texts done of total). */
export type EmbedProgress =
  | { phase: 'load'; file: string; loaded: number; total: number; status: string }
  | { phase: 'ready'; model: string }
  | { phase: 'embed'; done: number; total: number };

export type EmbedProgressCallback = (progress: EmbedProgress) => void;

export interface Embedder {
  /** What the user sees, e.g. "transformers.js all-MiniLM-L6-v2 (wasm, q8)". */
  readonly label: string;
  /** Model id or folder name; stored next to vectors so vectors of another model are never mixed in. */
  readonly model: string;
  /** Embeds texts in batches; vectors are L2-normalised (cosine = dot product). */
  embed(texts: readonly string[], signal?: AbortSignal, onProgress?: EmbedProgressCallback): Promise<Embeddings>;
  /** Releases the ONNX sessions; a later embed() loads the model again. */
  dispose(): Promise<void>;
}

export const EmbedError = errorClass('EmbedError', 'embed');

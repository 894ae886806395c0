// The one place that configures transformers.js for embeddings (its `env` is a global of the library):
// local folders with remote loading off (tests, CLI, a user's downloaded model), or, only when the
// user's browser opts in, a Hugging Face hub id.
import { env } from '@huggingface/transformers';
import { LOCAL_MODEL_PREFIX, localModelFetch } from './local-model.ts';

export type EmbedDevice = 'webgpu' | 'wasm' | 'cpu';
export type EmbedDtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4';

export interface EmbedderConfig {
  /** Folder name under localModelPath, or a hub id such as "Xenova/all-MiniLM-L6-v2" when allowRemote. */
  model: string;
  /** Folder holding `<model>/config.json`, `<model>/tokenizer.json`, `<model>/onnx/model*.onnx`. */
  localModelPath?: string;
  /** Hub downloads; only ever true in a user's browser, never in tests or the CLI. Default false. */
  allowRemote?: boolean;
  /** 'cpu' in Node (onnxruntime-node); 'webgpu' when the browser has it, else 'wasm'. */
  device: EmbedDevice;
  /** fp32 loads onnx/model.onnx, q8 loads onnx/model_quantized.onnx (transformers.js naming). */
  dtype: EmbedDtype;
  /** Texts per ONNX run; default 16. */
  batchSize?: number;
  /** WASM threads (needs cross-origin isolation in the browser). */
  wasmThreads?: number;
  /**
   * Browser only: where onnxruntime-web's runtime files are served, e.g. the app's own copies of
   * node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.{mjs,wasm}. transformers.js
   * otherwise fetches them from a CDN, so without this, local-only use in a browser is refused.
   */
  wasmPaths?: { mjs: string; wasm: string };
  /** 'mean' (sentence-transformers MiniLM) or 'cls' (BGE); default 'mean'. */
  pooling?: 'mean' | 'cls';
  /**
   * Browser only: the model is a folder the user picked, kept in Cache Storage (./local-model.ts);
   * localModelPath is then LOCAL_MODEL_PREFIX and transformers.js's fetch is answered from the store.
   */
  storedFolder?: boolean;
}

export const EMBEDDER_DEFAULTS = Object.freeze({
  batchSize: 16,
  allowRemote: false,
  hubModel: 'Xenova/all-MiniLM-L6-v2',
});

const ONNX_SUFFIX: Record<string, string> = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
  q4f16: '_q4f16',
  bnb4: '_bnb4',
};

/** Onnx file transformers.js loads for a dtype (see its `DEFAULT_DTYPE_SUFFIX_MAPPING`). */
export const onnxFileFor = (dtype: string): string => `onnx/model${ONNX_SUFFIX[dtype] ?? `_${dtype}`}.onnx`;

/** Why an encoder or cross-encoder config cannot load here (the caller throws its own error); undefined when it can. */
export function configProblem(config: EmbedderConfig): string | undefined {
  if (config.localModelPath === undefined && !config.storedFolder && !config.allowRemote)
    return `model "${config.model}": give localModelPath, or allowRemote: true (only in a user's browser)`;
  if (config.device !== 'cpu' && !config.allowRemote && config.wasmPaths === undefined)
    return `device "${config.device}" without allowRemote needs wasmPaths (locally served onnxruntime-web files); transformers.js would fetch them from a CDN`;
  return undefined;
}

const networkFetch = env.fetch;

export function applyTransformersEnv(config: EmbedderConfig): void {
  env.fetch = config.storedFolder ? localModelFetch(networkFetch) : networkFetch;
  if (config.storedFolder) {
    config = { ...config, localModelPath: LOCAL_MODEL_PREFIX };
    env.useBrowserCache = false; // the files are in the model store already; do not copy them again
  }
  const allowRemote = config.allowRemote ?? EMBEDDER_DEFAULTS.allowRemote;
  env.allowRemoteModels = allowRemote;
  env.allowLocalModels = config.localModelPath !== undefined;
  if (config.localModelPath !== undefined)
    env.localModelPath = config.localModelPath.endsWith('/') ? config.localModelPath : `${config.localModelPath}/`;
  // Never write downloaded files next to node_modules in Node; browsers keep their Cache API.
  env.useFSCache = false;
  const wasm = env.backends.onnx.wasm;
  if (config.wasmThreads !== undefined && wasm) wasm.numThreads = config.wasmThreads;
  if (config.wasmPaths !== undefined && wasm) wasm.wasmPaths = config.wasmPaths;
}

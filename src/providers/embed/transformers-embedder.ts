// Embedder over transformers.js feature extraction: mean pooling + L2 normalisation, as
// sentence-transformers does for all-MiniLM-L6-v2. The model-load PROMISE is cached, so concurrent
// callers share one load; progress events are forwarded; dispose() releases the ONNX session.
import { pipeline, type FeatureExtractionPipeline, type ProgressInfo } from '@huggingface/transformers';
import { embedInBatches } from '../../core/embed/batches.ts';
import { EmbedError, type EmbedProgressCallback, type Embedder, type Embeddings } from '../../core/embed/port.ts';
import { applyTransformersEnv, configProblem, EMBEDDER_DEFAULTS, onnxFileFor, type EmbedderConfig } from './config.ts';

export class EmbedModelLoadError extends EmbedError {
  override readonly name: string = 'EmbedModelLoadError';
}

export interface TransformersEmbedder extends Embedder {
  /** Loads (once) and resolves when the model is ready. */
  load(onProgress?: EmbedProgressCallback): Promise<void>;
  readonly config: Readonly<EmbedderConfig>;
}

function toProgress(info: ProgressInfo, model: string, onProgress: EmbedProgressCallback): void {
  if (info.status === 'ready') onProgress({ phase: 'ready', model });
  else if (info.status === 'progress')
    onProgress({ phase: 'load', file: info.file, loaded: info.loaded, total: info.total, status: info.status });
  else if (info.status === 'initiate' || info.status === 'download' || info.status === 'done') {
    onProgress({ phase: 'load', file: info.file, loaded: 0, total: 0, status: info.status });
  }
}

/** What an encoder's ONNX graph answers with; a classifier's `logits` alone is not an embedding. */
const EMBEDDING_OUTPUTS = new Set(['last_hidden_state', 'token_embeddings', 'sentence_embedding']);

function describeWhere(config: EmbedderConfig): string {
  if (config.storedFolder)
    return `the stored folder "${config.model}" (expects ${onnxFileFor(config.dtype)} there; pick the folder again in Settings)`;
  if (config.localModelPath !== undefined)
    return `local folder ${config.localModelPath.replace(/\/$/, '')}/${config.model} (expects ${onnxFileFor(config.dtype)} there)`;
  return `hub model "${config.model}"`;
}

export function createTransformersEmbedder(config: EmbedderConfig): TransformersEmbedder {
  const batchSize = config.batchSize ?? EMBEDDER_DEFAULTS.batchSize;
  const problem = configProblem(config);
  if (problem) throw new EmbedError(problem);
  let loading: Promise<FeatureExtractionPipeline> | undefined;
  const listeners = new Set<EmbedProgressCallback>();

  const load = (onProgress?: EmbedProgressCallback): Promise<FeatureExtractionPipeline> => {
    if (onProgress) listeners.add(onProgress);
    if (loading === undefined) {
      applyTransformersEnv(config);
      const started = pipeline('feature-extraction', config.model, {
        device: config.device,
        dtype: config.dtype,
        progress_callback: (info: ProgressInfo) => {
          for (const l of listeners) toProgress(info, config.model, l);
        },
      }) as Promise<FeatureExtractionPipeline>;
      loading = started.then(
        (p) => {
          listeners.clear();
          const outputs = (p.model as unknown as { sessions?: Record<string, { outputNames?: readonly string[] }> })
            .sessions?.model?.outputNames;
          // A cross-encoder folder loads under the same pipeline and would embed every text as its logit.
          if (outputs && !outputs.some((o) => EMBEDDING_OUTPUTS.has(o))) {
            loading = undefined;
            void p.dispose();
            throw new EmbedModelLoadError(
              `${describeWhere(config)} is not an embedding model: its outputs are ${outputs.join(', ') || 'none'}, not last_hidden_state, token_embeddings or sentence_embedding (a reranker folder?)`,
            );
          }
          return p;
        },
        (cause: unknown) => {
          loading = undefined; // a failed load may be retried (e.g. after the user supplies the file)
          listeners.clear();
          const detail = cause instanceof Error ? cause.message : String(cause);
          throw new EmbedModelLoadError(`cannot load ${describeWhere(config)}: ${detail}`, { cause });
        },
      );
    }
    return loading;
  };

  return {
    label: `transformers.js ${config.model} (${config.device}, ${config.dtype})`,
    model: config.model,
    config,
    async load(onProgress) {
      await load(onProgress);
    },
    async embed(texts, signal, onProgress): Promise<Embeddings> {
      const extractor = await load(onProgress);
      return embedInBatches(
        texts,
        batchSize,
        async (batch) => {
          const out = await extractor(batch, { pooling: config.pooling ?? 'mean', normalize: true });
          const [count, dim] = out.dims as [number, number];
          const data =
            out.data instanceof Float32Array
              ? new Float32Array(out.data)
              : Float32Array.from(out.data as ArrayLike<number>);
          out.dispose();
          return { count, dim, data };
        },
        signal,
        onProgress,
      );
    },
    async dispose() {
      const current = loading;
      loading = undefined;
      if (current) await (await current).dispose();
    },
  };
}

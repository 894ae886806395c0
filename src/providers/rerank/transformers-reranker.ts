// Cross-encoder reranker over transformers.js (ONNX): a sequence-classification model such as
// bge-reranker (BAAI/bge-reranker-v2-m3, the DualRAG paper's §4.3 reranker, or an ONNX export of it)
// scores each (query, passage) pair in one forward pass; the score is the raw logit, so the strategy's
// keepReranked() drops logit <= 0 as the DualRAG authors' code does. Loaded from a local folder
// (tests, CLI) or, only when the user allows downloads in the browser, from the hub. In the browser it
// runs where the strategies run: inside the engine worker, off the main thread.
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';
import { RerankError, type RerankCandidate, type RerankScore, type Reranker } from '../../core/rerank/port.ts';
import { applyTransformersEnv, configProblem, onnxFileFor, type EmbedderConfig } from '../embed/config.ts';

/** Same knobs as the embedder (model folder or hub id, device, dtype, batch size). */
export type RerankerConfig = EmbedderConfig;

/** What the cross-encoder reads of a passage: "title\ntext", as the passage prompts show it. */
export const passageText = (c: RerankCandidate) => `${c.title}\n${c.text}`;

function describeWhere(config: RerankerConfig): string {
  const onnx = onnxFileFor(config.dtype);
  if (config.storedFolder)
    return `"${config.model}" from the folder stored in this browser (expects config.json, tokenizer.json, tokenizer_config.json and ${onnx}; pick the folder again in Settings)`;
  if (config.localModelPath !== undefined)
    return `"${config.model}" from ${config.localModelPath.replace(/\/$/, '')}/${config.model} (expects config.json, tokenizer.json, tokenizer_config.json and ${onnx})`;
  return `hub model "${config.model}"`;
}

/**
 * A cross-encoder answers with `logits` (one score per pair); an encoder folder (an embedding model such as
 * MiniLM) loads under the same classes but answers `last_hidden_state`. Refused at load, naming the outputs
 * found, so a wrong folder is never an internal error in the middle of a run.
 */
function checkLogits(config: RerankerConfig, model: PreTrainedModel): void {
  const sessions = (model as unknown as { sessions?: Record<string, { outputNames?: readonly string[] }> }).sessions;
  const outputs = sessions?.model?.outputNames;
  if (outputs === undefined || outputs.includes('logits')) return;
  void model.dispose();
  throw new RerankError(
    'rerank.transformers',
    `${describeWhere(config)} is not a cross-encoder: its model has no "logits" output (outputs: ${outputs.join(', ') || 'none'}), as an embedding model's encoder; give a sequence-classification model such as an ONNX bge-reranker`,
  );
}

export function createTransformersReranker(
  config: RerankerConfig,
): Reranker & { load(): Promise<void>; dispose(): Promise<void> } {
  const problem = configProblem(config);
  if (problem) throw new RerankError('rerank.transformers', problem);
  const batchSize = config.batchSize ?? 16;
  let loading: Promise<{ tokenizer: PreTrainedTokenizer; model: PreTrainedModel }> | undefined;
  const load = () => {
    if (loading === undefined) {
      applyTransformersEnv(config);
      loading = Promise.all([
        AutoTokenizer.from_pretrained(config.model),
        AutoModelForSequenceClassification.from_pretrained(config.model, {
          device: config.device,
          dtype: config.dtype,
        }),
      ]).then(
        ([tokenizer, model]) => {
          checkLogits(config, model);
          return { tokenizer, model };
        },
        (cause: unknown) => {
          loading = undefined;
          throw new RerankError(
            'rerank.transformers',
            `could not load cross-encoder ${describeWhere(config)}: ${(cause as Error).message}`,
            { cause },
          );
        },
      );
    }
    return loading;
  };
  return {
    name: `cross-encoder ${config.model} (transformers.js)`,
    heuristic: false,
    load: async () => void (await load()),
    async dispose() {
      const l = loading;
      loading = undefined;
      if (l) await (await l).model.dispose();
    },
    async score(query, candidates, signal): Promise<RerankScore[]> {
      const { tokenizer, model } = await load();
      const out: RerankScore[] = [];
      for (let i = 0; i < candidates.length; i += batchSize) {
        if (signal?.aborted) throw new RerankError('rerank.transformers', 'aborted');
        const batch = candidates.slice(i, i + batchSize);
        const inputs = tokenizer(
          batch.map(() => query),
          { text_pair: batch.map(passageText), padding: true, truncation: true },
        );
        const { logits } = (await model(inputs)) as { logits: Tensor };
        const [rows, cols] = logits.dims as [number, number];
        if (rows !== batch.length || cols < 1)
          throw new RerankError(
            'rerank.transformers',
            `model "${config.model}" returned logits of shape [${logits.dims.join(', ')}] for ${batch.length} pairs`,
          );
        const data = logits.data as Float32Array;
        // one logit per pair (bge-reranker); a 2-class head scores by its "relevant" column
        batch.forEach((c, j) =>
          out.push({ id: c.id, score: cols === 1 ? data[j]! : data[j * cols + 1]! - data[j * cols]! }),
        );
      }
      return out;
    },
  };
}

// What the user chooses in Settings for embeddings, validated on load: no model (dense backbones off),
// a local folder the user picked (its files are kept in this browser; a fingerprint of the ONNX file
// makes the model id, so vectors of a replaced file are never mixed with the new one), or a Hugging
// Face hub id when the user allows downloads. No encoder ships with the app.
import { z } from 'zod';

export const EMBED_DTYPES = ['fp32', 'q8'] as const;
export const EMBED_POOLINGS = ['mean', 'cls'] as const;

/** Known small sentence encoders (sizes of the transformers.js ONNX exports on the hub). */
export const KNOWN_ENCODERS = Object.freeze([
  { id: 'Xenova/all-MiniLM-L6-v2', name: 'all-MiniLM-L6-v2', dim: 384, pooling: 'mean', sizes: 'q8 23 MB, fp32 90 MB' },
  {
    id: 'Xenova/bge-small-en-v1.5',
    name: 'bge-small-en-v1.5',
    dim: 384,
    pooling: 'cls',
    sizes: 'q8 33 MB, fp32 133 MB',
  },
] as const);

const common = {
  dtype: z.enum(EMBED_DTYPES),
  pooling: z.enum(EMBED_POOLINGS),
  /** Texts per ONNX run. */
  batchSize: z.number().int().min(1).max(512),
};

export const embeddingSettingsSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('none') }),
  z.object({
    source: z.literal('local'),
    /** The folder's name (letters, digits, . _ -); its files live in this browser's model store. */
    name: z.string().regex(/^[\w.-]+$/),
    /** sha-256 (hex) of the ONNX file. */
    fingerprint: z.string().regex(/^[0-9a-f]{16,64}$/),
    /** hidden_size from config.json, when it says. */
    dim: z.number().int().positive().nullable(),
    sizeBytes: z.number().int().nonnegative(),
    ...common,
  }),
  z.object({ source: z.literal('hub'), id: z.string().min(1), ...common }),
]);

export type EmbeddingSettings = z.infer<typeof embeddingSettingsSchema>;
export type ConfiguredEmbedding = Exclude<EmbeddingSettings, { source: 'none' }>;

export const DEFAULT_EMBEDDING_SETTINGS: EmbeddingSettings = Object.freeze({ source: 'none' });
export const EMBED_BATCH_DEFAULT = 16;

/**
 * The model id stored with every vector: the same id means the same weights, tokenizer pooling and
 * dtype, so stored vectors and query embeddings always come from one model.
 */
export function embeddingModelId(s: ConfiguredEmbedding): string {
  const tail = `${s.dtype},${s.pooling}`;
  return s.source === 'local' ? `local:${s.name}@${s.fingerprint.slice(0, 16)}(${tail})` : `hub:${s.id}(${tail})`;
}

/** "all-MiniLM-L6-v2 (local folder, q8)" */
export function embeddingLabel(s: ConfiguredEmbedding): string {
  return s.source === 'local'
    ? `${s.name} (local folder, ${s.dtype}, ${s.pooling} pooling)`
    : `${s.id} (Hugging Face hub, ${s.dtype}, ${s.pooling} pooling)`;
}

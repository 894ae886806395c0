// What the user chooses in Settings for DualRAG's Eq. 8 reranker, validated on load: the lexical reranker
// (heuristic, no model; the default), a local cross-encoder folder the user picked (its files are kept
// in this browser, as the embedding model's are), or a Hugging Face id when the user allows downloads.
// No reranker model ships with the app.
import { z } from 'zod';

export const RERANK_DTYPES = ['fp32', 'q8'] as const;

/** Known cross-encoders with transformers.js ONNX exports on the hub (approximate download sizes). */
export const KNOWN_RERANKERS = Object.freeze([
  {
    id: 'Xenova/ms-marco-MiniLM-L-6-v2',
    name: 'ms-marco-MiniLM-L-6-v2',
    note: 'MS MARCO cross-encoder, 6 layers',
    sizes: 'q8 23 MB, fp32 91 MB',
  },
  {
    id: 'Xenova/bge-reranker-base',
    name: 'bge-reranker-base',
    note: 'BAAI bge-reranker (the DualRAG paper uses bge-reranker-v2-m3)',
    sizes: 'q8 280 MB, fp32 1.1 GB',
  },
] as const);

export const rerankerSettingsSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('lexical') }),
  z.object({
    source: z.literal('local'),
    /** The folder's name (letters, digits, . _ -); its files live in this browser's model store. */
    name: z.string().regex(/^[\w.-]+$/),
    /** sha-256 (hex) of the ONNX file. */
    fingerprint: z.string().regex(/^[0-9a-f]{16,64}$/),
    sizeBytes: z.number().int().nonnegative(),
    dtype: z.enum(RERANK_DTYPES),
  }),
  z.object({ source: z.literal('hub'), id: z.string().min(1), dtype: z.enum(RERANK_DTYPES) }),
]);

export type RerankerSettings = z.infer<typeof rerankerSettingsSchema>;
export type ConfiguredReranker = Exclude<RerankerSettings, { source: 'lexical' }>;

export const DEFAULT_RERANKER_SETTINGS: RerankerSettings = Object.freeze({ source: 'lexical' });

/** Identifies the weights: a changed folder (other fingerprint) or dtype is another reranker. */
export function rerankerModelId(s: ConfiguredReranker): string {
  return s.source === 'local' ? `local:${s.name}@${s.fingerprint.slice(0, 16)}(${s.dtype})` : `hub:${s.id}(${s.dtype})`;
}

// Messages between the import pipeline and its pool workers (browser module workers, Node worker_threads).
// Both directions are validated with zod at the receiving end: a worker that answers something else is a
// PoolError naming the job, never a silently wrong corpus.
import { z } from 'zod';
import { COMPACT_TRIPLES_FORMAT } from '../triples/compact.ts';

const passage = z.object({ id: z.string(), title: z.string(), text: z.string() });
/** The chunk's PassageTriples in compact form (src/core/triples/compact.ts); decodeTriples checks every index. */
const compactTriples = z.object({
  format: z.literal(COMPACT_TRIPLES_FORMAT),
  strings: z.array(z.string()),
  data: z.instanceof(Int32Array),
});
const pair = z.tuple([z.number().int(), z.number().int(), z.number()]);

/** Per-passage offline triple extraction of one chunk; the pool merges the chunks in passage order. */
const triplesRequest = z.object({ type: z.literal('triples'), job: z.number().int(), passages: z.array(passage) });
/**
 * One share of the lexical synonym search (TrigramIndex.similarPairsShare): every worker indexes all
 * phrases and probes the phrases at visiting positions p with p % parts === part.
 */
const synonymsRequest = z.object({
  type: z.literal('synonyms'),
  job: z.number().int(),
  phrases: z.array(z.string()),
  threshold: z.number(),
  part: z.number().int().nonnegative(),
  parts: z.number().int().positive(),
});
export const poolRequest = z.discriminatedUnion('type', [triplesRequest, synonymsRequest]);
export type PoolRequest = z.infer<typeof poolRequest>;

export const poolResponse = z.discriminatedUnion('type', [
  z.object({ type: z.literal('triples'), job: z.number().int(), triples: compactTriples }),
  /** [a, b, score] per pair, a < b (indices into the request's phrases). */
  z.object({ type: z.literal('synonyms'), job: z.number().int(), pairs: z.array(pair) }),
  z.object({ type: z.literal('error'), job: z.number().int(), message: z.string() }),
]);
export type PoolResponse = z.infer<typeof poolResponse>;

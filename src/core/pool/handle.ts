// What a pool worker does with one request: the same pure core calls the single-threaded pipeline makes,
// so a pooled import equals an in-thread one. Shared by workers/pool.worker.ts and src/cli/pool-worker-node.ts.
import { TrigramIndex } from '../graph/lexical.ts';
import { encodeTriples } from '../triples/compact.ts';
import { extractPassageTriplesOffline } from '../triples/offline-extractor.ts';
import { poolRequest, type PoolResponse } from './protocol.ts';

export function handlePoolMessage(data: unknown): PoolResponse {
  const parsed = poolRequest.safeParse(data);
  const job =
    typeof data === 'object' && data !== null && typeof (data as { job?: unknown }).job === 'number'
      ? (data as { job: number }).job
      : -1;
  if (!parsed.success)
    return { type: 'error', job, message: `malformed pool request: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  const req = parsed.data;
  try {
    if (req.type === 'triples')
      return { type: 'triples', job: req.job, triples: encodeTriples(req.passages.map(extractPassageTriplesOffline)) };
    const pairs = new TrigramIndex(req.phrases)
      .similarPairsShare(req.threshold, req.part, req.parts)
      .map((p) => [p.a, p.b, p.score] as [number, number, number]);
    return { type: 'synonyms', job: req.job, pairs };
  } catch (err) {
    return { type: 'error', job: req.job, message: err instanceof Error ? err.message : String(err) };
  }
}

// The import's pooled stages: offline triples in passage chunks and the lexical synonym search in
// interleaved shares, merged in input order so the output equals the single-threaded call's.
import { throwIfAborted } from '../errors.ts';
import { decodeTriples } from '../triples/compact.ts';
import { offlineTripleSet } from '../triples/offline-extractor.ts';
import type { PassageTriples, TripleSet } from '../triples/types.ts';
import type { Passage } from '../types.ts';
import { PoolError, type WorkerPool } from './pool.ts';
import type { PoolRequest } from './protocol.ts';
import type { SimilarPair } from '../graph/lexical.ts';

/** Passages per request: small enough to balance two workers and report progress, large enough that messages stay few. */
const TRIPLES_CHUNK = 128;

/** extractTriplesOffline over the pool: the same TripleSet, passage for passage. */
export async function extractTriplesPooled(
  pool: WorkerPool,
  passages: readonly Passage[],
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
  chunk = TRIPLES_CHUNK,
): Promise<TripleSet> {
  throwIfAborted(signal, 'triples.offline');
  const requests: Extract<PoolRequest, { type: 'triples' }>[] = [];
  for (let i = 0; i < passages.length; i += chunk) {
    requests.push({
      type: 'triples' as const,
      job: 0,
      passages: passages.slice(i, i + chunk).map((p) => ({ id: p.id, title: p.title, text: p.text })),
    });
  }
  onProgress?.(0, passages.length);
  const replies = await pool.run(requests, signal, (done) =>
    onProgress?.(Math.min(passages.length, done * chunk), passages.length),
  );
  const out: PassageTriples[] = [];
  replies.forEach((r, i) => {
    const triples = r.type === 'triples' ? decodeTriples(r.triples, `triples job ${i}`) : [];
    if (triples.length !== requests[i]!.passages.length)
      throw new PoolError(`triples job ${i}: expected ${requests[i]!.passages.length} passages back`);
    triples.forEach((t, k) => {
      if (t.passageId !== requests[i]!.passages[k]!.id)
        throw new PoolError(`triples job ${i}: passage ${k} came back as "${t.passageId}"`);
      out.push(t);
    });
  });
  return offlineTripleSet(out);
}

/** TrigramIndex.similarPairs over the pool: the same set of pairs (callers order them; see capNeighbours). */
export async function similarPairsPooled(
  pool: WorkerPool,
  phrases: readonly string[],
  threshold: number,
  signal?: AbortSignal,
): Promise<SimilarPair[]> {
  const parts = pool.size; // one interleaved share per worker: each worker builds the index once
  const requests = Array.from({ length: parts }, (_, part) => ({
    type: 'synonyms' as const,
    job: 0,
    phrases: [...phrases],
    threshold,
    part,
    parts,
  }));
  const replies = await pool.run(requests, signal);
  const out: SimilarPair[] = [];
  for (const r of replies) {
    if (r.type !== 'synonyms') throw new PoolError('synonyms job answered with another type');
    for (const [a, b, score] of r.pairs) out.push({ a, b, score });
  }
  return out;
}

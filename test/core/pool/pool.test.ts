// The import's worker pool in Node worker_threads (src/cli/pool-node.ts, the same handler the browser's
// workers/pool.worker.ts runs): a pooled import is byte-identical to the single-threaded one on real
// HotpotQA passages, a cancel stops the workers, and a worker that answers nonsense is a PoolError.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodePool } from '../../../src/cli/pool-node.ts';
import { AbortedError } from '../../../src/core/errors.ts';
import { buildPhraseGraph, buildPhraseGraphWith, synonymEligible } from '../../../src/core/graph/build.ts';
import { TrigramIndex } from '../../../src/core/graph/lexical.ts';
import { parseCorpus } from '../../../src/core/ingest/index.ts';
import { extractTriplesPooled, similarPairsPooled } from '../../../src/core/pool/import-jobs.ts';
import { createWorkerPool, PoolError, type PoolEndpoint } from '../../../src/core/pool/pool.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { normalizePhrase } from '../../../src/core/triples/normalize.ts';

const FILE = fileURLToPath(new URL('../../../../shared/data/hotpotqa/hotpotqa_corpus.json', import.meta.url));
const passages = parseCorpus([{ name: 'hotpotqa_corpus.json', text: readFileSync(FILE, 'utf8') }]).slice(0, 700);
const corpus = { id: 'h', name: 'h', passages };

describe('import worker pool (worker_threads)', () => {
  const pool = createNodePool(2);
  afterAll(() => pool.terminate());

  it('extracts the same triples as the single-threaded extractor, in passage order, and reports progress', async () => {
    const seen: number[] = [];
    const pooled = await extractTriplesPooled(pool, passages, undefined, (done) => seen.push(done), 64);
    const single = extractTriplesOffline(passages);
    expect(pooled.passages.reduce((n, p) => n + p.triples.length, 0)).toBeGreaterThan(10_000);
    expect(JSON.stringify(pooled)).toBe(JSON.stringify(single));
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(passages.length);
    expect(seen.length).toBe(Math.ceil(passages.length / 64) + 1);
  });

  it('finds the same synonym pairs, and builds the same graph', async () => {
    const triples = extractTriplesOffline(passages);
    const phrases = [
      ...new Set(
        triples.passages.flatMap((p) =>
          p.triples.flatMap((t) => [normalizePhrase(t.subject), normalizePhrase(t.object)]),
        ),
      ),
    ].filter(synonymEligible);
    const key = (p: { a: number; b: number; score: number }) => `${p.a} ${p.b} ${p.score}`;
    const expected = new TrigramIndex(phrases).similarPairs(0.8).map(key).sort();
    expect(expected.length).toBeGreaterThan(50);
    expect((await similarPairsPooled(pool, phrases, 0.8)).map(key).sort()).toEqual(expected);

    const single = buildPhraseGraph(corpus, triples);
    const pooled = await buildPhraseGraphWith(corpus, triples, {}, (p, t) => similarPairsPooled(pool, p, t));
    expect(pooled.stats).toEqual(single.stats);
    expect(pooled.synonyms).toEqual(single.synonyms);
    expect(pooled.phrases).toEqual(single.phrases);
    expect(pooled.synonymMode).toBe(single.synonymMode);
    for (const k of ['offsets', 'targets', 'weights'] as const)
      expect(Array.from(pooled.csr[k] as ArrayLike<number>)).toEqual(Array.from(single.csr[k] as ArrayLike<number>));
  });

  it('every share of the all-pairs search together equals similarPairs, for 1 to 5 shares', () => {
    const phrases = [
      'ed wood',
      'ed woods',
      'edward wood',
      'new york',
      'new york city',
      'new yorks',
      'york',
      'the new york times',
      'wood',
    ];
    const index = new TrigramIndex(phrases);
    for (const t of [0.5, 0.8]) {
      const expected = index
        .similarPairs(t)
        .map((p) => `${p.a} ${p.b} ${p.score}`)
        .sort();
      for (let parts = 1; parts <= 5; parts++) {
        const got = Array.from({ length: parts }, (_, part) => index.similarPairsShare(t, part, parts))
          .flat()
          .map((p) => `${p.a} ${p.b} ${p.score}`)
          .sort();
        expect(got).toEqual(expected);
      }
    }
  });

  it('a cancel rejects with AbortedError and stops the workers; the next run starts new ones', async () => {
    const controller = new AbortController();
    const run = extractTriplesPooled(
      pool,
      passages,
      controller.signal,
      (done) => done >= 128 && controller.abort(),
      64,
    );
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    const again = await extractTriplesPooled(pool, passages.slice(0, 10));
    expect(JSON.stringify(again)).toBe(JSON.stringify(extractTriplesOffline(passages.slice(0, 10))));
  });
});

describe('createWorkerPool', () => {
  /** An endpoint whose worker answers each request with `reply(request)`. */
  const fake = (reply: (req: { job: number }) => unknown, stopped: string[] = []): PoolEndpoint => {
    let onMessage: ((d: unknown) => void) | undefined;
    return {
      post: (req) => queueMicrotask(() => onMessage?.(reply(req))),
      listen: (m) => void (onMessage = m),
      terminate: () => void stopped.push('stopped'),
    };
  };

  it('rejects a malformed reply, and a reply to a job it was not asked, with a PoolError naming the worker', async () => {
    const stopped: string[] = [];
    const bad = createWorkerPool(1, () =>
      fake((r) => ({ type: 'triples', job: r.job, triples: [{ passageId: 1 }] }), stopped),
    );
    const err = await bad.run([{ type: 'triples', job: 0, passages: [] }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PoolError);
    expect(String(err)).toMatch(/worker 0 sent a malformed reply/);
    expect(stopped).toEqual(['stopped']);
    const wrong = createWorkerPool(1, () => fake((r) => ({ type: 'synonyms', job: r.job, pairs: [] })));
    await expect(wrong.run([{ type: 'triples', job: 0, passages: [] }])).rejects.toThrow(
      /answered job 0 \(synonyms\), which was not asked/,
    );
  });

  it('keeps two requests in flight per worker', async () => {
    const posted: string[] = [];
    let answer: ((d: unknown) => void) | undefined;
    const pool = createWorkerPool(1, () => ({
      post: (r) => void posted.push(`${r.type} ${r.job}`),
      listen: (m) => void (answer = m),
      terminate: () => undefined,
    }));
    const job = { type: 'synonyms' as const, job: 0, phrases: [], threshold: 0.8, part: 0, parts: 1 };
    const run = pool.run([job, job, job]);
    expect(posted).toEqual(['synonyms 0', 'synonyms 1']);
    answer!({ type: 'synonyms', job: 0, pairs: [[0, 1, 0.9]] });
    expect(posted.at(-1)).toBe('synonyms 2');
    answer!({ type: 'synonyms', job: 1, pairs: [] });
    answer!({ type: 'synonyms', job: 2, pairs: [] });
    await expect(run).resolves.toHaveLength(3);
  });

  it('passes on a worker-side error and refuses a second run while one is going', async () => {
    const failing = createWorkerPool(2, () =>
      fake((r) => ({ type: 'error', job: r.job, message: 'wink model missing' })),
    );
    await expect(failing.run([{ type: 'triples', job: 0, passages: [] }])).rejects.toThrow(
      /worker \d failed on job 0: wink model missing/,
    );
    const slow = createWorkerPool(1, () => ({
      post: () => undefined,
      listen: () => undefined,
      terminate: () => undefined,
    }));
    void slow.run([{ type: 'triples', job: 0, passages: [] }]);
    await expect(slow.run([{ type: 'triples', job: 0, passages: [] }])).rejects.toThrow(/already running/);
    expect(() => createWorkerPool(0, () => fake(() => null))).toThrow(PoolError);
  });
});

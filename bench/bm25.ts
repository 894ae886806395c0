// `npm run bench -- bm25 [--runs 3]`: our BM25 (src/core/index/bm25.ts) against MiniSearch (default
// OR query, fields title + text) on the HotpotQA corpus (10,787 passages) and its 742 questions, in the
// same run (also MiniSearch fed our tokenizer): index time, memory, query latency p50/p95, queries per second, Recall@5, with ratios
// ours / MiniSearch. Then our index time and query latency on a synthetic 150k-passage corpus drawn
// deterministically from the real corpus's word distribution. Asserts nothing; prints a table.
//
// Memory is the growth of V8 heap + ArrayBuffers after a forced GC while the index is alive (GC is
// exposed at run time through v8.setFlagsFromString, so no node flags are needed).
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import MiniSearch from 'minisearch';
import { Bm25Index } from '../src/core/index/bm25.ts';
import { tokenize } from '../src/core/text/tokenize.ts';
import { bm25DocumentText } from '../src/core/retrievers/bm25.ts';
import type { Passage } from '../src/core/types.ts';

const DATA = new URL('../../shared/data/hotpotqa/', import.meta.url);
const K = 10;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface HotpotQuestion {
  question: string;
  supporting_facts: [string, number][];
}

function load(): { passages: Passage[]; questions: { text: string; gold: Set<string> }[] } {
  const raw = JSON.parse(readFileSync(new URL('hotpotqa_corpus.json', DATA), 'utf8')) as {
    title: string;
    text: string;
  }[];
  const passages = raw.map((p, i) => ({ id: `hotpotqa-${i}`, title: p.title, text: p.text }));
  const byTitle = new Map<string, string[]>();
  for (const p of passages) byTitle.set(p.title, [...(byTitle.get(p.title) ?? []), p.id]);
  const qs = JSON.parse(readFileSync(new URL('hotpotqa.json', DATA), 'utf8')) as HotpotQuestion[];
  // Naive gold mapping by title (titles are unique but for two); the importer does this properly.
  const questions = qs.map((q) => ({
    text: q.question,
    gold: new Set(q.supporting_facts.flatMap(([t]) => byTitle.get(t) ?? [])),
  }));
  return { passages, questions };
}

function memory(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function quantile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

interface Engine {
  name: string;
  build(passages: Passage[]): unknown;
  query(index: unknown, q: string): string[];
}

const ours: Engine = {
  name: 'hopscope bm25',
  build: (passages) => Bm25Index.build(passages.map((p) => ({ id: p.id, text: bm25DocumentText(p) }))),
  query: (index, q) => (index as Bm25Index).search(q, K).map((h) => h.id),
};

const minisearch: Engine = {
  name: 'MiniSearch',
  build: (passages) => {
    const ms = new MiniSearch<Passage>({ fields: ['title', 'text'], idField: 'id' });
    ms.addAll(passages);
    return ms;
  },
  // Default options: OR of the query terms, BM25+ scoring; results come back fully sorted.
  query: (index, q) =>
    (index as MiniSearch<Passage>)
      .search(q)
      .slice(0, K)
      .map((r) => r.id as string),
};

// The same library fed our tokenizer (stop words, folding, S stemmer) for queries and documents: it
// separates the data-structure difference from the effect of MiniSearch's keeping stop words, which
// makes every question touch nearly every passage.
const minisearchOurTokens: Engine = {
  name: 'MiniSearch + our tokenizer',
  build: (passages) => {
    const ms = new MiniSearch<Passage>({ fields: ['title', 'text'], idField: 'id', tokenize, processTerm: (t) => t });
    ms.addAll(passages);
    return ms;
  },
  query: minisearch.query,
};

interface Row {
  indexMs: number;
  memoryMb: number;
  p50Us: number;
  p95Us: number;
  qps: number;
  recall5: number;
}

function measure(
  engine: Engine,
  passages: Passage[],
  questions: { text: string; gold: Set<string> }[],
  runs: number,
): Row {
  engine.build(passages); // warm-up: JIT the tokenizer and the build loops
  const times: number[] = [];
  let index: unknown;
  let mem = 0;
  for (let r = 0; r < runs; r++) {
    index = undefined;
    const before = memory();
    const t0 = performance.now();
    index = engine.build(passages);
    times.push(performance.now() - t0);
    mem = memory() - before;
  }
  for (const q of questions.slice(0, 100)) engine.query(index, q.text); // warm-up
  const lat = new Float64Array(questions.length);
  let recall = 0;
  const t0 = performance.now();
  questions.forEach((q, i) => {
    const s = performance.now();
    const top = engine.query(index, q.text);
    lat[i] = performance.now() - s;
    recall += top.slice(0, 5).filter((id) => q.gold.has(id)).length / Math.max(1, q.gold.size);
  });
  const total = performance.now() - t0;
  lat.sort();
  return {
    indexMs: median(times),
    memoryMb: mem / 2 ** 20,
    p50Us: quantile(lat, 0.5) * 1000,
    p95Us: quantile(lat, 0.95) * 1000,
    qps: questions.length / (total / 1000),
    recall5: recall / questions.length,
  };
}

/** 150k passages whose lengths and words follow the real corpus's distributions (seeded LCG). */
function synthesize(real: Passage[], count: number): Passage[] {
  const counts = new Map<string, number>();
  const lengths: number[] = [];
  for (const p of real) {
    const words = p.text.split(/\s+/).filter((w) => w.length > 0);
    lengths.push(words.length);
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const vocab = [...counts.keys()];
  const cdf = new Float64Array(vocab.length);
  let acc = 0;
  vocab.forEach((w, i) => (cdf[i] = acc += counts.get(w) as number));
  let seed = 12345;
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
  const word = () => {
    const u = rand() * acc;
    let lo = 0;
    let hi = vocab.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo] as string;
  };
  return Array.from({ length: count }, (_, i) => {
    const n = lengths[Math.floor(rand() * lengths.length)] as number;
    return { id: `synthetic-${i}`, title: `${word()} ${word()}`, text: Array.from({ length: n }, word).join(' ') };
  });
}

const fmt = (x: number, digits = 1) => x.toFixed(digits);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((s, c) => (c === 0 ? s.padEnd(widths[c] as number) : s.padStart(widths[c] as number))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export async function main(args: string[]): Promise<void> {
  const runsArg = args.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, got ${args[runsArg + 1]}`);
  const { passages, questions } = load();
  console.log(
    `HotpotQA: ${passages.length} passages, ${questions.length} questions, top-${K}; index time = median of ${runs} builds after a warm-up\n`,
  );
  const a = measure(ours, passages, questions, runs);
  const b = measure(minisearch, passages, questions, runs);
  const m = measure(minisearchOurTokens, passages, questions, runs);
  const ratio = (x: number, y: number) => `${(x / y).toPrecision(3)}x`;
  console.log(
    table(
      ['HotpotQA 10,787', 'index ms', 'memory MB', 'p50 µs', 'p95 µs', 'queries/s', 'R@5'],
      [
        [ours.name, fmt(a.indexMs), fmt(a.memoryMb), fmt(a.p50Us), fmt(a.p95Us), fmt(a.qps, 0), fmt(a.recall5, 3)],
        [
          minisearch.name,
          fmt(b.indexMs),
          fmt(b.memoryMb),
          fmt(b.p50Us),
          fmt(b.p95Us),
          fmt(b.qps, 0),
          fmt(b.recall5, 3),
        ],
        [
          minisearchOurTokens.name,
          fmt(m.indexMs),
          fmt(m.memoryMb),
          fmt(m.p50Us),
          fmt(m.p95Us),
          fmt(m.qps, 0),
          fmt(m.recall5, 3),
        ],
        [
          'ours / MiniSearch',
          ratio(a.indexMs, b.indexMs),
          ratio(a.memoryMb, b.memoryMb),
          ratio(a.p50Us, b.p50Us),
          ratio(a.p95Us, b.p95Us),
          ratio(a.qps, b.qps),
          ratio(a.recall5, b.recall5),
        ],
        [
          'ours / MiniSearch + ours',
          ratio(a.indexMs, m.indexMs),
          ratio(a.memoryMb, m.memoryMb),
          ratio(a.p50Us, m.p50Us),
          ratio(a.p95Us, m.p95Us),
          ratio(a.qps, m.qps),
          ratio(a.recall5, m.recall5),
        ],
      ],
    ),
  );

  const big = synthesize(passages, 150_000);
  const c = measure(ours, big, questions, 1);
  console.log(
    `\nSynthetic corpus: ${big.length} passages drawn from HotpotQA's word distribution (seeded), one timed build after a warm-up\n`,
  );
  console.log(
    table(
      ['synthetic 150,000', 'index ms', 'memory MB', 'p50 µs', 'p95 µs', 'queries/s'],
      [[ours.name, fmt(c.indexMs), fmt(c.memoryMb), fmt(c.p50Us), fmt(c.p95Us), fmt(c.qps, 0)]],
    ),
  );
}

// Recall@5/10/15 of BM25 and NaiveGE over BM25 (GEAR §6.2) with each lexical beam scorer and without
// diversity (gamma -> infinity, Table 4), on the first and second half of a question set (tune on the
// first half, report both): `npm run bench -- gear-recall <dataset dir> [N]`. Triples: the offline
// extractor (no LLM), extracted once and shared by every variant.
import { readDatasetDir } from '../src/cli/dataset-dir.ts';
import { recallAtK } from '../src/core/eval/metrics.ts';
import { createBm25Retriever } from '../src/core/retrievers/bm25.ts';
import { buildGraphExpansionBackbone } from '../src/core/backbones/graph-expansion.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import { TripleIndex } from '../src/core/triples/triple-index.ts';
import type { Question, Retriever } from '../src/core/types.ts';

const KS = [5, 10, 15] as const;

async function recall(r: Retriever, qs: readonly Question[]): Promise<number[]> {
  const sum = KS.map(() => 0);
  for (const q of qs) {
    const ids = (await r.retrieve(q.question, 15)).map((x) => x.id);
    KS.forEach((k, i) => (sum[i]! += recallAtK(ids, q.gold, k)));
  }
  return sum.map((s) => s / Math.max(1, qs.length));
}

export async function main(args: string[]): Promise<void> {
  const [dir, n] = args;
  if (!dir) throw new Error('usage: gear-recall <dataset dir> [N]');
  const dataset = await readDatasetDir(dir);
  const questions = n ? dataset.questions.slice(0, Number(n)) : dataset.questions;
  const half = Math.ceil(questions.length / 2);
  const halves = [questions.slice(0, half), questions.slice(half)];
  const t0 = performance.now();
  const base = createBm25Retriever(dataset.corpus.passages);
  const triples = extractTriplesOffline(dataset.corpus.passages);
  const index = TripleIndex.fromTripleSet(triples);
  console.log(
    `${dataset.name}: ${questions.length} questions (halves ${halves[0]!.length} / ${halves[1]!.length}), ${index.size} offline-extractor triples, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const variants: [string, Retriever][] = [
    ['bm25', base],
    [
      'naivege idf-coverage',
      buildGraphExpansionBackbone('naivege', { base, tripleIndex: index, options: { scorer: 'idf-coverage' } }),
    ],
    [
      'naivege idf-cosine',
      buildGraphExpansionBackbone('naivege', { base, tripleIndex: index, options: { scorer: 'idf-cosine' } }),
    ],
    [
      'naivege idf-coverage, no diversity',
      buildGraphExpansionBackbone('naivege', {
        base,
        tripleIndex: index,
        options: { scorer: 'idf-coverage', gamma: null },
      }),
    ],
  ];
  for (const [name, r] of variants) {
    const started = performance.now();
    const [a, b] = [await recall(r, halves[0]!), await recall(r, halves[1]!)];
    const all = KS.map((_, i) => (a[i]! * halves[0]!.length + b[i]! * halves[1]!.length) / questions.length);
    const f = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(' / ');
    console.log(
      `${name.padEnd(36)} R@5/10/15 first half ${f(a)}  second half ${f(b)}  all ${f(all)}  (${((performance.now() - started) / questions.length).toFixed(1)} ms/question)`,
    );
  }
}

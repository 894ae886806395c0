// Recall@5/10/15 of the GEAR agent with the offline thinker (no LLM) for settings of its offline
// reader, on the first and second half of a question set (tune on the first half, report both):
// `npm run bench -- gear-agent <dataset dir> [N] [rounds]`. Triples: the offline extractor, extracted once.
import { readDatasetDir } from '../src/cli/dataset-dir.ts';
import { recallAtK } from '../src/core/eval/metrics.ts';
import { createBm25Retriever } from '../src/core/retrievers/bm25.ts';
import { buildGraphExpansionBackbone } from '../src/core/backbones/graph-expansion.ts';
import { runStrategy, traceRanking } from '../src/core/strategies/index.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import { TripleIndex } from '../src/core/triples/triple-index.ts';
import { STRATEGY_PROMPTS } from '../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../src/providers/llm/offline-thinker.ts';
import type { OfflineGearOptions } from '../src/providers/llm/offline-thinker-gear.ts';

const ALL: [string, Partial<OfflineGearOptions>][] = [
  ['2 per doc, 8 facts', { perDoc: 2, maxFacts: 8, slack: Infinity }],
  ['best facts (slack 1), 4', { perDoc: 2, maxFacts: 4, slack: 1 }],
  ['best facts (slack 0), 3', { perDoc: 1, maxFacts: 3, slack: 0 }],
  ['top-3 docs, slack 1, 4', { perDoc: 2, maxFacts: 4, slack: 1, docs: 3 }],
  ['top-3 docs, slack 0, 2', { perDoc: 1, maxFacts: 2, slack: 0, docs: 3 }],
];
// GEAR_VARIANTS=3,4 picks variants by position (default: all)
const VARIANTS = process.env.GEAR_VARIANTS ? process.env.GEAR_VARIANTS.split(',').map((i) => ALL[Number(i)]!) : ALL;

export async function main(args: string[]): Promise<void> {
  const [dir, n, rounds = '2'] = args;
  if (!dir) throw new Error('usage: gear-agent <dataset dir> [N] [rounds]');
  const dataset = await readDatasetDir(dir);
  const questions = n ? dataset.questions.slice(0, Number(n)) : dataset.questions;
  const half = Math.ceil(questions.length / 2);
  const base = createBm25Retriever(dataset.corpus.passages);
  const retriever = buildGraphExpansionBackbone('naivege', {
    base,
    tripleIndex: TripleIndex.fromTripleSet(extractTriplesOffline(dataset.corpus.passages)),
  });
  const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  console.log(`${dataset.name}: ${questions.length} questions, rounds ${rounds}, offline thinker (no LLM)`);
  for (const [name, gear] of VARIANTS) {
    const llm = createOfflineThinker({ gear });
    const sums = [0, 1].map(() => [0, 0, 0]);
    const started = performance.now();
    for (const [i, q] of questions.entries()) {
      const trace = await runStrategy(
        'gear',
        q,
        { retriever, llm, prompts: STRATEGY_PROMPTS, passages, options: { rounds: Number(rounds), answer: false } },
        { corpus: dataset.corpus, retrieverName: 'naivege' },
      );
      const ids = traceRanking(trace).map((r) => r.id);
      [5, 10, 15].forEach((k, j) => (sums[i < half ? 0 : 1]![j]! += recallAtK(ids, q.gold, k)));
    }
    const f = (s: number[], m: number) => s.map((x) => (x / Math.max(1, m)).toFixed(3)).join(' / ');
    console.log(
      `${name.padEnd(26)} first half ${f(sums[0]!, half)}  second half ${f(sums[1]!, questions.length - half)}  (${((performance.now() - started) / questions.length).toFixed(0)} ms/question)`,
    );
  }
}

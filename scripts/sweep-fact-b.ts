// The fact scorer's BM25 b (src/core/triples/fact-index.ts, FACT_BM25_DEFAULTS), swept on question sets that
// overlap no second half: HippoRAG 2 (fact-seeded, retrieval only) Recall@5 for each b on
//   - the MuSiQue-train OpenIE set (GPT-3.5 triples) without the questions that are also in the second half of
//     ../shared/data/musique (70 of its 100 share an id with it), and
//   - the first half of ../shared/data/musique (offline-extractor triples).
// tsx scripts/sweep-fact-b.ts [--data ../shared/data]  -> one line per (set, b) on stdout
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildBackbone } from '../src/core/backbones/index.ts';
import { recallAtK } from '../src/core/eval/retrieval-metrics.ts';
import { parseOpenIeText } from '../src/core/triples/openie-file.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import type { TripleSet } from '../src/core/triples/types.ts';
import type { Dataset, Question } from '../src/core/types.ts';
import { readDatasetDir } from '../src/cli/dataset-dir.ts';
import { installPprWasmNode } from '../wasm/ppr-node.ts';
import { DOMAIN } from './results/plan.ts';
import { halfAt } from './results/record.ts';

export const B_VALUES = [0, 0.4, 0.75, 1] as const;

async function recall5(dataset: Dataset, questions: readonly Question[], triples: TripleSet, b: number) {
  const base = await buildBackbone('bm25', { corpus: dataset.corpus });
  const { retriever } = await buildBackbone('hipporag2', {
    corpus: dataset.corpus,
    base: base.retriever,
    triples,
    options: { seed: 'facts', factBm25: { b } },
  });
  let sum = 0;
  for (const q of questions) {
    const ranked = await retriever.retrieve(q.question, 5);
    sum += recallAtK(
      ranked.map((r) => r.id),
      q.gold,
      5,
    );
  }
  return sum / questions.length;
}

async function main() {
  const { values } = parseArgs({ options: { data: { type: 'string' } } });
  const data = resolve(values.data ?? join(import.meta.dirname, '../../shared/data'));
  installPprWasmNode();
  const musique = await readDatasetDir(join(data, 'musique'));
  const second = new Set(musique.questions.slice(halfAt(musique.questions.length)).map((q) => q.id));
  const domain = await readDatasetDir(join(data, DOMAIN.dir));
  const held = domain.questions.filter((q) => !second.has(q.id));
  const openie = parseOpenIeText(
    await readFile(join(data, DOMAIN.dir, DOMAIN.openie), 'utf8'),
    domain.corpus,
    DOMAIN.openie,
  );
  const firstHalf = musique.questions.slice(0, halfAt(musique.questions.length));
  const offline = extractTriplesOffline(musique.corpus.passages);
  process.stdout.write(
    `sets: ${DOMAIN.dir} ${held.length} of ${domain.questions.length} questions (the ${domain.questions.length - held.length} in MuSiQue's second half left out); musique first half ${firstHalf.length}\n`,
  );
  for (const b of B_VALUES) {
    const d = await recall5(domain, held, openie, b);
    const m = await recall5(musique, firstHalf, offline, b);
    process.stdout.write(`b ${b}: domain R@5 ${d.toFixed(3)}, musique first half R@5 ${m.toFixed(3)}\n`);
  }
}

await main();

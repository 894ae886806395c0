// The built-in demo with the offline thinker: what the what-if tests branch from.
import { readFileSync } from 'node:fs';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import type { StrategyContext } from '../../../src/core/strategies/index.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import type { Retriever } from '../../../src/core/types.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../../../src/providers/llm/offline-thinker.ts';

const demo = new URL('../../../public/demo/', import.meta.url);
export const dataset = loadDataset(
  'demo',
  ['demo.json', 'demo_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, demo), 'utf8') })),
);
export const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
export const bm25 = createBm25Retriever(dataset.corpus.passages);
let naivege: Promise<Retriever> | undefined;

/** BM25 for every strategy but GEAR, which needs its graph-expansion backbone. */
export async function demoContext(strategy: string): Promise<{ ctx: StrategyContext; retrieverName: string }> {
  const retriever =
    strategy === 'gear'
      ? await (naivege ??= backboneRetriever('naivege', dataset.corpus, {
          base: bm25,
          triples: extractTriplesOffline(dataset.corpus.passages),
        }))
      : bm25;
  return {
    ctx: { retriever, llm: createOfflineThinker(), prompts: STRATEGY_PROMPTS, passages },
    retrieverName: strategy === 'gear' ? 'naivege' : 'bm25',
  };
}

// A result must not depend on what else ran in the process (issue 16): the same strategy on the same
// questions gives the same trace alone and after another strategy. The leak found was wink-nlp's
// lexicon, which grew with every text read and changed how later texts tokenised ("Lothair Ii's"),
// hence HippoRAG 2's query entities, seeds and PPR scores for ~1% of 2Wiki questions under BDTR.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import { runStrategy, type StrategyName } from '../../../src/core/strategies/index.ts';
import { extractEntitiesOffline, extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import type { Dataset, Retriever } from '../../../src/core/types.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../../../src/providers/llm/offline-thinker.ts';
import { installPprWasmNode } from '../../../wasm/ppr-node.ts';

const dir = fileURLToPath(new URL('../../../../shared/data/2wikimultihopqa/', import.meta.url));
const N = 200;

describe('the offline extractor reads every text as a fresh wink instance would', () => {
  it('query entities do not change after other texts were read', () => {
    const q = "When did Lothair Ii's mother die?";
    const before = extractEntitiesOffline(q);
    extractEntitiesOffline("Lothair Ii's wife Teutberga outlived Lothair Ii's mother, and Ii's reign ended.");
    extractTriplesOffline([
      { id: 'x', title: 'Lothair Ii', text: "Lothair Ii's mother Ermengarde of Tours died in 851. Ii's." },
    ]);
    expect(extractEntitiesOffline(q)).toEqual(before);
  });
});

describe(`a strategy alone equals the same strategy after another one (first ${N} questions of 2Wiki, HippoRAG 2, offline thinker)`, () => {
  let dataset: Dataset;
  let retriever: Retriever;
  beforeAll(async () => {
    installPprWasmNode();
    const files = await Promise.all(
      ['2wikimultihopqa.json', '2wikimultihopqa_corpus.json'].map(async (name) => ({
        name,
        text: await readFile(dir + name, 'utf8'),
      })),
    );
    dataset = loadDataset('2wikimultihopqa', files);
    const corpus = dataset.corpus;
    retriever = await backboneRetriever('hipporag2', corpus, {
      base: await backboneRetriever('bm25', corpus, {}),
      triples: extractTriplesOffline(corpus.passages),
    });
  }, 240_000);

  it('BDTR alone, then IRCoT, then BDTR again: identical traces question by question', async () => {
    const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
    const llm = createOfflineThinker();
    const questions = dataset.questions.slice(0, N);
    const runAll = async (name: StrategyName) => {
      const out = [];
      for (const q of questions) {
        const t = await runStrategy(
          name,
          q,
          { retriever, llm, prompts: STRATEGY_PROMPTS, passages, now: () => 0 },
          { corpus: dataset.corpus, retrieverName: retriever.name, createdAt: 'fixed' },
        );
        out.push(JSON.stringify(t, (k, v) => (k === 'latencyMs' ? 0 : v))); // wall time is the one thing allowed to differ
      }
      return out;
    };
    const alone = await runAll('bdtr');
    await runAll('ircot');
    const after = await runAll('bdtr');
    const differing = questions.filter((_, i) => alone[i] !== after[i]).map((q) => q.id);
    expect(differing).toEqual([]);
    expect(alone).toHaveLength(N);
  }, 600_000);
});

// The inputs of the saved GEAR beam fixture (scripts/gear-beam-fixture.ts): a fixed slice of HotpotQA
// read from ../shared/data, its offline-extractor triple index, and NaiveGE's initial triples per question.
import { fileURLToPath } from 'node:url';
import { readDatasetDir } from '../../src/cli/dataset-dir.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { extractTriplesOffline } from '../../src/core/triples/offline-extractor.ts';
import { createLexicalScorer } from '../../src/core/triples/sequence-scorer.ts';
import { TripleIndex } from '../../src/core/triples/triple-index.ts';

export const FIXTURE_PATH = fileURLToPath(new URL('../fixtures/gear/hotpotqa-beams.json', import.meta.url));
export const DATA_DIR = fileURLToPath(new URL('../../../shared/data/hotpotqa', import.meta.url));

export async function beamFixtureInputs() {
  const dataset = await readDatasetDir(DATA_DIR);
  const passages = dataset.corpus.passages.slice(0, 1500);
  const index = TripleIndex.fromTripleSet(extractTriplesOffline(passages));
  const bm25 = createBm25Retriever(passages);
  const queries = await Promise.all(
    dataset.questions.slice(0, 25).map(async (q) => ({
      question: q.question,
      initial: (await bm25.retrieve(q.question, 10)).flatMap((r) => [...index.ofPassage(r.id)]),
    })),
  );
  return { index, scorer: createLexicalScorer(index), queries };
}

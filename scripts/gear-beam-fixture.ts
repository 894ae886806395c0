// Writes test/fixtures/gear/hotpotqa-beams.json: Algorithm 1's beams (NaiveGE setting: the triples of
// the BM25 top 10 as initial triples, lexical idf-coverage score, capped neighbour graph) for the first
// 25 HotpotQA questions over a slice of its corpus (the first 1500 passages). Generated once from the
// search as it was before its speed work (commit in the fixture), so test/core/retrievers/
// triple-beam-fixture.test.ts can check that faster code returns identical beams.
// `npx tsx scripts/gear-beam-fixture.ts` (reads ../shared/data/hotpotqa).
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { beamFixtureInputs, FIXTURE_PATH } from '../test/support/gear-beam-fixture.ts';
import { cappedNeighbourGraph, diverseTripleBeamSearch } from '../src/core/retrievers/triple-beam.ts';
import { createQueryRelevance } from '../src/core/triples/sequence-scorer.ts';

const { index, scorer, queries } = await beamFixtureInputs();
const out = [];
for (const { question, initial } of queries) {
  const score = await scorer.forQuery(question);
  const relevance = createQueryRelevance(index, question);
  const result = await diverseTripleBeamSearch(
    initial,
    cappedNeighbourGraph(index, relevance, 121),
    score,
    {},
    relevance,
  );
  out.push({ question, initial, result });
}
const commit = execSync('git rev-parse HEAD').toString().trim();
writeFileSync(FIXTURE_PATH, JSON.stringify({ commit, triples: index.size, queries: out }) + '\n');
console.log(`wrote ${FIXTURE_PATH}: ${out.length} queries, ${index.size} triples, commit ${commit}`);

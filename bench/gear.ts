// Diverse Triple Beam Search (GEAR Alg. 1, b = 10, l = 2, 100 neighbours, gamma = 20) per query on a
// dataset's triple index (offline-extractor triples), NaiveGE initial triples (all triples of the BM25
// top 10), lexical idf-coverage scorer. Reference, measured in the same run: the same search with
// neighbours found by scanning every triple (no neighbour index). Wall time and CPU time per query
// (process.cpuUsage: this process's CPU, so on a loaded machine the gap is time spent waiting for a core;
// the load average is printed), and a check that the capped graph's beams equal the full lists' beams.
// `npm run bench -- gear [dataset dir, default ../shared/data/hotpotqa] [N questions, default 200]`
import { cpus, loadavg } from 'node:os';
import { readDatasetDir } from '../src/cli/dataset-dir.ts';
import { createBm25Retriever } from '../src/core/retrievers/bm25.ts';
import { cappedNeighbourGraph, diverseTripleBeamSearch, type BeamGraph } from '../src/core/retrievers/triple-beam.ts';
import { createLexicalScorer, createQueryRelevance } from '../src/core/triples/sequence-scorer.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import { TripleIndex } from '../src/core/triples/triple-index.ts';

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export async function main(args: string[]): Promise<void> {
  const [dir = '../shared/data/hotpotqa', n = '200'] = args;
  const dataset = await readDatasetDir(dir);
  const t0 = performance.now();
  const index = TripleIndex.fromTripleSet(extractTriplesOffline(dataset.corpus.passages));
  const t1 = performance.now();
  const bm25 = createBm25Retriever(dataset.corpus.passages);
  const scorer = createLexicalScorer(index);
  const questions = dataset.questions.slice(0, Number(n));
  console.log(
    `${dataset.name}: ${index.size} triples (extracted + indexed in ${((t1 - t0) / 1000).toFixed(1)} s), ${questions.length} queries`,
  );
  const inputs = await Promise.all(
    questions.map(async (q) => ({
      q: q.question,
      initial: (await bm25.retrieve(q.question, 10)).flatMap((r) => index.ofPassage(r.id)),
    })),
  );
  const scan: BeamGraph = { neighbours: (t) => index.neighboursByScan(t) };
  // graph: null = the neighbour index with per-query capped entity lists (what naivege/syncge use)
  const time = async (fixed: BeamGraph | null) => {
    const ms: number[] = [];
    const cpu: number[] = [];
    const beams: string[] = [];
    for (const { q, initial } of inputs) {
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      const score = await scorer.forQuery(q);
      const relevance = createQueryRelevance(index, q);
      const graph = fixed ?? cappedNeighbourGraph(index, relevance, 100 + 10 * 2 + 1);
      const result = await diverseTripleBeamSearch(initial, graph, score, {}, relevance);
      ms.push(performance.now() - started);
      const used = process.cpuUsage(cpu0);
      cpu.push((used.user + used.system) / 1000);
      beams.push(JSON.stringify(result));
    }
    return { ms, cpu, beams };
  };
  await time(null); // warm-up
  const load0 = loadavg()[0]!;
  const capped = await time(null);
  const plain = await time(index);
  const scanned = await time(scan);
  const withIndex = capped.ms;
  const withScan = scanned.ms;
  const row = (name: string, r: { ms: number[]; cpu: number[] }) =>
    `${name.padEnd(28)} wall median ${quantile(r.ms, 0.5).toFixed(2)} ms  p95 ${quantile(r.ms, 0.95).toFixed(2)} ms | CPU median ${quantile(r.cpu, 0.5).toFixed(2)} ms  p95 ${quantile(r.cpu, 0.95).toFixed(2)} ms`;
  console.log(`load average (1 min) ${load0.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  console.log(row('neighbour index, capped', capped));
  console.log(row('neighbour index, full lists', plain));
  console.log(row('scan (no neighbour index)', scanned));
  const same = (other: string[]) => capped.beams.filter((b, i) => b === other[i]).length;
  console.log(
    `identical beams: capped = full lists ${same(plain.beams)}/${inputs.length}, capped = scan ${same(scanned.beams)}/${inputs.length}`,
  );
  const slow = withIndex
    .map((ms, i) => ({ ms, i }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  for (const { ms, i } of slow) {
    const { initial } = inputs[i]!;
    const degree = Math.max(
      0,
      ...initial.flatMap((t) => index.entitiesOf(t).map((e) => index.triplesOfEntity(e).length)),
    );
    console.log(
      `  slow query ${i}: ${ms.toFixed(1)} ms, ${initial.length} initial triples, largest entity of an initial triple: ${degree} triples`,
    );
  }
  console.log(
    `speed-up of the neighbour index: ${(quantile(withScan, 0.5) / quantile(withIndex, 0.5)).toFixed(1)}x at the median (target: <= 20 ms per query)`,
  );
}

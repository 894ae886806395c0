// HippoRAG 2's lexical fact index (BM25 over the graph's triple strings: the labelled stand-in for fact
// embeddings), kept as the other builds are: read from the artifact store when a copy fits the corpus and
// the graph (checked as GraphRAG's communities are), else built and stored, so neither the first run nor
// a reload rebuilds it. In memory it is one per graph and parameters: GraphRAG's fact seeding shares it.
import type { PhraseGraph } from '../graph/build.ts';
import { Bm25Index, type Bm25Params } from '../index/bm25.ts';
import { FACT_INDEX_ARTIFACT, factIndexArtifact, factIndexFromArtifact } from '../persist/backbone-codecs.ts';
import { corpusFingerprint } from '../persist/codecs.ts';
import { factsOfGraph } from '../retrievers/hipporag2.ts';
import { keptPromise } from '../retrievers/memo.ts';
import {
  bm25FactIndex,
  buildFactBm25,
  collectFacts,
  FACT_BM25_DEFAULTS,
  type FactIndex,
} from '../triples/fact-index.ts';
import type { BackboneInputs } from './descriptor.ts';
import { backboneRef, readOrBuild } from './persisted.ts';

type Inputs = Pick<BackboneInputs, 'corpus' | 'artifacts' | 'onProgress'>;

const kept = new WeakMap<PhraseGraph, Map<string, Promise<FactIndex>>>();

/** The graph's facts behind a BM25 index, built once per graph and parameters (and stored when a store is given). */
export function lexicalFactIndex(
  backbone: string,
  inputs: Inputs,
  graph: PhraseGraph,
  params: Partial<Bm25Params> = {},
): Promise<FactIndex> {
  const p = { ...FACT_BM25_DEFAULTS, ...params };
  const key = `facts-bm25:${graph.source}:k1=${p.k1}:b=${p.b}`;
  let byKey = kept.get(graph);
  if (!byKey) kept.set(graph, (byKey = new Map()));
  return keptPromise(byKey, key, () => readOrBuildFacts(backbone, inputs, graph, key, p));
}

async function readOrBuildFacts(
  backbone: string,
  inputs: Inputs,
  graph: PhraseGraph,
  key: string,
  params: Bm25Params,
): Promise<FactIndex> {
  const { corpus } = inputs;
  const hash = corpusFingerprint(corpus.passages);
  const r = await readOrBuild(
    inputs.artifacts,
    backboneRef(corpus.id, key),
    FACT_INDEX_ARTIFACT,
    (a) => {
      const { facts, snapshot } = factIndexFromArtifact(a, corpus, graph, hash);
      return { facts, index: Bm25Index.fromSnapshot(snapshot) };
    },
    async () => {
      const progress = (done: number) =>
        inputs.onProgress?.({ backbone, stage: 'building the fact index', done, total: 1 });
      progress(0);
      const facts = collectFacts(factsOfGraph(graph));
      const index = buildFactBm25(facts, params);
      progress(1);
      return { value: { facts, index }, artifact: factIndexArtifact(facts, index, corpus, graph, hash) };
    },
  );
  return bm25FactIndex(r.value.facts, r.value.index);
}

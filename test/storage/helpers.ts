// Each test gets its own in-memory IndexedDB (fake-indexeddb), so tests never share state.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { buildPhraseGraph, GRAPH_DEFAULTS } from '../../src/core/graph/build.ts';
import { phraseGraphArtifact } from '../../src/core/persist/codecs.ts';
import type { Trace } from '../../src/core/trace/schema.ts';
import type { TripleSet } from '../../src/core/triples/types.ts';
import { HopscopeDb } from '../../src/storage/db.ts';

export function freshIdb() {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

export function openTestDb(idb = freshIdb(), upTo?: number): HopscopeDb {
  return new HopscopeDb('hopscope-test', idb, upTo);
}

export const corpusA = {
  id: 'a',
  name: 'Corpus A',
  passages: [
    { id: 'p1', title: 'Marie Curie', text: 'Marie Curie discovered polonium.' },
    { id: 'p2', title: 'Paris', text: 'Paris is the capital of France.' },
    { id: 'p3', title: 'Radium', text: 'Radium has atomic number 88.' },
  ],
};

export const triplesA: TripleSet = {
  source: 'openie-file',
  origin: 'test.json',
  passages: [
    {
      passageId: 'p1',
      entities: ['Marie Curie', 'polonium'],
      triples: [{ subject: 'Marie Curie', predicate: 'discovered', object: 'polonium' }],
    },
  ],
  rejected: [],
  warnings: [],
};

/** Corpus A's phrase graph and its stored form: the artifact of kind "graph" the app writes. */
export const graphA = () => buildPhraseGraph(corpusA, triplesA);
export const graphArtifactA = () => phraseGraphArtifact(graphA(), GRAPH_DEFAULTS);
/** A rebuild for loadDecodedOrRebuild: the graph and its artifact. */
export async function rebuildGraphA() {
  const graph = graphA();
  return { value: { graph, options: GRAPH_DEFAULTS }, artifact: phraseGraphArtifact(graph, GRAPH_DEFAULTS) };
}

export function trace(id: string, corpusId: string, createdAt: string): Trace {
  return {
    version: 2,
    id,
    createdAt,
    strategy: 'single',
    retriever: 'bm25',
    llm: 'offline thinker (no LLM)',
    regime: 'iterative',
    options: {},
    corpus: { id: corpusId, name: corpusId },
    question: { id: 'q1', question: 'Who discovered polonium?', answers: ['Marie Curie'], gold: ['p1'] },
    events: [],
    status: 'done',
  };
}

// HippoRAG 2 over raw triples, for tests: the phrase graph built as the hipporag2 backbone builds it
// without an embedder (buildPhraseGraph with the retriever's graph options), then the retriever over it.
import type { Corpus } from '../../src/core/types.ts';
import { buildPhraseGraph } from '../../src/core/graph/build.ts';
import {
  createHippoRag2Retriever,
  HIPPORAG2_DEFAULTS,
  type HippoRag2Deps,
  type HippoRag2Retriever,
} from '../../src/core/retrievers/hipporag2.ts';
import type { TripleSet } from '../../src/core/triples/types.ts';

export function hippoRag2Over(
  corpus: Corpus,
  deps: Omit<HippoRag2Deps, 'graph'> & { triples: TripleSet },
): HippoRag2Retriever {
  const { triples, ...rest } = deps;
  const graph = buildPhraseGraph(corpus, triples, { ...HIPPORAG2_DEFAULTS.graph, ...deps.options?.graph });
  return createHippoRag2Retriever(corpus, { ...rest, graph });
}

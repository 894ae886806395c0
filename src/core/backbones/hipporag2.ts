import { z } from 'zod';
import {
  createHippoRag2Retriever,
  HIPPORAG2_SEEDS,
  type HippoRag2Deps,
  type HippoRag2Retriever,
} from '../retrievers/hipporag2.ts';
import { collectFacts, createEmbeddedFactIndex } from '../triples/fact-index.ts';
import { TRIPLE_SOURCE_LABELS } from '../triples/types.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone, IN_MEMORY } from './descriptor.ts';
import { factFilterOf } from './llm-parts.ts';

const nested = z.record(z.string(), z.unknown()).optional();

export const hipporag2Backbone = defineBackbone({
  name: 'hipporag2',
  ...BACKBONE_ABOUT.hipporag2,
  needs: ['base'],
  usesLlm: 'recognition-memory filter over the top facts (seed "facts")',
  options: z
    .object({
      seed: z.enum(HIPPORAG2_SEEDS as ['facts', 'entities']).optional(),
      factTopK: z.number().int().positive().optional(),
      damping: z.number().optional(),
      passageNodeWeight: z.number().optional(),
      baseTopK: z.number().int().min(0).optional(),
      linkTopK: z.number().int().min(0).optional(),
      factBm25: nested,
      link: nested,
      graph: nested,
      ppr: nested,
    })
    .strict(),
  async build(inputs, options) {
    const { corpus, base, triples, graph, embedder } = inputs;
    const facts = (options.seed ?? 'facts') === 'facts';
    // With an embedder facts are scored by it, as HippoRAG 2 does; otherwise BM25 over triple strings.
    const embedFacts = embedder && facts && triples;
    if (embedFacts)
      inputs.onProgress?.({ backbone: 'hipporag2', stage: 'embedding the fact index', done: 0, total: 1 });
    const tripleIndex = embedFacts ? await createEmbeddedFactIndex(collectFacts(triples), embedder) : undefined;
    if (embedFacts)
      inputs.onProgress?.({ backbone: 'hipporag2', stage: 'embedding the fact index', done: 1, total: 1 });
    const factFilter = facts ? factFilterOf(inputs) : undefined;
    const retriever = createHippoRag2Retriever(corpus, {
      base: base!,
      ...(triples ? { triples } : {}),
      ...(graph ? { graph } : {}),
      ...(tripleIndex ? { tripleIndex } : {}),
      ...(inputs.queryEntities ? { queryEntities: inputs.queryEntities } : {}),
      ...(factFilter ? { factFilter } : {}),
      options: options as HippoRag2Deps['options'],
    });
    return {
      retriever,
      built: graph ? 'over the given phrase graph' : IN_MEMORY,
      traceOptions: hipporag2TraceOptions(retriever, base!.name),
    };
  },
});

/** What a HippoRAG 2 trace records: the triples, the base, how phrases were seeded and filtered. */
export function hipporag2TraceOptions(retriever: HippoRag2Retriever, base: string): Record<string, unknown> {
  const f = retriever.factSource;
  return {
    triples: TRIPLE_SOURCE_LABELS[retriever.graph.source],
    seededBy: base,
    phraseSeeds: f ? `retrieved facts, scored by ${f.label}` : 'linked query entities',
    ...(f ? { factFilter: f.filter } : {}),
  };
}

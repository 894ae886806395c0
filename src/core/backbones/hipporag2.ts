import { z } from 'zod';
import { buildPhraseGraph, type PhraseGraph } from '../graph/build.ts';
import { phraseVectors } from '../persist/vectors-resume.ts';
import {
  createHippoRag2Retriever,
  HIPPORAG2_DEFAULTS,
  HIPPORAG2_SEEDS,
  type HippoRag2Deps,
  type HippoRag2Retriever,
} from '../retrievers/hipporag2.ts';
import { collectFacts, createEmbeddedFactIndex, factTexts } from '../triples/fact-index.ts';
import { TRIPLE_SOURCE_LABELS } from '../triples/types.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone, IN_MEMORY, inStage, type BackboneInputs } from './descriptor.ts';
import { factFilterOf } from './llm-parts.ts';
import { lexicalFactIndex } from './lexical-facts.ts';
import { BASE_OPTION } from './graph-expansion.ts';

const nested = z.record(z.string(), z.unknown()).optional();

export const hipporag2Backbone = defineBackbone({
  name: 'hipporag2',
  ...BACKBONE_ABOUT.hipporag2,
  options: z
    .object({
      base: BASE_OPTION,
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
  summary(r) {
    const facts = (r as HippoRag2Retriever).factSource;
    return facts
      ? `seeds: retrieved facts, scored by ${facts.label}; filter: ${facts.filter}`
      : 'seeds: linked query entities (--seed entities)';
  },
  async build(inputs, options) {
    const { corpus, base, triples, embedder } = inputs;
    const { base: _base, ...own } = options;
    const facts = (own.seed ?? 'facts') === 'facts';
    // With an embedder (a base that embeds) HippoRAG 2 runs as the paper does: facts scored by the
    // embedder and synonym edges by phrase-embedding cosine (§3); without one, BM25 over triple strings
    // and lexical synonyms (labelled stand-ins).
    const graph =
      inputs.graph ??
      (embedder ? await embeddingGraph(inputs, own) : buildPhraseGraph(corpus, triples!, graphOptions(own)));
    const tripleIndex =
      embedder && facts && triples
        ? await inStage(inputs, 'hipporag2', 'embedding the fact index', () => embeddedFacts(inputs))
        : undefined;
    const factFilter = facts ? factFilterOf(inputs) : undefined;
    // Without an embedder the facts are searched by BM25: that index is part of the build (made at import
    // by the backbones stage and stored), so neither the first query nor a reload waits for it.
    const lexical =
      !tripleIndex && facts ? await lexicalFactIndex('hipporag2', inputs, graph, own.factBm25) : undefined;
    const retriever = createHippoRag2Retriever(corpus, {
      base: base!,
      graph,
      ...((tripleIndex ?? lexical) ? { tripleIndex: tripleIndex ?? lexical } : {}),
      ...(inputs.queryEntities ? { queryEntities: inputs.queryEntities } : {}),
      ...(factFilter ? { factFilter } : {}),
      options: own as HippoRag2Deps['options'],
    });
    return {
      retriever,
      built: inputs.graph ? 'over the given phrase graph' : IN_MEMORY,
      traceOptions: hipporag2TraceOptions(retriever, base!.name),
    };
  },
});

/** The fact index scored by the embedder, its fact vectors stored like the phrase vectors. */
async function embeddedFacts(inputs: BackboneInputs) {
  const facts = collectFacts(inputs.triples!);
  const vectors = await phraseVectors(inputs.artifacts, inputs.corpus, factTexts(facts), inputs.embedder!, 'facts');
  return createEmbeddedFactIndex(facts, inputs.embedder!, inputs.signal, vectors);
}

/** The phrase graph with synonym edges by phrase-embedding cosine (phrase vectors stored when a store is given). */
async function embeddingGraph(
  inputs: BackboneInputs,
  options: { graph?: Record<string, unknown> },
): Promise<PhraseGraph> {
  const { corpus, triples, embedder, artifacts } = inputs;
  const graphOpts = graphOptions(options);
  const { phrases, e } = await inStage(inputs, 'hipporag2', 'embedding the phrases', async () => {
    const phrases = buildPhraseGraph(corpus, triples!, graphOpts).phrases;
    return { phrases, e: await phraseVectors(artifacts, corpus, phrases, embedder!) };
  });
  return buildPhraseGraph(corpus, triples!, graphOpts, (ps) =>
    ps.length === phrases.length ? { data: e.data, dimension: e.dim } : undefined,
  );
}

const graphOptions = (options: { graph?: Record<string, unknown> }) => ({
  ...HIPPORAG2_DEFAULTS.graph,
  ...options.graph,
});

/** What a HippoRAG 2 trace records: the triples, the base, how phrases were seeded and filtered. */
function hipporag2TraceOptions(retriever: HippoRag2Retriever, base: string): Record<string, unknown> {
  const f = retriever.factSource;
  return {
    triples: TRIPLE_SOURCE_LABELS[retriever.graph.source],
    seededBy: base,
    synonyms: retriever.graph.synonymMode,
    phraseSeeds: f ? `retrieved facts, scored by ${f.label}` : 'linked query entities',
    ...(f ? { factFilter: f.filter } : {}),
  };
}

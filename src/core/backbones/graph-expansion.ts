// GEAR's graph-expansion backbones (naivege, syncge): the triple index T (read from storage, given, or
// built from the triples), the scorer (the embedder's cosine when one is configured, the paper's SBERT
// scoring, else the labelled lexical stand-in) and the beam over a base retriever (GEAR §3, App. B.2).
import { z } from 'zod';
import { HopscopeError } from '../errors.ts';
import {
  createEmbeddingScorer,
  createLexicalScorer,
  DEFAULT_LEXICAL_SCORER,
  LEXICAL_SCORERS,
} from '../triples/sequence-scorer.ts';
import { TripleIndex } from '../triples/triple-index.ts';
import {
  createGraphExpansionRetriever,
  GRAPH_EXPANSION_DEFAULTS,
  type GraphExpansionRetriever,
} from '../retrievers/graph-expansion.ts';
import { BEAM_DEFAULTS } from '../retrievers/triple-beam.ts';
import { loadOrBuildTripleIndex } from '../persist/triple-index-store.ts';
import { TRIPLE_SOURCE_LABELS } from '../triples/types.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone, IN_MEMORY, inStage, type BackboneInputs, type BuiltBackbone } from './descriptor.ts';

const positive = z.number().int().positive();
const graphExpansionOptionsSchema = z
  .object({
    scorer: z.enum([...LEXICAL_SCORERS, 'embedding']).optional(),
    width: positive.optional(),
    length: positive.optional(),
    neighbours: positive.optional(),
    /** A number > 0, or null for "no diversity" (gamma -> infinity, Table 4). */
    gamma: z.number().positive().nullable().optional(),
    seedTop: positive.optional(),
  })
  .strict();

/** The backbone underneath HippoRAG 2 and graph expansion (any backbone; BM25 by default); resources.ts builds it. */
export const BASE_OPTION = z
  .union([z.string(), z.object({ name: z.string(), options: z.record(z.string(), z.unknown()).optional() })])
  .optional();

export type GraphExpansionBackboneOptions = z.infer<typeof graphExpansionOptionsSchema>;

/** The retriever of `name` from its validated options (buildBackbone checks the options and the needs). */
export function buildGraphExpansionBackbone(
  name: 'naivege' | 'syncge',
  deps: Pick<BackboneInputs, 'base' | 'triples' | 'embedder' | 'tripleIndex' | 'read'> & {
    options?: GraphExpansionBackboneOptions;
  },
): GraphExpansionRetriever {
  const o = deps.options ?? {};
  const index = deps.tripleIndex ?? TripleIndex.fromTripleSet(deps.triples!);
  const scorerName = o.scorer ?? (deps.embedder ? 'embedding' : DEFAULT_LEXICAL_SCORER);
  if (scorerName === 'embedding' && !deps.embedder)
    throw new HopscopeError(
      'retrievers',
      `backbone "${name}": scorer "embedding" needs an embedder (--model <folder>)`,
    );
  const scorer =
    scorerName === 'embedding' ? createEmbeddingScorer(index, deps.embedder!) : createLexicalScorer(index, scorerName);
  const { width = BEAM_DEFAULTS.width, length = BEAM_DEFAULTS.length, neighbours = BEAM_DEFAULTS.neighbours } = o;
  const gamma = o.gamma === null ? Infinity : (o.gamma ?? 2 * width); // gamma = 2b (App. B.2)
  return createGraphExpansionRetriever(name === 'naivege' ? 'naive' : 'sync', {
    base: deps.base!,
    index,
    scorer,
    options: { beam: { width, length, neighbours, gamma }, seedTop: o.seedTop ?? GRAPH_EXPANSION_DEFAULTS.seedTop },
    ...(deps.read ? { read: deps.read } : {}),
  });
}

/** The triple index T: given, read from the ArtifactStore (keyed by triple source), or built from the triples. */
async function tripleIndexOf(inputs: BackboneInputs): Promise<{ index: TripleIndex; built: string }> {
  if (inputs.tripleIndex) return { index: inputs.tripleIndex, built: 'over the given triple index' };
  const { triples, artifacts, corpus } = inputs;
  if (!artifacts) return { index: TripleIndex.fromTripleSet(triples!), built: IN_MEMORY };
  const r = await loadOrBuildTripleIndex(artifacts, corpus, triples!.source, () => triples!);
  return {
    index: r.index,
    built: r.fromStore
      ? 'triple index read from storage'
      : r.message
        ? `triple index rebuilt and stored (${r.message})`
        : 'triple index built and stored',
  };
}

function graphExpansionDescriptor(name: 'naivege' | 'syncge') {
  return defineBackbone({
    name,
    ...BACKBONE_ABOUT[name],
    options: graphExpansionOptionsSchema.extend({ base: BASE_OPTION }),
    summary(r) {
      const ge = r as GraphExpansionRetriever;
      return `${name}: ${ge.expansion.index.size} triples in T, beam score: ${ge.expansion.scorer.label}`;
    },
    async build(inputs, { base: _base, ...options }): Promise<BuiltBackbone> {
      const t = await tripleIndexOf(inputs);
      // Reported so that a run waiting on it says so (after the import's backbones stage, none does).
      const retriever = await inStage(inputs, name, 'preparing the beam search', () =>
        buildGraphExpansionBackbone(name, { ...inputs, options, tripleIndex: t.index }),
      );
      return {
        retriever,
        built: t.built,
        traceOptions: {
          base: inputs.base!.name,
          triples: TRIPLE_SOURCE_LABELS[t.index.source],
          beamScorer: retriever.expansion.scorer.label,
          ...(inputs.read ? { read: `${inputs.read.llm.label} (GEAR J.2)` } : {}),
        },
      };
    },
  });
}

export const naivegeBackbone = graphExpansionDescriptor('naivege');
export const syncgeBackbone = graphExpansionDescriptor('syncge');

// The registry's case for GEAR's graph-expansion backbones (naivege, syncge): validates the untyped
// backbone options, builds (or takes) the triple index and picks the scorer: the embedder's cosine when
// one is configured (the paper's SBERT scoring), else the labelled lexical stand-in.
import { z } from 'zod';
import type { Embedder } from '../embed/port.ts';
import { HopscopeError } from '../errors.ts';
import type { LlmPort } from '../llm/port.ts';
import {
  createEmbeddingScorer,
  createLexicalScorer,
  DEFAULT_LEXICAL_SCORER,
  LEXICAL_SCORERS,
} from '../triples/sequence-scorer.ts';
import { TripleIndex } from '../triples/triple-index.ts';
import type { TripleSet } from '../triples/types.ts';
import type { Passage, Retriever } from '../types.ts';
import {
  createGraphExpansionRetriever,
  GRAPH_EXPANSION_DEFAULTS,
  type GraphExpansionRetriever,
  type ProximalReadPrompt,
} from './graph-expansion.ts';
import { BEAM_DEFAULTS } from './triple-beam.ts';

export interface GraphExpansionBackboneDeps {
  base?: Retriever;
  triples?: TripleSet;
  embedder?: Embedder;
  options?: Record<string, unknown>;
  /** naivege, syncge: a triple index built already (stored with the corpus); else built from `triples`. */
  tripleIndex?: TripleIndex;
  /** syncge: the J.2 read prompt, the LLM (the run's, when a strategy runs it) and passage lookup. */
  read?: { prompt: ProximalReadPrompt; llm: LlmPort; passage: (id: string) => Passage | undefined };
}

const positive = z.number().int().positive();
const optionsSchema = z
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

export type GraphExpansionBackboneOptions = z.infer<typeof optionsSchema>;

export function graphExpansionOptionsFrom(raw: Record<string, unknown> | undefined): GraphExpansionBackboneOptions {
  const parsed = optionsSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new HopscopeError(
      'retrievers.graph-expansion',
      `bad option: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

export function buildGraphExpansionBackbone(
  name: 'naivege' | 'syncge',
  deps: GraphExpansionBackboneDeps,
): GraphExpansionRetriever {
  if (!deps.base || (!deps.tripleIndex && !deps.triples)) {
    throw new HopscopeError(
      'retrievers',
      `backbone "${name}" needs deps.base (a Retriever) and deps.triples (a TripleSet) or deps.tripleIndex`,
    );
  }
  const o = graphExpansionOptionsFrom(deps.options);
  const index = deps.tripleIndex ?? TripleIndex.fromTripleSet(deps.triples!);
  const scorerName = o.scorer ?? (deps.embedder ? 'embedding' : DEFAULT_LEXICAL_SCORER);
  if (scorerName === 'embedding' && !deps.embedder)
    throw new HopscopeError(
      'retrievers',
      `backbone "${name}": scorer "embedding" needs an embedder (--model <folder>)`,
    );
  const scorer =
    scorerName === 'embedding' ? createEmbeddingScorer(index, deps.embedder!) : createLexicalScorer(index, scorerName);
  const beam = {
    width: o.width ?? BEAM_DEFAULTS.width,
    length: o.length ?? BEAM_DEFAULTS.length,
    neighbours: o.neighbours ?? BEAM_DEFAULTS.neighbours,
    gamma: o.gamma === null ? Infinity : (o.gamma ?? 2 * (o.width ?? BEAM_DEFAULTS.width)), // gamma = 2b (App. B.2)
  };
  return createGraphExpansionRetriever(name === 'naivege' ? 'naive' : 'sync', {
    base: deps.base,
    index,
    scorer,
    options: { beam, seedTop: o.seedTop ?? GRAPH_EXPANSION_DEFAULTS.seedTop },
    ...(deps.read ? { read: deps.read } : {}),
  });
}

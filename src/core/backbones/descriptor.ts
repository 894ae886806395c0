// What a backbone is: one descriptor (name, title, explanation, what it needs, its options schema and
// build). Hosts (the engine worker, the CLI) hand the builder ports, never Dexie or files: stored
// artifacts through ArtifactStore, an embedder, the configured LLM and the prompts it uses.
import type { z } from 'zod';
import type { Embedder } from '../embed/port.ts';
import type { PhraseGraph } from '../graph/build.ts';
import type { ReportPrompt } from '../graphrag/reports.ts';
import type { VectorIndex } from '../index/vectors.ts';
import type { LlmPort } from '../llm/port.ts';
import type { ArtifactStore } from '../persist/ports.ts';
import type { SummaryPrompt } from '../raptor/summarizer.ts';
import type { FactFilterPrompt } from '../retrievers/fact-filter.ts';
import type { GraphExpansionDeps } from '../retrievers/graph-expansion.ts';
import type { QueryEntities } from '../retrievers/hipporag2.ts';
import type { TripleIndex } from '../triples/triple-index.ts';
import type { TripleSet } from '../triples/types.ts';
import type { Corpus, Retriever } from '../types.ts';
import type { BackboneAbout } from './about.ts';

/** The backbone prompts, injected because core does not import src/prompts (src/prompts/backbone-prompts.ts). */
export interface BackbonePrompts {
  raptorSummary: SummaryPrompt;
  graphragReport: ReportPrompt;
  recognitionFilter: FactFilterPrompt;
}

export interface BackboneInputs {
  corpus: Corpus;
  /** The backbone's own options, validated by its schema; recorded in the trace. */
  options?: Record<string, unknown>;
  /** Stored artifacts (RAPTOR's tree, GraphRAG's communities, GEAR's triple index); without it built in memory. */
  artifacts?: ArtifactStore;
  /** dense, hybrid, hipporag2 facts, naivege/syncge scorer: embeds queries (and the corpus without `vectors`). */
  embedder?: Embedder;
  /** dense, hybrid: passage vectors in corpus order; embedded on the fly when absent. */
  vectors?: VectorIndex;
  /**
   * The configured LLM: RAPTOR's summaries, GraphRAG's reports and HippoRAG 2's recognition filter use it.
   * Absent means no LLM (the offline thinker): the labelled extractive stand-ins run and nothing is filtered.
   */
  llm?: LlmPort;
  /** Required with `llm`. */
  prompts?: BackbonePrompts;
  /** hipporag2, naivege, syncge: the retriever underneath (its name is recorded as the base). */
  base?: Retriever;
  /** bm25, hybrid: the corpus's BM25 index as the host keeps it (stored or built once). */
  bm25?: Retriever;
  /** hipporag2, graphrag, naivege, syncge: the triples the graph or triple index is built from. */
  triples?: TripleSet;
  /** hipporag2, graphrag: a phrase graph already built from the same corpus and triples (e.g. stored). */
  graph?: PhraseGraph;
  /** naivege, syncge: a triple index already built (or read) for this corpus. */
  tripleIndex?: TripleIndex;
  /** hipporag2, graphrag: query NER; the offline extractor when absent. */
  queryEntities?: QueryEntities;
  /** syncge: the J.2 read step's prompt, LLM (the run's, possibly the offline thinker) and passage lookup. */
  read?: GraphExpansionDeps['read'];
  signal?: AbortSignal;
  /** Called at each stage of a one-time build (and along its long loops), so a host can show progress. */
  onProgress?: (p: BuildProgress) => void;
}

/**
 * Where a one-time backbone build is: its stage in words ("summarising level 1") and how far that
 * stage is (`done` of `total` units; total 0 while a stage's size is not known yet).
 */
export interface BuildProgress {
  backbone: string;
  stage: string;
  done: number;
  total: number;
}

export interface BuiltBackbone<R extends Retriever = Retriever> {
  retriever: R;
  /** "read from storage", "built and stored", "rebuilt and stored (<why>)", "built in memory" (+ why not stored). */
  built: string;
  /** What the trace records about the backbone: summariser, report writer, filter model, triples, base. */
  traceOptions: Record<string, unknown>;
  /** One line on what was built and what stands in for what (the CLI prints it). */
  summary?: string;
  /** What a host says once (stderr, the status line): e.g. LLM replies that could not be read and the stand-in that wrote those nodes. */
  warnings?: string[];
}

/** Title, label, explanation, paper and LLM use come from about.ts (one description the page can import too). */
export interface BackboneDescriptor<O = Record<string, unknown>> extends BackboneAbout {
  name: string;
  options: z.ZodType<O>;
  build(inputs: BackboneInputs, options: O): Promise<BuiltBackbone>;
  /** One line on the built retriever (sizes, scorers, stand-ins); default "<name>: <how it was built>". */
  summary?(retriever: Retriever): string;
  /** Backbones whose kept build calls the configured LLM: what it writes and its calls, read off a stand-in build. */
  llmBuild?: LlmBuildRule;
}

/** What the configured LLM writes in a backbone's build (e.g. "RAPTOR's summaries"), and how many calls that takes. */
export interface LlmBuildRule {
  what: string;
  /** The calls a build with the LLM makes (exactly, or about), read off the stand-in build (the same clusters or communities), and where the count comes from. */
  calls(standIn: Retriever): { calls: number; exact: boolean; basis: string };
}

/** Typed without losing O at the list (the builder validates options before build sees them). */
export const defineBackbone = <O>(d: BackboneDescriptor<O>): BackboneDescriptor<O> => d;

export const IN_MEMORY = 'built in memory';

/** Runs one step of a build as a progress stage of one unit: 0 of 1 before it, 1 of 1 after. */
export async function inStage<T>(
  inputs: BackboneInputs,
  backbone: string,
  stage: string,
  step: () => T,
): Promise<Awaited<T>> {
  inputs.onProgress?.({ backbone, stage, done: 0, total: 1 });
  const value = await step();
  inputs.onProgress?.({ backbone, stage, done: 1, total: 1 });
  return value;
}

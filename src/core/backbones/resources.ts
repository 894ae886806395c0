// The one path from a backbone's name to its retriever, the same in every host: a host implements
// BackboneResources (what it can supply: its BM25 index, an embedder and stored vectors, triples, a
// stored phrase graph or triple index, artifacts, the configured LLM), and assembleBackbone pulls from
// it exactly what the descriptor's `needs` and `uses` list. No host decides by name what a backbone gets.
//
//   descriptor (needs, uses, options) ──▶ assembleBackbone(spec, resources) ──▶ BuiltBackbone ──▶ run
import type { Embedder } from '../embed/port.ts';
import { HopscopeError } from '../errors.ts';
import type { PhraseGraph } from '../graph/build.ts';
import type { VectorIndex } from '../index/vectors.ts';
import type { LlmPort } from '../llm/port.ts';
import type { ArtifactStore } from '../persist/ports.ts';
import type { QueryEntities } from '../retrievers/hipporag2.ts';
import { keptPromise } from '../retrievers/memo.ts';
import type { TripleIndex } from '../triples/triple-index.ts';
import type { TripleSet } from '../triples/types.ts';
import type { Corpus, Retriever } from '../types.ts';
import { backbonesWhere, DEFAULT_BACKBONE, presetOf } from './about.ts';
import type {
  BackboneDescriptor,
  BackboneInputs,
  BackbonePrompts,
  BuildProgress,
  BuiltBackbone,
} from './descriptor.ts';

const fail = (message: string) => new HopscopeError('backbones', message);

/** A backbone as a run names it: a descriptor's name (or a preset's) and its options. */
export interface BackboneSpec {
  name: string;
  options?: Record<string, unknown>;
}

/** What a host can supply. Every member but corpus and prompts is optional: absent means "not here". */
export interface BackboneResources {
  corpus: Corpus;
  prompts: BackbonePrompts;
  /** The corpus's BM25 index as the host keeps it (stored snapshot, built once). */
  bm25?(): Promise<Retriever>;
  /** The embedding model (queries and, without stored vectors, passages) and what a trace records of it. */
  embedder?(): Promise<{ embedder: Embedder; about: Record<string, unknown> } | undefined>;
  /** The corpus's passage vectors of that embedder; undefined embeds them now. */
  vectors?(embedder: Embedder): Promise<VectorIndex | undefined>;
  /** The triples graphs and triple indexes are built from (the offline extractor when the host has none). */
  triples?(): Promise<TripleSet>;
  /** A phrase graph with lexical synonym edges over the host's triples, kept or stored by the host. */
  graph?(): Promise<PhraseGraph | undefined>;
  /** GEAR's triple index T over the host's triples, kept or stored by the host; `how` says which. */
  tripleIndex?(): Promise<{ index: TripleIndex; how: string } | undefined>;
  /** The configured LLM for RAPTOR's summaries, GraphRAG's reports, HippoRAG 2's filter; none: stand-ins. */
  llm?(): Promise<LlmPort | undefined>;
  /** SyncGE's read step (the run's LLM). */
  read?(): Promise<NonNullable<BackboneInputs['read']>>;
  /** Query NER from a file, with the label the trace records. */
  queryEntities?: { entities: QueryEntities; label: string };
  artifacts?: ArtifactStore;
  signal?: AbortSignal;
  onProgress?: (p: BuildProgress) => void;
  /** Builds kept across calls (a host keeps one per corpus); keyed by spec and `identity`. */
  memo?: Map<string, Promise<Assembled>>;
  /** What distinguishes this host's builds besides the spec (the LLM, the embedding model): part of the memo key. */
  identity?: string;
}

export interface Assembled extends BuiltBackbone {
  name: string;
  /** The embedder the backbone was built with, shared with a backbone built over it. */
  embedder?: Embedder;
}

/**
 * A spec's memo key: its options in canonical form (keys sorted at every level, the base as the spec it
 * builds, so `naivege` and `naivege` over `bm25` are one build, and GEAR over RAPTOR is not GEAR over BM25).
 */
const key = (spec: BackboneSpec, identity = ''): string => `${JSON.stringify(canonical(spec))}|${identity}`;

/** Backbones built over a base: their spec without one builds over the default backbone. */
const OVER_A_BASE: ReadonlySet<string> = new Set(backbonesWhere((a) => a.needs.includes('base')));

function canonical(spec: BackboneSpec): unknown {
  const { base, ...rest } = spec.options ?? {};
  const options = sortedKeys(rest) as Record<string, unknown>;
  if (base !== undefined || OVER_A_BASE.has(spec.name)) options.base = canonical(baseSpec(base));
  return { name: spec.name, options };
}

const sortedKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortedKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]),
        )
      : v;

/**
 * Builds `spec` from `res` through `descriptors` (the registry, passed in to keep this file free of the list):
 * a preset's options go under the caller's, the base is assembled first (and shares its embedder), then
 * each need and use is pulled, and the builder validates the options and builds.
 */
export function assembleWith(
  descriptors: (name: string) => BackboneDescriptor<Record<string, unknown>> | undefined,
  build: (d: BackboneDescriptor<Record<string, unknown>>, inputs: BackboneInputs) => Promise<BuiltBackbone>,
) {
  async function assemble(spec: BackboneSpec, res: BackboneResources): Promise<Assembled> {
    const preset = presetOf(spec.name);
    const resolved = preset ? { name: preset.of, options: { ...preset.options, ...spec.options } } : spec;
    const once = () => assembleOnce(resolved, res);
    return res.memo ? keptPromise(res.memo, key(resolved, res.identity), once) : once();
  }

  async function assembleOnce(spec: BackboneSpec, res: BackboneResources): Promise<Assembled> {
    const d = descriptors(spec.name);
    if (!d) throw fail(`backbone "${spec.name}" is not available`);
    const wants = new Set<string>([...d.needs, ...d.uses]);
    const options = spec.options ?? {};
    const inputs: BackboneInputs = { corpus: res.corpus, options, prompts: res.prompts };
    if (res.signal) inputs.signal = res.signal;
    if (res.onProgress) inputs.onProgress = res.onProgress;
    if (wants.has('artifacts') && res.artifacts) inputs.artifacts = res.artifacts;
    const about: Record<string, unknown> = {};
    if (wants.has('base')) {
      const base = await assemble(baseSpec(options.base), res);
      inputs.base = base.retriever;
      // A base that embeds hands its embedder up: HippoRAG 2 scores facts and links synonyms with it,
      // graph expansion scores its beams with it (the same in every host, by construction).
      if (base.embedder) inputs.embedder = base.embedder;
      if (base.traceOptions.embedding !== undefined) about.embedding = base.traceOptions.embedding;
    }
    if (wants.has('embedder') && !inputs.embedder) {
      const e = await res.embedder?.();
      if (!e)
        throw fail(
          `backbone "${spec.name}" needs an embedding model (Settings › Embeddings in the page, --model <folder> in the CLI)`,
        );
      inputs.embedder = e.embedder;
      Object.assign(about, e.about);
      const vectors = wants.has('vectors') ? await res.vectors?.(e.embedder) : undefined;
      if (vectors) inputs.vectors = vectors;
    }
    if (wants.has('bm25') && res.bm25) inputs.bm25 = await res.bm25();
    // A stored lexical graph serves only where no embedder asks for embedding synonym edges.
    const graph = wants.has('graph') && !inputs.embedder ? await res.graph?.() : undefined;
    if (graph) inputs.graph = graph;
    const tripleIndex = wants.has('tripleIndex') ? await res.tripleIndex?.() : undefined;
    if (tripleIndex) inputs.tripleIndex = tripleIndex.index;
    if (wants.has('triples') && !inputs.tripleIndex && (!inputs.graph || inputs.embedder)) {
      if (!res.triples) throw fail(`backbone "${spec.name}" needs triples`);
      inputs.triples = await res.triples();
    }
    const llm = wants.has('llm') ? await res.llm?.() : undefined;
    if (llm) inputs.llm = llm;
    if (wants.has('queryEntities') && res.queryEntities) inputs.queryEntities = res.queryEntities.entities;
    if (wants.has('read')) {
      if (!res.read) throw fail(`backbone "${spec.name}" needs an LLM for its read step`);
      inputs.read = await res.read();
    }
    const built = await build(d, inputs);
    return {
      ...built,
      name: spec.name,
      ...(inputs.embedder ? { embedder: inputs.embedder } : {}),
      traceOptions: {
        ...about,
        ...built.traceOptions,
        ...(tripleIndex?.how ? { tripleIndex: tripleIndex.how } : {}),
        ...(inputs.queryEntities && res.queryEntities ? { queryEntities: res.queryEntities.label } : {}),
      },
    };
  }
  return assemble;
}

/** The base option: a name, or a spec with options (GEAR over a backbone run with options of its own). */
function baseSpec(base: unknown): BackboneSpec {
  if (typeof base === 'string') return { name: base };
  if (base && typeof base === 'object' && typeof (base as BackboneSpec).name === 'string') return base as BackboneSpec;
  return { name: DEFAULT_BACKBONE };
}

// Builds the backbone named on the command line through core's one builder (src/core/backbones),
// loading what it needs from disk: the OpenIE triples file, the embedding model folder. With an LLM
// among --llm (an OpenAI-compatible one), RAPTOR's summaries, GraphRAG's reports and HippoRAG 2's
// recognition filter use it; with none, the labelled extractive stand-ins run (said on stderr).
import { basename, dirname, resolve } from 'node:path';
import {
  backboneForStrategy,
  isGraphExpansion,
  buildBackbone,
  type BackboneInputs,
  type BackboneName,
  type BuiltBackbone,
} from '../core/backbones/index.ts';
import type { LlmPort } from '../core/llm/port.ts';
import { strategyDescriptor, type StrategyName } from '../core/strategies/index.ts';
import type { GraphExpansionRetriever } from '../core/retrievers/graph-expansion.ts';
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import { offlineQueryEntities, type HippoRag2Retriever, type QueryEntities } from '../core/retrievers/hipporag2.ts';
import { parseQueryNerTsv } from '../core/triples/query-ner-tsv.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import { parseOpenIeText } from '../core/triples/openie-file.ts';
import { extractTriplesOffline } from '../core/triples/offline-extractor.ts';
import { TRIPLE_SOURCE_LABELS, type TripleSet } from '../core/triples/types.ts';
import type { Dataset } from '../core/types.ts';
import { BACKBONE_PROMPTS } from '../prompts/backbone-prompts.ts';
import { GEAR_READ_PROMPT } from '../prompts/gear-read-port.ts';
import { createTransformersEmbedder } from '../providers/embed/transformers-embedder.ts';
import { checkModelFolder } from './model-check.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { backboneLlmSpec } from './backbone-llm.ts';
import { backboneLlmRole } from '../core/backbones/about.ts';
import { readTextInput } from './text-input.ts';
import { UsageError, type EvalArgs } from './args.ts';
import type { Io } from './io.ts';

export interface CliBackbone extends BuiltBackbone {
  name: BackboneName;
  /** The backbone a strategy runs over (GEAR over a non-expansion backbone: NaiveGE over it; see backboneForStrategy). */
  forStrategy(strategy: StrategyName): Promise<BuiltBackbone>;
}

const GRAPH_BACKED: readonly BackboneName[] = ['hipporag2', 'graphrag', 'naivege', 'syncge'];
const needsEmbedder = (name: BackboneName, base: BackboneName) =>
  name === 'dense' || name === 'hybrid' || (GRAPH_BACKED.includes(name) && (base === 'dense' || base === 'hybrid'));

/** The backbone's LLM (backboneLlmSpec: the first OpenAI-compatible model among --llm), or none. */
async function backboneLlm(args: EvalArgs, dataset: Dataset): Promise<LlmPort | undefined> {
  const spec = backboneLlmSpec(args);
  if (!spec) return undefined;
  return (await createLlmFromSpec(spec, { corpusId: dataset.corpus.id, cacheDir: args.cacheDir })).llm;
}

export async function buildCliRetriever(args: EvalArgs, dataset: Dataset, io: Io): Promise<CliBackbone> {
  const name = args.retriever;
  if (!name) throw new UsageError('--retriever is required');
  const corpus = dataset.corpus;
  const inputs: BackboneInputs = { corpus, prompts: BACKBONE_PROMPTS };
  if (needsEmbedder(name, args.base)) {
    if (!args.model)
      throw new UsageError(
        `--retriever ${name}${name === 'dense' || name === 'hybrid' ? '' : ` --base ${args.base}`} needs --model <folder> (an embedding model folder with onnx/model.onnx)`,
      );
    const folder = resolve(args.model);
    if (await checkModelFolder(folder)) io.err(`${folder}: onnx/model.onnx matches its LFS pointer (size and sha256)`);
    inputs.embedder = createTransformersEmbedder({
      model: basename(folder),
      localModelPath: dirname(folder),
      device: 'cpu',
      dtype: 'fp32',
    });
    io.err(`embedding ${corpus.passages.length} passages with ${folder} (CPU)…`);
  }
  const usesLlm = backboneLlmRole(name, { seed: args.seed }) !== undefined;
  const llm = usesLlm ? await backboneLlm(args, dataset) : undefined;
  if (llm) inputs.llm = llm;
  if (usesLlm)
    io.err(
      llm
        ? `${name}: ${name === 'raptor' ? 'summaries' : name === 'graphrag' ? 'community reports' : 'recognition filter'} by ${llm.label}`
        : `${name}: no LLM among --llm: ${name === 'hipporag2' ? 'the top facts are kept unfiltered' : 'the labelled extractive stand-in writes the texts'}`,
    );

  let triples: TripleSet | undefined;
  const triplesOf = async (): Promise<TripleSet> => (triples ??= await readTriples(args, dataset, io));
  if (GRAPH_BACKED.includes(name)) {
    if (name !== 'graphrag') {
      const base = await buildBackbone(args.base, {
        corpus,
        ...(inputs.embedder ? { embedder: inputs.embedder } : {}),
      });
      inputs.base = base.retriever;
    }
    inputs.triples = await triplesOf();
  }
  if (name === 'hipporag2') inputs.options = { seed: args.seed };
  const queryNer =
    args.queryNer && (name === 'hipporag2' || name === 'graphrag') ? await readQueryNer(args.queryNer, io) : undefined;
  if (queryNer) inputs.queryEntities = queryNer.entities;
  if (name === 'naivege' || name === 'syncge') inputs.options = args.geOptions;
  if (name === 'syncge') inputs.read = await syncRead(args, dataset, io);

  const made = await buildBackbone(name, inputs);
  const built = queryNer ? { ...made, traceOptions: { ...made.traceOptions, queryEntities: queryNer.label } } : made;
  io.err(describe(name, built));
  for (const w of built.warnings ?? []) io.err(`warning: ${w}`);
  return {
    name,
    ...built,
    async forStrategy(strategy) {
      const expands = strategyDescriptor(strategy).needs.graphExpansion;
      if (!expands || isGraphExpansion(name)) return built;
      return backboneForStrategy(
        expands,
        { name, ...built },
        {
          corpus,
          triples: await triplesOf(),
          ...(inputs.embedder ? { embedder: inputs.embedder } : {}),
          geOptions: args.geOptions,
        },
      );
    },
  };
}

/** One stderr line on what was built and what stands in for what. */
function describe(name: BackboneName, b: BuiltBackbone): string {
  const r = b.retriever;
  if (name === 'raptor') {
    const { tree, scorer } = r as RaptorRetriever;
    return `raptor tree: ${tree.levels.join(' / ')} nodes per level; clusters on ${tree.vectors}; ${tree.summarizer}; nodes scored by ${scorer}`;
  }
  if (name === 'graphrag') {
    const g = r as GraphRagRetriever;
    const levels = g.hierarchy.communities.reduce((n, c) => ((n[c.level] = (n[c.level] ?? 0) + 1), n), [] as number[]);
    return `graphrag: ${levels.join(' / ')} Louvain communities per level (modularity ${g.hierarchy.modularity.toFixed(3)}); reports: ${g.reportSource}`;
  }
  if (name === 'hipporag2') {
    const facts = (r as HippoRag2Retriever).factSource;
    return facts
      ? `seeds: retrieved facts, scored by ${facts.label}; filter: ${facts.filter}`
      : 'seeds: linked query entities (--seed entities)';
  }
  if (name === 'naivege' || name === 'syncge') {
    const ge = r as GraphExpansionRetriever;
    return `${name}: ${ge.expansion.index.size} triples in T, beam score: ${ge.expansion.scorer.label}`;
  }
  return `${name}: ${b.built}`;
}

/** HippoRAG's query NER file: the LLM's entities per query; a query it does not list falls back to the offline extractor. */
async function readQueryNer(file: string, io: Io): Promise<{ entities: QueryEntities; label: string }> {
  const text = await readTextInput('--query-ner', file); // strict UTF-8, a BOM dropped
  const map = parseQueryNerTsv(text, basename(file));
  io.err(`query entities: ${map.size} queries from ${basename(file)} (others: offline extractor)`);
  return {
    entities: (q) => map.get(q) ?? offlineQueryEntities(q),
    label: `query NER file ${basename(file)} (${map.size} queries; others: offline extractor)`,
  };
}

async function readTriples(args: EvalArgs, dataset: Dataset, io: Io): Promise<TripleSet> {
  const corpus = dataset.corpus;
  let t: TripleSet;
  if (args.openie) {
    const text = await readTextInput('--openie', args.openie); // strict UTF-8, a BOM dropped
    t = parseOpenIeText(text, corpus, basename(args.openie));
  } else {
    io.err(`no --openie file: extracting triples with the ${TRIPLE_SOURCE_LABELS['offline-extractor']}…`);
    t = extractTriplesOffline(corpus.passages);
  }
  const count = t.passages.reduce((n, p) => n + p.triples.length, 0);
  io.err(
    `triples: ${count} from ${TRIPLE_SOURCE_LABELS[t.source]}${t.rejected.length ? `, ${t.rejected.length} malformed rejected` : ''}`,
  );
  for (const w of t.warnings.slice(0, 5)) io.err(`  warning: ${w}`);
  return t;
}

/** SyncGE's read step outside a strategy run: the J.2 reader through the --llm LLM (cached as any other call). */
async function syncRead(args: EvalArgs, dataset: Dataset, io: Io): Promise<NonNullable<BackboneInputs['read']>> {
  const spec = llmSpecFrom({ llm: args.llm, ...args.llmRest });
  const { llm, label } = await createLlmFromSpec(spec, {
    corpusId: dataset.corpus.id,
    cacheDir: args.cacheDir,
    offline: () => createOfflineThinker(),
  });
  io.err(`syncge read step: ${label}`);
  const byId = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  return { prompt: GEAR_READ_PROMPT, llm, passage: (id) => byId.get(id) };
}

// The CLI's side of the one backbone path (src/core/backbones/resources.ts): the resources it can
// supply from files and flags (the OpenIE triples file, the embedding model folder, the first
// OpenAI-compatible --llm, the query NER file), read only when the descriptor asks for them.
import { basename, dirname, resolve } from 'node:path';
import {
  assembleBackbone,
  BACKBONE_DESCRIPTORS,
  backboneNeedsEmbedder,
  isGraphExpansion,
  strategyBackbone,
  type BackboneInputs,
  type BackboneName,
  type BackboneResources,
  type BackboneSpec,
  type BuiltBackbone,
} from '../core/backbones/index.ts';
import { backboneLlmRole } from '../core/backbones/about.ts';
import type { LlmPort } from '../core/llm/port.ts';
import { strategyDescriptor, type StrategyName } from '../core/strategies/index.ts';
import type { QueryEntities } from '../core/retrievers/hipporag2.ts';
import { parseQueryNerTsv } from '../core/triples/query-ner-tsv.ts';
import { parseOpenIeText } from '../core/triples/openie-file.ts';
import { extractEntitiesOffline, extractTriplesOffline } from '../core/triples/offline-extractor.ts';
import { TRIPLE_SOURCE_LABELS, type TripleSet } from '../core/triples/types.ts';
import type { Dataset } from '../core/types.ts';
import { BACKBONE_PROMPTS } from '../prompts/backbone-prompts.ts';
import { GEAR_READ_PROMPT } from '../prompts/gear-read-port.ts';
import { createTransformersEmbedder } from '../providers/embed/transformers-embedder.ts';
import { checkModelFolder } from './model-check.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { createLlmFromSpec, llmSpecFrom, type LlmSpec } from './llm-spec.ts';
import { readTextInput } from './text-input.ts';
import { UsageError, type EvalArgs } from './args.ts';
import type { Io } from './printable.ts';

export interface CliBackbone extends BuiltBackbone {
  name: BackboneName;
  /** The backbone a strategy runs over (GEAR over a non-expansion backbone: NaiveGE over it; see strategyBackbone). */
  forStrategy(strategy: StrategyName): Promise<BuiltBackbone>;
}

/**
 * The LLM a backbone built by the CLI calls: the first OpenAI-compatible model among --llm (replay and the
 * offline thinker are no LLM for a backbone: it runs its labelled stand-in). The builder and the run
 * configuration (run-config.ts) both ask this one function, so the LLM that wrote RAPTOR's summaries,
 * GraphRAG's reports or HippoRAG 2's filter is always part of the key.
 */
type OpenAiSpec = Extract<LlmSpec, { kind: 'openai' }>;

export function backboneLlmSpec(
  args: Pick<EvalArgs, 'retriever' | 'seed' | 'llm' | 'llms' | 'llmRest'>,
): OpenAiSpec | undefined {
  if (!args.retriever || !backboneLlmRole(args.retriever, { seed: args.seed })) return undefined;
  const names = args.llms.length ? args.llms : args.llm ? [args.llm] : [];
  for (const name of names) {
    const spec = llmSpecFrom({ llm: name, ...args.llmRest });
    if (spec.kind === 'openai') return spec;
  }
  return undefined;
}

/** The backbone's LLM (backboneLlmSpec: the first OpenAI-compatible model among --llm), or none. */
async function backboneLlm(args: EvalArgs, dataset: Dataset): Promise<LlmPort | undefined> {
  const spec = backboneLlmSpec(args);
  return spec && (await createLlmFromSpec(spec, { corpusId: dataset.corpus.id, cacheDir: args.cacheDir })).llm;
}

/** The CLI's options of the backbone on the command line (the descriptor's schema checks them). */
export function cliSpec(args: EvalArgs, name: BackboneName): BackboneSpec {
  const d = BACKBONE_DESCRIPTORS[name];
  const options: Record<string, unknown> = {};
  if (d.needs.includes('base')) options.base = args.base;
  if (d.options.safeParse({ seed: args.seed }).success) options.seed = args.seed;
  if (isGraphExpansion(name)) Object.assign(options, args.geOptions);
  return { name, options };
}

/** What the CLI can supply a backbone: files and flags, each read once and only when a backbone asks. */
function cliResources(args: EvalArgs, dataset: Dataset, io: Io, queryNer?: CliQueryNer): BackboneResources {
  const corpus = dataset.corpus;
  const once = <T>(make: () => Promise<T>) => {
    let p: Promise<T> | undefined;
    return () => (p ??= make());
  };
  return {
    corpus,
    prompts: BACKBONE_PROMPTS,
    memo: new Map(),
    embedder: once(async () => {
      if (!args.model)
        throw new UsageError(
          `--retriever ${args.retriever}${backboneNeedsEmbedder(args.retriever!) ? '' : ` --base ${args.base}`} needs --model <folder> (an embedding model folder with onnx/model.onnx)`,
        );
      const folder = resolve(args.model);
      if (await checkModelFolder(folder))
        io.err(`${folder}: onnx/model.onnx matches its LFS pointer (size and sha256)`);
      io.err(`embedding ${corpus.passages.length} passages with ${folder} (CPU)…`);
      const embedder = createTransformersEmbedder({
        model: basename(folder),
        localModelPath: dirname(folder),
        device: 'cpu',
        dtype: 'fp32',
      });
      return { embedder, about: { embedding: embedder.model } };
    }),
    triples: once(() => readTriples(args, dataset, io)),
    llm: once(async () => {
      const llm = await backboneLlm(args, dataset);
      io.err(
        llm
          ? `${args.retriever}: the backbone's LLM calls go to ${llm.label}`
          : `${args.retriever}: no LLM among --llm: the labelled stand-ins run (no recognition filter, extractive summaries and reports)`,
      );
      return llm;
    }),
    read: once(() => syncRead(args, dataset, io)),
    ...(queryNer ? { queryEntities: queryNer } : {}),
  };
}

type CliQueryNer = { entities: QueryEntities; label: string };

export async function buildCliRetriever(args: EvalArgs, dataset: Dataset, io: Io): Promise<CliBackbone> {
  const name = args.retriever;
  if (!name) throw new UsageError('--retriever is required');
  const usesQueryNer = BACKBONE_DESCRIPTORS[name].uses.includes('queryEntities');
  const queryNer = args.queryNer && usesQueryNer ? await readQueryNer(args.queryNer, io) : undefined;
  const res = cliResources(args, dataset, io, queryNer);
  const spec = cliSpec(args, name);
  const built = await assembleBackbone(spec, res);
  if (built.summary) io.err(built.summary);
  for (const w of built.warnings ?? []) io.err(`warning: ${w}`);
  return {
    ...built,
    name,
    forStrategy: (strategy) =>
      strategyBackbone(strategyDescriptor(strategy).needs.graphExpansion, spec, res, args.geOptions),
  };
}

/** HippoRAG's query NER file: the LLM's entities per query; a query it does not list falls back to the offline extractor. */
async function readQueryNer(file: string, io: Io): Promise<{ entities: QueryEntities; label: string }> {
  const text = await readTextInput('--query-ner', file); // strict UTF-8, a BOM dropped
  const map = parseQueryNerTsv(text, basename(file));
  io.err(`query entities: ${map.size} queries from ${basename(file)} (others: offline extractor)`);
  return {
    entities: (q) => map.get(q) ?? extractEntitiesOffline(q),
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

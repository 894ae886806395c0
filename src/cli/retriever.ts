// Builds the backbone named on the command line through the shared registry, loading what it needs
// from disk: the OpenIE triples file (hipporag2), the embedding model folder (dense, hybrid).
import { basename, dirname, resolve } from 'node:path';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import { buildBackbone, type BackboneDeps } from '../core/retrievers/registry.ts';
import { createLlmFactFilter } from '../core/retrievers/fact-filter.ts';
import * as recognitionFilter from '../prompts/hipporag2-recognition-filter.ts';
import { parseOpenIeText } from '../core/triples/openie-file.ts';
import { extractTriplesOffline } from '../core/triples/offline-extractor.ts';
import { TRIPLE_SOURCE_LABELS } from '../core/triples/types.ts';
import type { Dataset, Retriever } from '../core/types.ts';
import { createTransformersEmbedder } from '../providers/embed/transformers-embedder.ts';
import { UsageError, type EvalArgs } from './args.ts';
import type { GraphExpansionRetriever } from '../core/retrievers/graph-expansion.ts';
import { GEAR_READ_PROMPT } from '../prompts/gear-read-port.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import { readTextInput } from './text-input.ts';
import type { Io } from './eval.ts';

export async function buildCliRetriever(args: EvalArgs, dataset: Dataset, io: Io): Promise<Retriever> {
  const name = args.retriever;
  if (!name) throw new UsageError('--retriever is required');
  const corpus = dataset.corpus;
  const deps: BackboneDeps = {};
  if (name === 'dense' || name === 'hybrid' || (name !== 'bm25' && (args.base === 'dense' || args.base === 'hybrid'))) {
    if (!args.model)
      throw new UsageError(
        `--retriever ${name} needs --model <folder> (an embedding model folder with onnx/model.onnx)`,
      );
    const folder = resolve(args.model);
    deps.embedder = createTransformersEmbedder({
      model: basename(folder),
      localModelPath: dirname(folder),
      device: 'cpu',
      dtype: 'fp32',
    });
    io.err(`embedding ${corpus.passages.length} passages with ${folder} (CPU)…`);
  }
  if (name === 'raptor') {
    const r = (await buildBackbone(name, corpus, deps)) as RaptorRetriever;
    io.err(
      `raptor tree: ${r.tree.levels.join(' / ')} nodes per level; clusters on ${r.tree.vectors}; ${r.tree.summarizer}; nodes scored by ${r.scorer}`,
    );
    return r;
  }
  const graphBacked = name === 'hipporag2' || name === 'graphrag' || name === 'naivege' || name === 'syncge';
  if (!graphBacked) return buildBackbone(name, corpus, deps);

  if (name !== 'graphrag') deps.base = await buildBackbone(args.base, corpus, deps);
  if (args.openie) {
    const text = await readTextInput('--openie', args.openie); // strict UTF-8, a BOM dropped
    deps.triples = parseOpenIeText(text, corpus, basename(args.openie));
  } else {
    io.err(`no --openie file: extracting triples with the ${TRIPLE_SOURCE_LABELS['offline-extractor']}…`);
    deps.triples = extractTriplesOffline(corpus.passages);
  }
  const t = deps.triples;
  const count = t.passages.reduce((n, p) => n + p.triples.length, 0);
  io.err(
    `triples: ${count} from ${TRIPLE_SOURCE_LABELS[t.source]}${t.rejected.length ? `, ${t.rejected.length} malformed rejected` : ''}`,
  );
  for (const w of t.warnings.slice(0, 5)) io.err(`  warning: ${w}`);
  if (name === 'graphrag') {
    const g = (await buildBackbone(name, corpus, deps)) as GraphRagRetriever;
    const levels = g.hierarchy.communities.reduce((n, c) => ((n[c.level] = (n[c.level] ?? 0) + 1), n), [] as number[]);
    io.err(
      `graphrag: ${levels.join(' / ')} Louvain communities per level (modularity ${g.hierarchy.modularity.toFixed(3)}); reports: ${g.reportSource}`,
    );
    return g;
  }
  if (name === 'hipporag2') {
    deps.options = { seed: args.seed };
    // HippoRAG 2's recognition-memory filter needs a real LLM: with --llm openai the top facts go through
    // it; the offline thinker is no LLM, so offline runs keep the top facts unfiltered (said on stderr).
    if (args.seed === 'facts' && args.llm === 'openai') {
      const { llm } = await createLlmFromSpec(llmSpecFrom({ llm: args.llm, ...args.llmRest }), {
        corpusId: corpus.id,
        cacheDir: args.cacheDir,
      });
      deps.factFilter = createLlmFactFilter(llm, recognitionFilter);
    }
    const retriever = await buildBackbone('hipporag2', corpus, deps);
    const facts = (retriever as HippoRag2Retriever).factSource;
    io.err(
      facts
        ? `seeds: retrieved facts, scored by ${facts.label}; filter: ${facts.filter}`
        : 'seeds: linked query entities (--seed entities)',
    );
    return retriever;
  }
  deps.options = args.geOptions;
  if (name === 'syncge') deps.read = await syncReadDeps(args, dataset, io);
  const ge = (await buildBackbone(name, corpus, deps)) as GraphExpansionRetriever;
  io.err(`${name}: ${ge.expansion.index.size} triples in T, beam score: ${ge.expansion.scorer.label}`);
  return ge;
}

/** SyncGE's read step outside a strategy run: the J.2 reader through the --llm LLM (cached as any other call). */
async function syncReadDeps(args: EvalArgs, dataset: Dataset, io: Io): Promise<NonNullable<BackboneDeps['read']>> {
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

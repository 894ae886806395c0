// The engine's run methods: every strategy (the retrieval baselines too) through core's runStrategy
// with the dataset's backbone, the LLM from Settings (or the labelled offline thinker) and the run's
// AbortSignal; what-if branches of a finished run; cancel by run id.
import { HopscopeError } from '../core/errors.ts';
import { isBaseline, isStrategyName, strategyDescriptor } from '../core/strategies/index.ts';
import { runRegime } from '../core/strategies/regimes.ts';
import { traceSchema, type Trace } from '../core/trace/schema.ts';
import { runBranch } from '../core/whatif/branch.ts';
import { intervention as interventionSchema } from '../core/whatif/intervention.ts';
import { STRATEGY_PROMPTS } from '../prompts/strategy-prompts.ts';
import { createOfflineThinker, OFFLINE_THINKER_LABEL } from '../providers/llm/offline-thinker.ts';
import {
  RUN_BACKBONES,
  RUN_STRATEGIES,
  type EngineApi,
  type RunBackbone,
  type RunRequest,
  type TraceListener,
  type BuildListener,
  type BranchRunRequest,
} from './engine-api.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { Loaded } from './loaded.ts';
import { llmFromStoredSettings } from './llm.ts';

export function createRunMethods({
  stores,
  embedding: runtime,
  now,
  datasets,
  backbones,
  rerankers,
}: EngineDeps): Pick<EngineApi, 'run' | 'cancelRun' | 'runBranch'> {
  const running = new Map<string, AbortController>();

  /** Runs `work` under a controller that cancelRun(runId) aborts. */
  async function tracked(runId: string | undefined, work: (signal: AbortSignal) => Promise<Trace>): Promise<Trace> {
    const controller = new AbortController();
    if (runId !== undefined) running.set(runId, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (runId !== undefined && running.get(runId) === controller) running.delete(runId);
    }
  }

  /** One of core's strategies, exactly as the CLI runs it (paper defaults; request.k is the depth of the retrieval baselines). */
  async function runCore(
    request: RunRequest,
    entry: Loaded,
    signal: AbortSignal,
    onEvent?: TraceListener,
    branch?: BranchRunRequest,
    onBuild?: BuildListener,
  ): Promise<Trace> {
    const { strategy } = request;
    const llm =
      request.llm === 'offline'
        ? createOfflineThinker()
        : await llmFromStoredSettings(stores, entry.dataset.corpus.id, runtime);
    // A backbone's first use builds it (RAPTOR's tree, GraphRAG's communities, ...): its progress goes to onBuild.
    const unwatch = onBuild ? backbones.watch(onBuild) : undefined;
    const over = await backbones.forRun(entry, strategy, request.backbone, llm).finally(() => unwatch?.());
    const { corpus } = entry.dataset;
    // DualRAG's Eq. 8 reranker from Settings (loaded here, in this worker); core names it in the trace options.
    const reranker = strategyDescriptor(strategy).needs.reranker ? await rerankers.current() : undefined;
    const ctx = {
      retriever: over.retriever,
      llm,
      prompts: STRATEGY_PROMPTS,
      passages: entry.byId,
      signal,
      now,
      ...(reranker ? { reranker } : {}),
      ...(onEvent ? { onEvent } : {}),
    };
    // runRegime('iterative', ...) is runStrategy; no-context / gold-context (oracle) run the strategy's reader
    // only. The trace's header (strategy options, the backbone's build facts, the reranker) is written by core.
    return branch
      ? runBranch(branch.parent, branch.intervention, ctx, {
          ...(branch.label !== undefined ? { label: branch.label } : {}),
          ...(branch.oracle !== undefined ? { oracle: branch.oracle } : {}),
          backbone: over.traceOptions,
        })
      : runRegime(
          request.regime ?? 'iterative',
          strategy,
          request.question,
          { ...ctx, ...(isBaseline(strategy) ? { options: { depth: request.k } } : {}) },
          {
            corpus: { id: corpus.id, name: corpus.name },
            retrieverName: request.backbone,
            backbone: over.traceOptions,
          },
        );
  }

  return {
    async run(request, onEvent, onBuild) {
      const entry = datasets.get(request.datasetId);
      if (!RUN_STRATEGIES.includes(request.strategy))
        throw new HopscopeError(
          'engine',
          `strategy "${String(request.strategy)}" is not available in this build (available: ${RUN_STRATEGIES.join(', ')})`,
        );
      if (!RUN_BACKBONES.includes(request.backbone))
        throw new HopscopeError(
          'engine',
          `backbone "${String(request.backbone)}" is not available here (available: ${RUN_BACKBONES.join(', ')})`,
        );
      if (request.question.question.trim() === '')
        throw new HopscopeError('engine', 'the question is empty; type a question or pick one');
      return tracked(request.runId, (signal) => runCore(request, entry, signal, onEvent, undefined, onBuild));
    },

    cancelRun(runId) {
      running.get(runId)?.abort();
    },

    async runBranch(request, onEvent) {
      const run = branchRunRequest(request);
      return tracked(run.runId, (signal) => runCore(run, datasets.get(run.datasetId), signal, onEvent, request));
    },
  };
}

/**
 * A what-if branch runs with the same backbone and LLM choice as its parent, so the page sends only the parent
 * trace and the change: the run request the parent was made with, checked (strategy, backbone, question, LLM).
 */
function branchRunRequest(r: BranchRunRequest): RunRequest {
  const parent = traceSchema.safeParse(r.parent);
  if (!parent.success)
    throw new HopscopeError('engine', `what-if: the parent is not a trace (${parent.error.issues[0]?.message})`);
  const change = interventionSchema.safeParse(r.intervention);
  if (!change.success)
    throw new HopscopeError(
      'engine',
      `what-if: invalid change (${change.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`,
    );
  const t = parent.data;
  if (t.corpus.id !== r.datasetId)
    throw new HopscopeError(
      'engine',
      `what-if: this run is on corpus "${t.corpus.name}"; open that corpus to branch it (the loaded one is "${r.datasetId}")`,
    );
  if (!isStrategyName(t.strategy)) throw new HopscopeError('engine', `what-if: unknown strategy "${t.strategy}"`);
  if (!(RUN_BACKBONES as readonly string[]).includes(t.retriever))
    throw new HopscopeError('engine', `what-if: backbone "${t.retriever}" is not available here`);
  const depth = typeof t.options.depth === 'number' ? t.options.depth : 50;
  return {
    datasetId: r.datasetId,
    question: t.question,
    backbone: t.retriever as RunBackbone,
    strategy: t.strategy,
    k: depth,
    ...(r.runId !== undefined ? { runId: r.runId } : {}),
    // The parent's LLM: a run made with the offline thinker branches with it too.
    llm: t.llm === OFFLINE_THINKER_LABEL ? 'offline' : 'settings',
  };
}

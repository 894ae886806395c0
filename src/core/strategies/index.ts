// Public API of the iterative retrieval strategies. Hosts (CLI, engine worker) call:
//   const trace = await runStrategy('bdtr', question, { retriever, llm, prompts: STRATEGY_PROMPTS, passages, options, signal, onEvent }, { corpus, retrieverName });
//   traceRanking(trace)        -> the final context in its final order (the run's `ranking`)
import { TraceRecorder } from '../trace/recorder.ts';
import type { Trace } from '../trace/schema.ts';
import type { Question, Ranked, Retriever } from '../types.ts';
import { createRun, StrategyError, type StrategyContext } from './context.ts';
import type { MemberRunner } from './descriptor.ts';
import { promptVersions, type StrategyPrompts } from './prompt-port.ts';
import { DESCRIPTORS, findStrategy, strategyDescriptor, type StrategyName } from './registry.ts';
import { STOP_PROMPT } from './stopping.ts';
import { LEXICAL_RERANKER_NAME } from '../rerank/lexical.ts';
import { assembleTrace, settle, type RunMeta } from './trace-parts.ts';

export type { RunMeta } from './trace-parts.ts';

export { StrategyError, type StrategyContext } from './context.ts';
export type { StrategyPrompts, DualThought, ReasoningChain, StepReply, PromptPassage } from './prompt-port.ts';

export type { StrategyName } from './registry.ts';
export {
  DEFAULT_STRATEGY,
  DESCRIPTORS,
  findStrategy,
  REGISTRY,
  RETRIEVAL_ONLY,
  strategyDescriptor,
  strategyTitle,
} from './registry.ts';
export { flatten, type StrategyDescriptor, type StrategyNeeds } from './descriptor.ts';

/** Everything runStrategy runs, in the registry's order. */
export const RUNNABLE: readonly StrategyName[] = DESCRIPTORS.map((d) => d.name);
/** The papers' methods and the composites (everything but the retrieval baselines). */
export const STRATEGIES: readonly StrategyName[] = DESCRIPTORS.filter((d) => d.kind !== 'baseline').map((d) => d.name);

export function isStrategyName(name: string): name is StrategyName {
  return findStrategy(name) !== undefined;
}

export function isBaseline(name: StrategyName): boolean {
  return strategyDescriptor(name).kind === 'baseline';
}

/** Runs a member strategy's body for `auto` and `ensemble` with its options validated as at top level. */
const runMember: MemberRunner = async (name, run, raw) => {
  const def = findStrategy(name);
  if (!def || def.kind === 'composite') throw new StrategyError('strategies', `"${name}" cannot be a member strategy`);
  const options = def.parse(raw, run.ctx.retriever);
  await def.run(run, options, runMember);
  return options;
};

/**
 * The options an iterative run's trace records (without prompt versions): the strategy's validated options,
 * the backbone's build facts, and the reranker that reorders (DualRAG Eq. 8; the labelled lexical one when
 * the host gives none). Hosts key resume on it, so what a trace says and what a rerun checks are one thing.
 */
export function headerOptions(
  name: StrategyName,
  ctx: Pick<StrategyContext, 'options' | 'retriever' | 'reranker'>,
  backbone: Record<string, unknown> = {},
): Record<string, unknown> {
  const rerankedBy = strategyDescriptor(name).needs.reranker
    ? { reranker: ctx.reranker?.name ?? LEXICAL_RERANKER_NAME }
    : {};
  return { ...strategyOptions(name, ctx.options, ctx.retriever), ...backbone, ...rerankedBy };
}

/**
 * The validated options a run would use (defaults filled in, the backbone's among them when the retriever is
 * given), as recorded in trace.options.
 */
export function strategyOptions(
  name: StrategyName,
  raw?: Record<string, unknown>,
  retriever?: Retriever,
): Record<string, unknown> {
  const def = findStrategy(name);
  if (!def)
    throw new StrategyError('strategies', `unknown strategy "${String(name)}" (available: ${RUNNABLE.join(', ')})`);
  return def.parse(raw, retriever);
}

/** module -> prompt version of the prompts a strategy uses, as recorded in trace.options.prompts. */
export function strategyPromptVersions(name: StrategyName, prompts: StrategyPrompts): Record<string, string> {
  return promptVersions(prompts, [...strategyDescriptor(name).prompts]);
}

/** The option names a strategy accepts (hosts pass a shared setting, e.g. readerTop, only where it applies). */
export function strategyOptionKeys(name: StrategyName): string[] {
  return [...strategyDescriptor(name).keys];
}

/**
 * Run one strategy on one question and return its trace. LLM, parse and retrieval failures do not
 * throw: the trace has status "failed" and an `error` event. An abort returns the partial trace with
 * status "aborted". Only programmer errors throw (unknown strategy or option, a passage id the
 * lookup lacks, a bug).
 */
export async function runStrategy(
  name: StrategyName,
  question: Question,
  ctx: StrategyContext,
  meta: RunMeta,
): Promise<Trace> {
  const options = strategyOptions(name, ctx.options, ctx.retriever);
  const def = strategyDescriptor(name);
  const recorder = new TraceRecorder({ now: ctx.now, onEvent: ctx.onEvent });
  const run = createRun(question, ctx, recorder, name);
  const status = await settle(() => def.run(run, options, runMember), recorder, ctx.signal);
  return assembleTrace(name, question, meta, recorder, {
    id: `${name}-${meta.retrieverName}-${question.id}`,
    // A strategy with no prompt makes no LLM call: say so rather than name an LLM that did nothing.
    llm: def.prompts.length === 0 ? 'none (retrieval only)' : ctx.llm.label,
    regime: 'iterative',
    options: {
      ...headerOptions(name, ctx, meta.backbone),
      prompts: promptVersions(ctx.prompts, options.stop === 'llm' ? [...def.prompts, STOP_PROMPT] : def.prompts),
    },
    status,
  });
}

export { traceRanking } from '../trace/fold.ts';
export type { Ranked };

// Public API of the iterative retrieval strategies (issue 5). Hosts (CLI, engine worker) call:
//   const trace = await runStrategy('bdtr', question, { retriever, llm, prompts: STRATEGY_PROMPTS, passages, options, signal, onEvent }, { corpus, retrieverName });
//   traceRanking(trace)        -> the final context in its final order (the run's `ranking`)
//   traceRoundRankings(trace)  -> the pool after each round (for per-round Recall@k)
import { TraceRecorder } from '../trace/recorder.ts';
import { TRACE_VERSION, type Trace } from '../trace/schema.ts';
import type { Question, Ranked } from '../types.ts';
import { autoOptions, runAuto } from './auto.ts';
import { bdtrOptions, runBdtr } from './bdtr.ts';
import { ensembleOptions, runEnsemble } from './ensemble.ts';
import type { MemberRunner } from './members.ts';
import { createRun, StrategyError, type Run, type StrategyContext } from './context.ts';
import { dualragOptions, runDualrag } from './dualrag.ts';
import { gcotOptions, runGcot } from './gcot.ts';
import { gearOptions, runGear } from './gear.ts';
import { ircotOptions, runIrcot } from './ircot.ts';
import { irgsOptions, runIrgs } from './irgs.ts';
import { parseOptions } from './options.ts';
import { plannerOptions, runPlanner } from './planner.ts';
import { promptVersions, type StrategyPrompts } from './prompt-port.ts';
import { runStatic, staticOptions } from './static.ts';
import { settle, traceQuestion } from './trace-parts.ts';
import { runTog, togOptions } from './tog.ts';

export { StrategyError, type StrategyContext } from './context.ts';
export type { StrategyPrompts, DualThought, ReasoningChain, StepReply, PromptPassage } from './prompt-port.ts';

/** The iterative strategies and the static baseline (the papers' methods). */
export const STRATEGIES = [
  'static',
  'ircot',
  'irgs',
  'tog',
  'gcot',
  'bdtr',
  'bdtr-dtr',
  'bdtr-bgec',
  'gear',
  'planner',
  'dualrag',
  'dualrag-no-reasoner',
  'dualrag-no-ei',
  'dualrag-no-outline',
  'auto',
  'ensemble',
] as const;
/**
 * Retrieval baselines: "single" is one retrieval with the question at depth k and raw backbone scores,
 * no LLM (the round 0 every strategy starts from); "single-read" adds the QA reader over its top 5.
 */
export const BASELINES = ['single', 'single-read'] as const;
/** Everything runStrategy runs. */
export const RUNNABLE = [...BASELINES, ...STRATEGIES] as const;
export type StrategyName = (typeof RUNNABLE)[number];

export function isStrategyName(name: string): name is StrategyName {
  return (RUNNABLE as readonly string[]).includes(name);
}

export function isBaseline(name: StrategyName): name is (typeof BASELINES)[number] {
  return (BASELINES as readonly string[]).includes(name);
}

interface Definition {
  /** The option names this strategy accepts. */
  keys: string[];
  /** Validated options with defaults (throws StrategyError on a bad option). */
  options(raw: Record<string, unknown> | undefined): Record<string, unknown>;
  run(run: Run, options: Record<string, unknown>): Promise<void>;
  prompts: (keyof StrategyPrompts)[];
}

function define<O extends Record<string, unknown>>(
  name: StrategyName,
  shape: Parameters<typeof parseOptions>[1],
  body: (run: Run, o: O) => Promise<void>,
  prompts: (keyof StrategyPrompts)[],
  fixed: Record<string, unknown> = {},
): Definition {
  return {
    keys: Object.keys(shape).filter((k) => !(k in fixed)),
    options: (raw) => {
      for (const k of Object.keys(fixed)) {
        if (raw && k in raw && raw[k] !== fixed[k])
          throw new StrategyError(`strategies.${name}`, `option ${k} is fixed to ${String(fixed[k])} by this strategy`);
      }
      return parseOptions(name, shape, { ...raw, ...fixed });
    },
    run: (run, o) => body(run, o as O),
    prompts,
  };
}

const DUALRAG_PROMPTS: (keyof StrategyPrompts)[] = [
  'dualragReasoner',
  'dualragEntities',
  'dualragSummarizer',
  'dualragAnswer',
];

const DEFINITIONS: Record<StrategyName, Definition> = {
  single: define('single', staticOptions, runStatic, [], { answer: false, normalize: 'none' }),
  'single-read': define('single-read', staticOptions, runStatic, ['answer'], { answer: true, normalize: 'none' }),
  static: define('static', staticOptions, runStatic, ['answer']),
  ircot: define('ircot', ircotOptions, runIrcot, ['ircot', 'answer']),
  irgs: define('irgs', irgsOptions, runIrgs, ['irgs', 'answer']),
  tog: define('tog', togOptions, runTog, ['tog', 'answer']),
  gcot: define('gcot', gcotOptions, runGcot, ['gcot', 'answer']),
  bdtr: define('bdtr', bdtrOptions, runBdtr, ['dualThought', 'reasoningChain', 'verifier', 'answer'], {}),
  // DTR only: the reader takes the top-5 of P_R (there is no cut to define a smaller context).
  'bdtr-dtr': define('bdtr-dtr', bdtrOptions, runBdtr, ['dualThought', 'answer'], { dtr: true, bgec: false }),
  'bdtr-bgec': define('bdtr-bgec', bdtrOptions, runBdtr, ['reasoningChain', 'verifier', 'answer'], {
    dtr: false,
    bgec: true,
  }),
  // GEAR agent (§5): needs a naivege/syncge backbone; reader = J.3 over the top 5 (Table 3).
  gear: define('gear', gearOptions, runGear, ['gearRead', 'gearReason', 'gearRewrite', 'gearAnswer']),
  // paper 004's controller: plan steps, then a composer with citations (prompts ours).
  planner: define('planner', plannerOptions, runPlanner, ['planner', 'composer']),
  // DualRAG and its framework ablations (DualRAG Table 3: w/o R, w/o Ei, w/o KO).
  dualrag: define('dualrag', dualragOptions, runDualrag, DUALRAG_PROMPTS, {
    reasoner: true,
    entityIdentifier: true,
    outline: true,
    readerTop: 'all',
  }),
  'dualrag-no-reasoner': define('dualrag-no-reasoner', dualragOptions, runDualrag, DUALRAG_PROMPTS, {
    reasoner: false,
    entityIdentifier: true,
    outline: true,
    readerTop: 'all',
  }),
  'dualrag-no-ei': define(
    'dualrag-no-ei',
    dualragOptions,
    runDualrag,
    ['dualragReasoner', 'dualragSummarizer', 'dualragAnswer'],
    { reasoner: true, entityIdentifier: false, outline: true, readerTop: 'all' },
  ),
  'dualrag-no-outline': define(
    'dualrag-no-outline',
    dualragOptions,
    runDualrag,
    ['dualragReasoner', 'dualragEntities', 'dualragAnswer'],
    { reasoner: true, entityIdentifier: true, outline: false },
  ),
  // Composite (issue 18): the router picks one of these per question; the ensemble fuses members.
  auto: define('auto', autoOptions, (run, o) => runAuto(run, o as never, runMember), [
    'route',
    'dualThought',
    'reasoningChain',
    'verifier',
    'ircot',
    'irgs',
    'tog',
    'gcot',
    'answer',
  ]),
  ensemble: define('ensemble', ensembleOptions, (run, o) => runEnsemble(run, o as never, runMember), [
    'dualThought',
    'reasoningChain',
    'verifier',
    'ircot',
    'irgs',
    'tog',
    'gcot',
    'answer',
  ]),
};

/** Runs a member strategy's body for `auto` and `ensemble` with its options validated as at top level. */
const runMember: MemberRunner = async (name, run, raw) => {
  if (!isStrategyName(name) || name === 'auto' || name === 'ensemble')
    throw new StrategyError('strategies', `"${name}" cannot be a member strategy`);
  const options = strategyOptions(name, raw);
  await DEFINITIONS[name].run(run, options);
  return options;
};

/** The paper's QA context for BDTR with BGEC is the whole cut set D_final; IRCoT's is its collection. */
const DEFAULT_OVERRIDES: Partial<Record<StrategyName, Record<string, unknown>>> = {
  bdtr: { readerTop: 'all' },
  // IRCoT's reader reads the collected paragraphs (at most maxParagraphs, 15).
  ircot: { readerTop: 'all' },
  'bdtr-bgec': { readerTop: 'all' },
};

export interface RunMeta {
  corpus: { id: string; name: string };
  retrieverName: string;
  /** Defaults to "<strategy>-<retriever>-<question id>" (stable across reruns). */
  traceId?: string;
  /** Defaults to now. */
  createdAt?: string;
}

/** The validated options a run would use (defaults filled in), as recorded in trace.options. */
export function strategyOptions(name: StrategyName, raw?: Record<string, unknown>): Record<string, unknown> {
  const def = DEFINITIONS[name];
  if (!def)
    throw new StrategyError('strategies', `unknown strategy "${String(name)}" (available: ${RUNNABLE.join(', ')})`);
  return def.options({ ...DEFAULT_OVERRIDES[name], ...raw });
}

/** module -> prompt version of the prompts a strategy uses, as recorded in trace.options.prompts. */
export function strategyPromptVersions(name: StrategyName, prompts: StrategyPrompts): Record<string, string> {
  return promptVersions(prompts, DEFINITIONS[name].prompts);
}

/** The option names a strategy accepts (hosts pass a shared setting, e.g. readerTop, only where it applies). */
export function strategyOptionKeys(name: StrategyName): string[] {
  return [...DEFINITIONS[name].keys];
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
  const options = strategyOptions(name, ctx.options);
  const def = DEFINITIONS[name];
  const recorder = new TraceRecorder({ now: ctx.now, onEvent: ctx.onEvent });
  const run = createRun(question, ctx, recorder, name);
  const status = await settle(() => def.run(run, options), recorder, ctx.signal);
  return {
    version: TRACE_VERSION,
    id: meta.traceId ?? `${name}-${meta.retrieverName}-${question.id}`,
    createdAt: meta.createdAt ?? new Date().toISOString(),
    strategy: name,
    retriever: meta.retrieverName,
    // A strategy with no prompt makes no LLM call: say so rather than name an LLM that did nothing.
    llm: def.prompts.length === 0 ? 'none (retrieval only)' : ctx.llm.label,
    regime: 'iterative',
    options: {
      ...options,
      prompts: promptVersions(ctx.prompts, options.stop === 'llm' ? [...def.prompts, 'tog'] : def.prompts),
    },
    corpus: { id: meta.corpus.id, name: meta.corpus.name },
    question: traceQuestion(question),
    events: recorder.events,
    status,
  };
}

export { traceRanking, traceRoundRankings, traceAnswer } from '../trace/fold.ts';
export type { Ranked };

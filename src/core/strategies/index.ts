// Public API of the iterative retrieval strategies (issue 5). Hosts (CLI, engine worker) call:
//   const trace = await runStrategy('bdtr', question, { retriever, llm, prompts: STRATEGY_PROMPTS, passages, options, signal, onEvent }, { corpus, retrieverName });
//   traceRanking(trace)        -> the final context in its final order (the run's `ranking`)
//   traceRoundRankings(trace)  -> the pool after each round (for per-round Recall@k)
import { AbortedError, HopscopeError } from '../errors.ts';
import { TraceRecorder } from '../trace/recorder.ts';
import { TRACE_VERSION, type Trace } from '../trace/schema.ts';
import type { Question, Ranked } from '../types.ts';
import { autoOptions, runAuto } from './auto.ts';
import { bdtrOptions, runBdtr } from './bdtr.ts';
import { ensembleOptions, runEnsemble } from './ensemble.ts';
import type { MemberRunner } from './members.ts';
import { createRun, StrategyError, type Run, type StrategyContext } from './context.ts';
import { gcotOptions, runGcot } from './gcot.ts';
import { ircotOptions, runIrcot } from './ircot.ts';
import { irgsOptions, runIrgs } from './irgs.ts';
import { parseOptions } from './options.ts';
import { promptVersions, type StrategyPrompts } from './prompt-port.ts';
import { runStatic, staticOptions } from './static.ts';
import { runTog, togOptions } from './tog.ts';

export { StrategyError, type StrategyContext } from './context.ts';
export type { StrategyPrompts, DualThought, ReasoningChain, StepReply, PromptPassage } from './prompt-port.ts';

export const STRATEGIES = ['static', 'ircot', 'irgs', 'tog', 'gcot', 'bdtr', 'bdtr-dtr', 'bdtr-bgec', 'auto', 'ensemble'] as const;
export type StrategyName = (typeof STRATEGIES)[number];

export function isStrategyName(name: string): name is StrategyName {
  return (STRATEGIES as readonly string[]).includes(name);
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
        if (raw && k in raw && raw[k] !== fixed[k]) throw new StrategyError(`strategies.${name}`, `option ${k} is fixed to ${String(fixed[k])} by this strategy`);
      }
      return parseOptions(name, shape, { ...raw, ...fixed });
    },
    run: (run, o) => body(run, o as O),
    prompts,
  };
}

const DEFINITIONS: Record<StrategyName, Definition> = {
  static: define('static', staticOptions, runStatic, ['answer']),
  ircot: define('ircot', ircotOptions, runIrcot, ['ircot', 'answer']),
  irgs: define('irgs', irgsOptions, runIrgs, ['irgs', 'answer']),
  tog: define('tog', togOptions, runTog, ['tog', 'answer']),
  gcot: define('gcot', gcotOptions, runGcot, ['gcot', 'answer']),
  bdtr: define('bdtr', bdtrOptions, runBdtr, ['dualThought', 'reasoningChain', 'verifier', 'answer'], {}),
  // DTR only: the reader takes the top-5 of P_R (there is no cut to define a smaller context).
  'bdtr-dtr': define('bdtr-dtr', bdtrOptions, runBdtr, ['dualThought', 'answer'], { dtr: true, bgec: false }),
  'bdtr-bgec': define('bdtr-bgec', bdtrOptions, runBdtr, ['reasoningChain', 'verifier', 'answer'], { dtr: false, bgec: true }),
  // Composite (issue 18): the router picks one of these per question; the ensemble fuses members.
  auto: define('auto', autoOptions, (run, o) => runAuto(run, o as never, runMember), ['dualThought', 'reasoningChain', 'verifier', 'ircot', 'irgs', 'answer']),
  ensemble: define('ensemble', ensembleOptions, (run, o) => runEnsemble(run, o as never, runMember), ['dualThought', 'reasoningChain', 'verifier', 'ircot', 'irgs', 'tog', 'gcot', 'answer']),
};

/** Runs a member strategy's body for `auto` and `ensemble` with its options validated as at top level. */
const runMember: MemberRunner = async (name, run, raw) => {
  if (!isStrategyName(name) || name === 'auto' || name === 'ensemble') throw new StrategyError('strategies', `"${name}" cannot be a member strategy`);
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
  if (!def) throw new StrategyError('strategies', `unknown strategy "${String(name)}" (available: ${STRATEGIES.join(', ')})`);
  return def.options({ ...DEFAULT_OVERRIDES[name], ...raw });
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
export async function runStrategy(name: StrategyName, question: Question, ctx: StrategyContext, meta: RunMeta): Promise<Trace> {
  const options = strategyOptions(name, ctx.options);
  const def = DEFINITIONS[name];
  const recorder = new TraceRecorder({ now: ctx.now, onEvent: ctx.onEvent });
  const run = createRun(question, ctx, recorder, name);
  let status: Trace['status'] = 'done';
  try {
    await def.run(run, options);
  } catch (e) {
    if (e instanceof AbortedError || ctx.signal?.aborted) status = 'aborted';
    else if (e instanceof HopscopeError && !(e instanceof StrategyError)) {
      recorder.addError(e.module, e);
      status = 'failed';
    } else throw e;
  }
  return {
    version: TRACE_VERSION,
    id: meta.traceId ?? `${name}-${meta.retrieverName}-${question.id}`,
    createdAt: meta.createdAt ?? new Date().toISOString(),
    strategy: name,
    retriever: meta.retrieverName,
    llm: ctx.llm.label,
    regime: 'iterative',
    options: { ...options, prompts: promptVersions(ctx.prompts, options.stop === 'llm' ? [...def.prompts, 'tog'] : def.prompts) },
    corpus: { id: meta.corpus.id, name: meta.corpus.name },
    question: {
      id: question.id,
      question: question.question,
      answers: [...question.answers],
      gold: [...question.gold],
      ...(question.type !== undefined ? { type: question.type } : {}),
      ...(question.hops !== undefined ? { hops: question.hops } : {}),
      ...(question.evidence !== undefined ? { evidence: question.evidence } : {}),
    },
    events: recorder.events,
    status,
  };
}

export { traceRanking, traceRoundRankings, traceAnswer } from './trace-read.ts';
export type { Ranked };

// The three evidence regimes of the diagnostic study (paper 004, Method Summary), for any strategy:
//   iterative     the strategy as it is (runStrategy)
//   no-context    the strategy's reader answers with no passages (zero-shot)
//   gold-context  the reader is given exactly the question's gold passages: an ORACLE. It reads gold
//                 inside the run by definition, so it is labelled "oracle" in the trace (options.oracle,
//                 a warning event) and hosts keep it out of strategy comparisons unless asked.
// The reader is the strategy's own in every regime, so the regime comparison changes the evidence and
// nothing else: the planner's composer, GEAR's J.3 QA reader, DualRAG's answer prompt M_A (Eq. 4) with
// the given passages as its knowledge (unstructured, as the w/o KO ablation shows them: the outline is
// the summarizer's reading of retrievals, which these regimes do not run) and no reasoning history,
// and the QA reader for every other strategy.
import { TraceRecorder } from '../trace/recorder.ts';
import { regime as regimeSchema, type Regime, type Trace } from '../trace/schema.ts';
import type { Question, Ranked } from '../types.ts';
import { answerStep, composeStep } from './answer.ts';
import { createRun, type Run, type StrategyContext } from './context.ts';
import { runStrategy, strategyDescriptor, type RunMeta, type StrategyName } from './index.ts';
import { promptVersions, type StrategyPrompts } from './prompt-port.ts';
import { assembleTrace, settle } from './trace-parts.ts';

export const REGIMES = regimeSchema.options;
export type { Regime };

const ORACLE_LABEL = 'oracle: the reader is given the gold passages';

export function isRegime(name: string): name is Regime {
  return (REGIMES as readonly string[]).includes(name);
}

/** A short label for tables and views: gold-context always says it is an oracle. */
export const regimeLabel = (r: Regime) => (r === 'gold-context' ? 'gold-context (oracle)' : r);

const readerOf = (name: StrategyName): keyof StrategyPrompts => strategyDescriptor(name).reader;

async function read(run: Run, name: StrategyName, context: readonly Ranked[]): Promise<unknown> {
  const reader = readerOf(name);
  if (reader === 'answer') return answerStep(run, context, context.length);
  if (reader === 'composer') return composeStep(run, context, []);
  run.checkAbort();
  const q = run.question.question;
  const docs = run.passagesOf(context, context.length);
  const { gearAnswer, dualragAnswer } = run.prompts;
  const text =
    reader === 'gearAnswer'
      ? gearAnswer.parse(await run.prompt(gearAnswer, docs, q, docs)).answer
      : dualragAnswer.parse(await run.prompt(dualragAnswer, docs, q, { documents: docs }, [])).answer;
  run.recorder.add({ type: 'answer', text });
}

/** Run `name` under `regime` on one question; failures are kept in the trace as runStrategy does. */
export async function runRegime(
  regime: Regime,
  name: StrategyName,
  question: Question,
  ctx: StrategyContext,
  meta: RunMeta,
): Promise<Trace> {
  if (regime === 'iterative') return runStrategy(name, question, ctx, meta);
  const recorder = new TraceRecorder({ now: ctx.now, onEvent: ctx.onEvent });
  const run = createRun(question, ctx, recorder, name);
  const oracle = regime === 'gold-context';
  const context: Ranked[] = oracle ? question.gold.map((id) => ({ id, score: 1 })) : [];
  const status = await settle(
    async () => {
      recorder.startRound(0);
      if (oracle) {
        recorder.add({
          type: 'warning',
          module: 'regime',
          message: `${ORACLE_LABEL} (${context.length}); not a retrieval result`,
        });
        recorder.add({ type: 'pool', pool: context.map((r, i) => ({ ...r, rank: i + 1, delta: null })) });
      }
      await read(run, name, context);
    },
    recorder,
    ctx.signal,
  );
  const reader = readerOf(name);
  return assembleTrace(name, question, meta, recorder, {
    id: `${name}-${regime}-${meta.retrieverName}-${question.id}`,
    llm: ctx.llm.label,
    regime,
    options: {
      regime,
      reader: ctx.prompts[reader].module,
      ...(oracle ? { oracle: ORACLE_LABEL } : {}),
      prompts: promptVersions(ctx.prompts, [reader]),
      ...meta.backbone,
    },
    status,
  });
}

// stoppingCalibration (paper 004, "stopping calibration"; failure signature "Overconfidence: Finalize
// triggers at Step 1 with low sufficiency scores (<0.6)"): judged on the run's own decisions to stop or
// go on, so it applies only to runs that decide when to stop, read off what the trace records:
//   the planner's `plan` events (FINALIZE, with its sufficiency score; a finalize forced by the step
//   cap is not a decision), DualRAG's Reasoner (`retrieval-flag` thoughts), GEAR's answerability and
//   a `stop` thought (the step prompts' "So the answer is:" marker, GEAR's "Answerable: Yes",
//   `--stop stable|llm`). Fixed-round runs record none of these: not applicable.
// Walking the trace in order with the gold retrieved so far (the coverage notion: top `top` of each
// retrieval plus what the calls were shown):
//   early   the run decided to stop while some gold unit was still missing;
//   late    the run went on (started another retrieval step) after every gold unit was in;
//   onTime  it stopped once the evidence was complete, and not later;
//   capped  it never decided to stop (the step cap ended it) and never went on past complete evidence.
// Coverage gap asks whether the gold was ever found; this asks whether the decisions fitted what had
// been found, so a capped run with a gap is not "early", and a late stop can follow full coverage.
import type { Trace, TraceEvent } from '../../trace/schema.ts';
import { PASSAGE_LINK } from '../../trace/fold.ts';
import { findStrategy } from '../../strategies/registry.ts';
import { covers, type GoldView } from './gold.ts';
import { notApplicable, type QuestionDiagnostic } from './types.ts';

export type StopOutcome = 'early' | 'late' | 'onTime' | 'capped';

export interface StoppingCalibration extends QuestionDiagnostic {
  outcome?: StopOutcome;
  /** What made the decision ("planner FINALIZE", "answer marker", ...). */
  decidedBy?: string;
  /** Retrieval steps taken before the run stopped. */
  stopStep?: number;
  /** Step after which every gold unit had been retrieved, when that happened before the stop. */
  completeStep?: number;
  /** The sufficiency score of the stop decision (the planner's), with whether the answer was right. */
  sufficiency?: { score: number; correct: boolean };
}

type Decision = { stop: boolean; by: string; score?: number };

/** A decision recorded by this event, if it is one (`capped`: rounds whose finalize the cap forced). */
function decisionOf(e: TraceEvent, capped: ReadonlySet<number>): Decision | undefined {
  if (e.type === 'plan') {
    const score = e.sufficiency !== undefined ? { score: e.sufficiency } : {};
    if (e.action === 'continue') return { stop: false, by: 'planner CONTINUE', ...score };
    return capped.has(e.round) ? undefined : { stop: true, by: 'planner FINALIZE', ...score };
  }
  if (e.type !== 'thought') return undefined;
  if (e.kind === 'retrieval-flag') return { stop: e.text === 'answer', by: "DualRAG's Reasoner" };
  if (e.kind === 'stop') return { stop: true, by: e.text };
  return undefined;
}

/** Whether the run decides when to stop, from what its trace records. */
function decides(trace: Trace): boolean {
  const stop = trace.options.stop;
  if (stop === 'stable' || stop === 'llm') return true;
  // Step prompts whose "So the answer is:" marker can end any step (its absence is a decision to go on).
  if (findStrategy(trace.strategy)?.decidesStop) return true;
  return trace.events.some(
    (e) =>
      e.type === 'plan' ||
      (e.type === 'thought' && (e.kind === 'retrieval-flag' || e.kind === 'answerability' || e.kind === 'stop')),
  );
}

const isCapWarning = (e: TraceEvent) => e.type === 'warning' && /step cap reached/.test(e.message);

export function stoppingCalibration(
  trace: Trace,
  gold: GoldView,
  top: number,
  correct: boolean | undefined,
): StoppingCalibration {
  if (trace.regime !== 'iterative') return notApplicable(`the ${trace.regime} regime does not retrieve`);
  if (!decides(trace))
    return notApplicable(`${trace.strategy} runs a fixed number of rounds: it records no decision to stop`);
  if (trace.status !== 'done') return notApplicable(`the run is ${trace.status}`);
  if (gold.units.length === 0) return notApplicable('the question has no gold passages');
  const capped = new Set(trace.events.filter(isCapWarning).map((e) => e.round));
  const seen = new Set<string>();
  const stepRounds = new Set<number>();
  let completeStep: number | undefined;
  let late: number | undefined;
  let stop: (Decision & { step: number }) | undefined;
  for (const e of trace.events) {
    // GEAR's passageLink (Eq. 8) follows the controller's loop: not a step, so a capped run is not "late" for it
    if (e.type === 'retrieve' && e.label === PASSAGE_LINK) break;
    if (e.type === 'retrieve' || e.type === 'context') {
      if (e.type === 'retrieve' && !stepRounds.has(e.round)) {
        // a new retrieval step after complete evidence is the run going on
        if (completeStep !== undefined && late === undefined) late = stepRounds.size + 1;
        stepRounds.add(e.round);
      }
      for (const id of e.type === 'retrieve' ? e.results.slice(0, top).map((r) => r.id) : e.ids) seen.add(id);
      if (completeStep === undefined && gold.units.every((u) => covers(u, seen))) completeStep = stepRounds.size;
      continue;
    }
    const d = decisionOf(e, capped);
    if (d?.stop) {
      stop = { ...d, step: stepRounds.size };
      break; // what follows a stop (GEAR's passageLink, the reader) is not the controller's loop
    }
  }
  const stopStep = stop?.step ?? stepRounds.size;
  const outcome: StopOutcome =
    late !== undefined ? 'late' : stop && completeStep === undefined ? 'early' : stop ? 'onTime' : 'capped';
  // Notes name the trace's rounds (as the timeline numbers them); the evidence keeps the step number.
  const rounds = [...stepRounds];
  const round = (step: number | undefined) => (step === undefined ? '?' : (rounds[step - 1] ?? step));
  const note =
    outcome === 'early'
      ? `${stop!.by} stopped after round ${round(stopStep)} while gold was still missing`
      : outcome === 'late'
        ? `all gold was retrieved by round ${round(completeStep)} and the run went on to round ${round(late)}`
        : outcome === 'onTime'
          ? `${stop!.by} stopped after round ${round(stopStep)}, all gold retrieved by round ${round(completeStep)}`
          : `the round cap ended the run after round ${round(stopStep)}; it never decided to stop`;
  const flagged = outcome === 'early' || outcome === 'late';
  return {
    applicable: true,
    flagged,
    evidence: flagged ? [{ step: outcome === 'late' ? late! : stopStep, note }] : [],
    outcome,
    ...(stop ? { decidedBy: stop.by } : {}),
    stopStep,
    ...(completeStep !== undefined ? { completeStep } : {}),
    ...(stop?.score !== undefined && correct !== undefined ? { sufficiency: { score: stop.score, correct } } : {}),
  };
}

// stoppingCalibration (paper 004, "stopping calibration"): did the run stop early (before all gold was
// retrieved), late (more than one step after it all was), or on time; plus the planner's sufficiency
// score at its last step, to be calibrated against correctness over a batch.
import type { Trace } from '../../trace/schema.ts';
import type { CoverageGap } from './coverage-gap.ts';
import type { TraceSteps } from './steps.ts';
import { notApplicable, type QuestionDiagnostic } from './types.ts';

export type StopOutcome = 'early' | 'late' | 'onTime';

export interface StoppingCalibration extends QuestionDiagnostic {
  outcome?: StopOutcome;
  stopStep?: number;
  completeStep?: number;
  /** The last sufficiency score the strategy reported, with whether the answer was right. */
  sufficiency?: { score: number; correct: boolean };
}

/** Strategies that decide (or are configured) how many steps to take: a `plan` event or a `rounds` option. */
const stepsVary = (trace: Trace, run: TraceSteps) =>
  run.steps.some((s) => s.plan) || typeof trace.options.rounds === 'number';

export function stoppingCalibration(
  trace: Trace,
  run: TraceSteps,
  coverage: CoverageGap,
  correct: boolean | undefined,
): StoppingCalibration {
  if (trace.regime !== 'iterative') return notApplicable(`the ${trace.regime} regime does not retrieve`);
  if (!stepsVary(trace, run)) return notApplicable(`strategy ${trace.strategy} always takes one retrieval step`);
  if (trace.status !== 'done') return notApplicable(`the run is ${trace.status}`);
  if (!coverage.applicable) return notApplicable(coverage.reason ?? 'no coverage');
  const stopStep = run.steps.at(-1)!.step;
  const complete = coverage.completeStep;
  const outcome: StopOutcome = complete === undefined ? 'early' : stopStep > complete + 1 ? 'late' : 'onTime';
  const lastPlan = run.steps.findLast((s) => s.plan?.sufficiency !== undefined)?.plan;
  const note =
    outcome === 'early'
      ? `stopped at step ${stopStep} before all gold was retrieved`
      : outcome === 'late'
        ? `all gold was retrieved at step ${complete}, stopped at step ${stopStep}`
        : `stopped at step ${stopStep}, all gold retrieved at step ${complete}`;
  return {
    applicable: true,
    flagged: outcome !== 'onTime',
    evidence: outcome === 'onTime' ? [] : [{ step: stopStep, note }],
    outcome,
    stopStep,
    ...(complete !== undefined ? { completeStep: complete } : {}),
    ...(lastPlan?.sufficiency !== undefined && correct !== undefined
      ? { sufficiency: { score: lastPlan.sufficiency, correct } }
      : {}),
  };
}

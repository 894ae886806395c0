// compositionFailure (paper 004, "composition fidelity"): every gold unit was in the final context the
// answer was written from, and the answer is still wrong.
import { covers, type GoldView } from './gold.ts';
import type { TraceSteps } from './steps.ts';
import { answerVerdict, notApplicable, type QuestionDiagnostic } from './types.ts';

export function compositionFailure(run: TraceSteps, gold: GoldView, correct: boolean | undefined): QuestionDiagnostic {
  if (run.answer === undefined || correct === undefined)
    return notApplicable('no answer to judge (the run did not answer, or the question has no gold answer)');
  if (gold.units.length === 0) return notApplicable('the question has no gold passages');
  const ctx = new Set(run.finalContext);
  const missing = gold.units.filter((u) => !covers(u, ctx));
  if (missing.length > 0) return notApplicable(`the final context lacks ${missing.map((u) => u.label).join(', ')}`);
  return answerVerdict(
    run,
    !correct,
    `all gold was in the final context (${run.finalContext.length} passages) and the answer "${run.answer}" is wrong`,
  );
}

// parametricSuppression (paper 004): right with no context, wrong with retrieval. Needs the no-context
// regime's answer on the same question; without it the diagnostic does not apply.
import type { Regime } from '../../trace/schema.ts';
import type { TraceSteps } from './steps.ts';
import { answerVerdict, notApplicable, type QuestionDiagnostic } from './types.ts';

export function parametricSuppression(
  run: TraceSteps,
  regime: Regime,
  correct: boolean | undefined,
  noContext: { answer: string | undefined; correct: boolean | undefined } | undefined,
): QuestionDiagnostic {
  if (regime === 'no-context') return notApplicable('this is the no-context run itself');
  if (!noContext) return notApplicable('needs the no-context regime on the same question');
  if (noContext.correct !== true) return notApplicable('the no-context answer is not right: nothing to suppress');
  if (correct === undefined) return notApplicable('no answer to judge with retrieval');
  return answerVerdict(
    run,
    !correct,
    `no context answered "${noContext.answer ?? ''}" (right); with ${regime === 'gold-context' ? 'the gold passages (oracle)' : 'retrieval'} it answered "${run.answer ?? ''}" (wrong)`,
  );
}

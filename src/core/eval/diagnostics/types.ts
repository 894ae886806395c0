// The shape every diagnostic shares: per question, whether it applies, whether it fired, and the
// evidence (which step, which passage, which entity) a view links to.
import type { TraceSteps } from './steps.ts';

export interface DiagnosticEvidence {
  /** 1-based step (see steps.ts); absent when the evidence is about the final answer as a whole. */
  step?: number;
  /** The trace round of that step (the strategy's iteration, as the timeline numbers it). */
  round?: number;
  passage?: string;
  entity?: string;
  note: string;
}

export interface QuestionDiagnostic {
  applicable: boolean;
  /** Why the diagnostic does not apply (when `applicable` is false). */
  reason?: string;
  flagged: boolean;
  evidence: DiagnosticEvidence[];
}

export const notApplicable = (reason: string): QuestionDiagnostic => ({
  applicable: false,
  reason,
  flagged: false,
  evidence: [],
});

/** An applicable verdict about the answer as a whole: when flagged, one note at the run's last step. */
export function answerVerdict(run: TraceSteps, flagged: boolean, note: string): QuestionDiagnostic {
  const step = run.steps.at(-1)?.step;
  return { applicable: true, flagged, evidence: flagged ? [{ ...(step !== undefined ? { step } : {}), note }] : [] };
}

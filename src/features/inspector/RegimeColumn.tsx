import { accuracy } from '../../core/eval/answer-metrics.ts';
import { diagnoseTrace, readSteps } from '../../core/eval/diagnostics/index.ts';
import { regimeLabel } from '../../core/strategies/regimes.ts';
import type { Regime, Trace } from '../../core/trace/schema.ts';
import type { Passage, Question } from '../../core/types.ts';
import { DiagnosticsList } from './Diagnostics.tsx';
import type { RegimeModel } from './use-regime-runs.ts';

export type ColumnProps = {
  regime: Regime;
  model: RegimeModel;
  trace: Trace | undefined;
  /** The same model's no-context run, which some diagnostics compare against. */
  noContext: Trace | undefined;
  question: Question | null;
  passages: Map<string, Passage> | undefined;
  busy: boolean;
};

/** One regime's run: its LLM, answer (right or wrong by Acc), how many passages the reader saw, and its flags. */
export function RegimeColumn({ regime, model, trace: t, noContext, question, passages, busy }: ColumnProps) {
  const answer = t ? readSteps(t).answer : undefined;
  const right =
    answer !== undefined && question && question.answers.length > 0
      ? accuracy(answer, question.answers) === 1
      : undefined;
  const shown = t?.events.findLast((e) => e.type === 'context');
  return (
    <div className="regime-column" data-testid="regime-column" data-regime={regime} data-model={model}>
      <h3>
        {regimeLabel(regime)} {regime === 'gold-context' && <span className="badge badge-bridge">oracle</span>}
      </h3>
      {!t ? (
        <p className="muted">{busy ? 'Running…' : 'Not run.'}</p>
      ) : (
        <>
          <p className="muted" data-testid="regime-llm">
            LLM: {t.llm}{' '}
            {t.llm.includes('offline thinker') && <span className="badge badge-offline">offline thinker (no LLM)</span>}
          </p>
          <p data-testid="regime-answer">
            <span className="muted">Answer:</span> {answer ?? <span className="muted">none ({t.status})</span>}{' '}
            {right !== undefined && (
              <span className={right ? 'badge badge-gold' : 'badge badge-bridge'} data-testid="regime-correct">
                {right ? 'right (Acc)' : 'wrong (Acc)'}
              </span>
            )}
          </p>
          <p className="muted">The reader saw {shown?.type === 'context' ? shown.ids.length : 0} passages.</p>
          <DiagnosticsList result={diagnoseTrace(t, { passages, noContext })} passages={passages} compact />
        </>
      )}
    </div>
  );
}

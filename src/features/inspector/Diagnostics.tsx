// A finished run's diagnostic flags (paper 004's six diagnostics, computed by core after the run from
// the trace and the question's gold), each with the evidence that triggered it: a link that steps the
// trace to the end of that round, and the passage or entity involved. A run that did not finish gets
// no flags: its failure is the finding.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { passagesQuery } from '../../app/queries.ts';
import { traceIds } from '../../core/trace/fold.ts';
import {
  DIAGNOSTICS,
  diagnoseTrace,
  readSteps,
  type DiagnosticName,
  type QuestionDiagnostics,
} from '../../core/eval/diagnostics/index.ts';
import type { Trace } from '../../core/trace/schema.ts';
import type { Passage } from '../../core/types.ts';

/** Each diagnostic's name in words (short lists, the regimes' columns) and its label with what it means. */
const DIAGNOSTIC_WORDS: Record<DiagnosticName, [name: string, label: string]> = {
  coverageGap: ['coverage gap', 'Coverage gap: gold never retrieved'],
  anchorCarryDrop: ['anchor carry-drop', 'Anchor carry-drop: a found entity left out of the next query'],
  distractorLatch: ['distractor latch', 'Distractor latch: a look-alike held the context'],
  compositionFailure: ['composition failure', 'Composition failure: all gold shown, answer wrong'],
  parametricSuppression: ['parametric suppression', 'Parametric suppression: right without context, wrong with it'],
  stoppingCalibration: ['stopping calibration', 'Stopping: early or late'],
  evidenceLost: [
    'evidence lost (Hopscope)',
    "Evidence lost (this project's, not paper 004's): gold pooled, never read",
  ],
};
export const diagnosticName = (name: DiagnosticName) => DIAGNOSTIC_WORDS[name][0];

/** What to click in the browser when a diagnostic needs another run (core's reasons stay host-neutral). */
const BROWSER_HINTS: Partial<Record<DiagnosticName, string>> = {
  parametricSuppression: 'press "Run all three regimes" below to run it',
};

/** Number of events to show so the trace stands at the end of `step` (for StepBar's `step`). */
export function eventsThroughStep(trace: Trace, step: number): number | null {
  const s = readSteps(trace).steps.find((x) => x.step === step);
  if (!s) return null;
  const last = trace.events.findLastIndex((e) => e.round === s.round);
  return last < 0 ? null : last + 1;
}

/** Passages the diagnostics read: every passage the trace mentions plus the gold ones (which may never have been retrieved). */
export function useDiagnosticPassages(trace: Trace | null): Map<string, Passage> | undefined {
  const engine = useEngine();
  const ids = useMemo(() => (trace ? [...new Set([...traceIds(trace.events), ...trace.question.gold])] : []), [trace]);
  const q = useQuery({
    ...passagesQuery(engine, trace?.corpus.id ?? '', ids),
    enabled: trace !== null && ids.length > 0,
    retry: false,
  });
  return q.data;
}

interface Props {
  trace: Trace;
  passages: Map<string, Passage> | undefined;
  /** The no-context run of the same question (parametricSuppression), when one ran. */
  noContext?: Trace;
  /** Step the inspector to the end of this step (a link from a flag). */
  onStep?: (step: number) => void;
  compact?: boolean;
}

type ListProps = Omit<Props, 'trace' | 'noContext'> & { result: QuestionDiagnostics };

/** Each diagnostic's status, name and evidence (compact: short names, no reasons). */
export function DiagnosticsList({ result, passages, onStep, compact = false }: ListProps) {
  return (
    <ul className="diagnostics" data-testid="diagnostics">
      {DIAGNOSTICS.map((name) => {
        const d = result[name];
        return (
          <li
            key={name}
            data-testid="diagnostic"
            data-name={name}
            data-flagged={String(d.flagged)}
            data-applicable={String(d.applicable)}
          >
            <span
              className={d.applicable && d.flagged ? 'badge badge-bridge' : 'muted'}
              data-testid="diagnostic-status"
            >
              {!d.applicable ? 'n/a' : d.flagged ? 'flagged' : 'clear'}
            </span>{' '}
            <strong>{DIAGNOSTIC_WORDS[name][compact ? 0 : 1]}</strong>
            {!d.applicable && !compact && (
              <span className="muted">
                {' '}
                — {d.reason}
                {BROWSER_HINTS[name] && `: ${BROWSER_HINTS[name]}`}
              </span>
            )}
            {d.evidence.length > 0 && (
              <ul>
                {d.evidence.map((e, i) => (
                  <li key={i} data-testid="diagnostic-evidence">
                    {e.step !== undefined &&
                      (onStep ? (
                        <button
                          type="button"
                          className="link"
                          data-testid="evidence-step"
                          onClick={() => onStep(e.step!)}
                          title="Move the step bar to the end of this round"
                        >
                          round {e.round ?? e.step}
                        </button>
                      ) : (
                        <span>round {e.round ?? e.step}</span>
                      ))}
                    {e.passage && (
                      <span
                        className="badge badge-gold"
                        data-testid="evidence-passage"
                        data-passage={e.passage}
                        title={passages?.get(e.passage)?.text}
                      >
                        {passages?.get(e.passage)?.title ?? e.passage}
                      </span>
                    )}{' '}
                    <span>{e.note}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The inspector's panel for the finished run. */
export function Diagnostics({ trace, passages, noContext, onStep }: Props) {
  const result = useMemo(() => diagnoseTrace(trace, { passages, noContext }), [trace, passages, noContext]);
  const stopped = trace.status === 'failed' || trace.status === 'aborted';
  const flagged = DIAGNOSTICS.some((n) => result[n].flagged);
  return (
    <section className="panel" aria-labelledby="diagnostics-heading" data-testid="diagnostics-panel">
      <h2 id="diagnostics-heading">
        {stopped ? 'Diagnostics' : flagged ? 'Why it failed: diagnostics' : 'Diagnostics: no failure flagged'}
      </h2>
      {stopped ? (
        <p data-testid="diagnostics-failed">
          {trace.status === 'failed'
            ? 'The run failed: the failure is the finding. No diagnostic is raised on a run that did not finish.'
            : 'The run was stopped before it finished: no diagnostic is raised on it.'}
        </p>
      ) : (
        <>
          <p className="muted">
            Paper 004&rsquo;s six diagnostics and this project&rsquo;s evidence lost, read off this finished trace and
            the question&rsquo;s gold
            {result.gold === 'structured'
              ? ' (per hop, from the structured gold)'
              : ' (per gold passage: this question has no structured gold)'}
            ; correct = Acc.
            {trace.regime === 'gold-context' && ' This run is the gold-context oracle.'}
          </p>
          <DiagnosticsList result={result} passages={passages} onStep={onStep} />
        </>
      )}
    </section>
  );
}

import { useMemo } from 'react';
import { buildMessage } from '../../app/build-status.ts';
import type { ChartMarks } from '../../app/components/BumpChart.tsx';
import { traceBridges } from '../../app/trace/bridges.ts';
import { caption } from '../../app/trace/captions.ts';
import { scoreTrace } from '../../app/trace/scores.ts';
import { useTracePassages, type PassageLookup } from '../../app/use-trace-passages.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import type { Trace, TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import type { RunStatus } from '../../state/run-slice.ts';
import { useDiagnosticPassages } from './Diagnostics.tsx';
import type { RunContext } from './empty-states.ts';
import { stepFocus } from './step-focus.ts';
import { scrollToStepPanel, useFollowStep } from './use-follow-step.ts';

/** The failure, from the whole trace (not the step shown): the trace's error event, else the worker's error. */
function useRunFailure(events: readonly TraceEvent[], trace: Trace | null, status: RunStatus) {
  const runError = useAppStore((s) => s.runError);
  return useMemo(() => {
    const err = events.findLast((e) => e.type === 'error');
    if (err?.type === 'error' && (trace?.status === 'failed' || status === 'failed'))
      return { module: err.module, round: err.round, message: err.message };
    if (status === 'failed' && runError) return { module: null, round: null, message: runError };
    return null;
  }, [events, trace, status, runError]);
}

/** The step bar's one-line caption: what the step shown did, or what to do while nothing is shown. */
function useStepCaption(
  events: readonly TraceEvent[],
  status: RunStatus,
  passages: PassageLookup,
  gold: ReadonlySet<string>,
  bridge: ReadonlySet<string>,
) {
  const step = useAppStore((s) => s.step);
  const runBuild = useAppStore((s) => s.runBuild);
  return useMemo(() => {
    const at = step ?? events.length;
    if (at > 0) return caption(events, at - 1, { titleOf: passages.titleOf, gold, bridge });
    if (status !== 'running') return 'Run a question or open a trace to step through it.';
    return runBuild ? buildMessage(runBuild) : 'Waiting for the first event…';
  }, [events, step, status, passages, gold, bridge, runBuild]);
}

/** The run on screen read at the step shown: folded prefix, step focus, gold and bridges, scores, failure, caption. */
export function useInspectorTrace(datasetId: string | undefined, datasetReady: boolean) {
  const status = useAppStore((s) => s.runStatus);
  const events = useAppStore((s) => s.events);
  const step = useAppStore((s) => s.step);
  const trace = useAppStore((s) => s.trace);
  const question = useAppStore((s) => s.runQuestion);
  const chosenStrategy = useAppStore((s) => s.strategy);
  const presenting = useAppStore((s) => s.presenting);
  const setStep = useAppStore((s) => s.setStep);
  const diagnosticPassages = useDiagnosticPassages(
    status === 'done' && trace && trace.status === 'done' && trace.question.gold.length > 0 ? trace : null,
  );

  const corpusId = trace?.corpus.id ?? datasetId;
  const passages = useTracePassages(corpusId, datasetReady && corpusId === datasetId);
  const shown = useMemo(() => (step === null ? events : events.slice(0, step)), [events, step]);
  const model = useMemo(() => foldTrace(shown), [shown]);
  const focus = useMemo(() => (step === null ? null : stepFocus(events, step)), [events, step]);
  // End shows the whole run: Present mode then follows its last step (the answer).
  const followed = useMemo(() => (step === null ? stepFocus(events, events.length) : focus), [events, step, focus]);
  useFollowStep(presenting && status !== 'running', step, followed);
  // A step link (the diagnostics) moves the step and brings that step's panel into view.
  const jumpTo = (at: number | null) => {
    setStep(at);
    const target = stepFocus(events, at ?? events.length);
    if (target) requestAnimationFrame(() => scrollToStepPanel(target));
  };
  const gold = useMemo(() => new Set(question?.gold ?? []), [question]);
  // Bridges are judged on the whole trace, so they stay marked while stepping.
  const bridges = useMemo(() => traceBridges(question, events), [events, question]);
  const bridge = bridges.ids;
  const marks: ChartMarks = { gold, bridge, bridgeRule: bridges.rule, passages };
  // Rows for the chart: up to 20, fewer when the pools are short (no empty band under a short ranking).
  const chartRows = Math.min(20, Math.max(5, ...model.stages.map((st) => st.order.length)));
  const failure = useRunFailure(events, trace, status);
  const runContext: RunContext = {
    strategy: trace?.strategy ?? (status === 'running' ? chosenStrategy : null),
    stepping: step !== null,
    running: status === 'running',
    failed: failure !== null,
  };
  const scores = useMemo(
    () => (question ? scoreTrace(model, question) : { answer: null, recall: null }),
    [model, question],
  );
  const stepCaption = useStepCaption(events, status, passages, gold, bridge);
  return {
    status,
    events,
    trace,
    question,
    passages,
    shown,
    model,
    focus,
    followed,
    jumpTo,
    gold,
    bridge,
    marks,
    chartRows,
    failure,
    runContext,
    scores,
    stepCaption,
    diagnosticPassages,
  };
}

/** The run on screen, read at the step shown (see useInspectorTrace). */
export type InspectorTrace = ReturnType<typeof useInspectorTrace>;

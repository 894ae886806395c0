import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { useEffect, useMemo, useState } from 'react';
import { useRunQuestion, useStopRun } from '../../app/use-run.ts';
import { useTracePassages } from '../../app/use-trace-passages.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import { traceBridges } from '../../app/trace/bridges.ts';
import { caption } from '../../app/trace/captions.ts';
import { scoreTrace } from '../../app/trace/scores.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { BumpChart } from '../../app/components/BumpChart.tsx';
import { CorpusStatus } from './CorpusStatus.tsx';
import { DualRagOutline } from './DualRagOutline.tsx';
import { PlannerPanel } from './PlannerPanel.tsx';
import { FinalPanel } from './FinalPanel.tsx';
import { Promotions } from './Promotions.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { RankingList } from './RankingList.tsx';
import { ReasoningChain } from './ReasoningChain.tsx';
import { DEFAULT_STRATEGY } from '../../core/strategies/index.ts';
import { RoundTimeline } from './RoundTimeline.tsx';
import { StepBar } from './StepBar.tsx';
import { TraceFileInput } from './TraceFileInput.tsx';
import { ExportRunButton } from './ExportRunButton.tsx';
import { GearPanel } from './GearPanel.tsx';
import { Diagnostics, eventsThroughStep, useDiagnosticPassages } from './Diagnostics.tsx';
import { RegimesSideBySide } from './RegimesSideBySide.tsx';
import { GuidedTour } from './GuidedTour.tsx';
import { RunFailure } from './RunFailure.tsx';
import { PresentSummary } from './PresentSummary.tsx';
import { PresentRoundCard } from './PresentRoundCard.tsx';
import './present.css';
import { WhatIfPanel } from './WhatIfPanel.tsx';
import { SideToggle } from '../../app/components/SideToggle.tsx';
import { GlossaryPanel } from '../../app/components/Glossary.tsx';
import { appStore } from '../../state/store.ts';
import { DEMO_CORPUS_ID } from '../../state/corpus-slice.ts';
import { stepFocus } from './step-focus.ts';
import { scrollToStepPanel, useFollowStep } from './use-follow-step.ts';
import { useBackboneReasons } from '../../app/use-backbone-reasons.ts';
import { buildMessage } from '../../app/build-status.ts';

/** The main screen: pick or type a question, run it, and read the trace round by round. */
export function InspectorPage() {
  const dataset = useActiveDataset();
  const run = useRunQuestion(dataset.data?.id);
  const stop = useStopRun();
  const status = useAppStore((s) => s.runStatus);
  const runBuild = useAppStore((s) => s.runBuild);
  const buildLog = useAppStore((s) => s.runBuildLog);
  const events = useAppStore((s) => s.events);
  const step = useAppStore((s) => s.step);
  const trace = useAppStore((s) => s.trace);
  const question = useAppStore((s) => s.runQuestion);
  const replayed = useAppStore((s) => s.runPassages !== null);
  const chosenStrategy = useAppStore((s) => s.strategy);
  const activeCorpus = useAppStore((s) => s.activeCorpusId);
  const [touring, setTouring] = useState(false);
  const presenting = useAppStore((s) => s.presenting);
  const sideCollapsed = useAppStore((s) => s.sideCollapsed);
  // Present mode shows the step, not the form: the form folds to one line until it is opened.
  const [formOpen, setFormOpen] = useState(false);

  // First open (and after switching corpus): the first dataset question is picked, ready to run, unless
  // the last session's question comes back.
  const firstQuestion = dataset.data?.questions[0];
  const restored = useAppStore((s) => s.workspaceRestored);
  useEffect(() => {
    const s = appStore.getState();
    if (
      restored &&
      firstQuestion &&
      s.questionId === null &&
      s.questionText === '' &&
      s.trace === null &&
      s.events.length === 0
    )
      s.pickQuestion(firstQuestion.id, firstQuestion.question);
  }, [firstQuestion, restored]);

  // The tour walks a finished BDTR run: the one on screen, else a fresh run of the picked (or first) question.
  const [askTour, setAskTour] = useState(false);
  /** A run on screen that the tour would replace (it walks a finished BDTR run). */
  const tourReplaces = () => {
    const s = appStore.getState();
    return s.trace !== null && !(s.runStatus === 'done' && s.trace.strategy === DEFAULT_STRATEGY);
  };
  const startTour = async () => {
    setAskTour(false);
    const s = appStore.getState();
    if (!(s.runStatus === 'done' && s.trace?.strategy === DEFAULT_STRATEGY)) {
      const questions = dataset.data?.questions ?? [];
      const q = questions.find((x) => x.id === s.questionId) ?? questions[0];
      if (!q) return;
      s.setStrategy(DEFAULT_STRATEGY);
      s.pickQuestion(q.id, q.question);
      await run(q);
      if (appStore.getState().runStatus !== 'done') return;
    }
    setTouring(true);
  };
  const backbone = useAppStore((s) => s.backbone);
  const backboneReasons = useBackboneReasons(dataset.data?.id);
  const setStep = useAppStore((s) => s.setStep);
  const diagnosticPassages = useDiagnosticPassages(
    status === 'done' && trace && trace.status === 'done' && trace.question.gold.length > 0 ? trace : null,
  );

  const corpusId = trace?.corpus.id ?? dataset.data?.id;
  const passages = useTracePassages(corpusId, dataset.isSuccess && corpusId === dataset.data.id);
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
  // Rows for the chart: up to 20, fewer when the pools are short (no empty band under a short ranking).
  const chartRows = Math.min(20, Math.max(5, ...model.stages.map((st) => st.order.length)));
  // The failure, from the whole trace (not the step shown): the trace's error event, else the worker's error.
  const runError = useAppStore((s) => s.runError);
  const failure = useMemo(() => {
    const err = events.findLast((e) => e.type === 'error');
    if (err?.type === 'error' && (trace?.status === 'failed' || status === 'failed'))
      return { module: err.module, round: err.round, message: err.message };
    if (status === 'failed' && runError) return { module: null, round: null, message: runError };
    return null;
  }, [events, trace, status, runError]);
  const runContext = {
    strategy: trace?.strategy ?? (status === 'running' ? chosenStrategy : null),
    stepping: step !== null,
    running: status === 'running',
    failed: failure !== null,
  };
  const scores = useMemo(
    () => (question ? scoreTrace(model, question) : { answer: null, recall: null }),
    [model, question],
  );
  const stepCaption = useMemo(() => {
    const at = step ?? events.length;
    return at === 0
      ? status === 'running'
        ? runBuild
          ? buildMessage(runBuild)
          : 'Waiting for the first event…'
        : 'Run a question or open a trace to step through it.'
      : caption(events, at - 1, { titleOf: passages.titleOf, gold, bridge });
  }, [events, step, status, passages, gold, bridge, runBuild]);

  const sidePanels = (
    <>
      {/* While a run streams, its header (trace.llm) is not here yet: the first LLM call names the provider. */}
      <div data-step-panel="answer">
        <FinalPanel
          model={model}
          scores={scores}
          llmLabel={trace?.llm ?? model.llmProvider}
          hasGold={gold.size > 0}
          running={status === 'running'}
          run={runContext}
        />
      </div>
      <div data-step-panel="chain">
        <ReasoningChain chain={model.chain} run={runContext} />
      </div>
      <div data-step-panel="verifier cut">
        <Promotions model={model} gold={gold} bridge={bridge} passages={passages} run={runContext} />
      </div>
    </>
  );

  const folded = presenting && !formOpen;
  const firstRun = status === 'idle' && events.length === 0 && trace === null;
  return (
    <div className="inspector">
      {folded && <PresentSummary onOpen={() => setFormOpen(true)} />}
      {presenting && formOpen && (
        <button
          type="button"
          className="present-summary present-summary-close"
          data-testid="present-fold"
          aria-expanded="true"
          onClick={() => setFormOpen(false)}
        >
          <span aria-hidden="true">▾</span> Fold the form to one line
        </button>
      )}
      {!folded && <CorpusStatus dataset={dataset} stored={activeCorpus !== DEMO_CORPUS_ID} />}
      {!folded && (
        <QuestionForm
          questions={dataset.data?.questions ?? []}
          unavailable={backboneReasons}
          disabled={!dataset.isSuccess}
          running={status === 'running'}
          onRun={(q) => void run(q)}
          onStop={stop}
        />
      )}
      {!folded && (
        <div className="toolbar">
          <TraceFileInput />
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="tour-start"
            disabled={!dataset.isSuccess || status === 'running'}
            onClick={() => (tourReplaces() ? setAskTour(true) : void startTour())}
            title="Six stops through a finished BDTR run"
          >
            Guided tour
          </button>
          {askTour && (
            <p className="tour-ask" role="alertdialog" aria-label="Replace the run on screen?" data-testid="tour-ask">
              The tour runs BDTR and replaces the run on screen ({trace?.strategy} on {trace?.retriever} ·{' '}
              {trace?.question.id}).{' '}
              <button
                type="button"
                className="btn btn-small"
                data-testid="tour-ask-yes"
                onClick={() => void startTour()}
              >
                Replace it
              </button>{' '}
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid="tour-ask-no"
                onClick={() => setAskTour(false)}
              >
                Keep my run
              </button>
            </p>
          )}
          {trace && status === 'done' && <ExportRunButton trace={trace} passages={passages} />}
          {trace && (
            <p className="run-label" data-testid="run-label">
              {trace.strategy} on {trace.retriever} · {trace.corpus.name} · {trace.question.id}
              {trace.status !== 'done' && (
                <span
                  className={`badge badge-${trace.status === 'failed' ? 'failed' : 'aborted'}`}
                  data-testid="run-status"
                >
                  {trace.status}
                </span>
              )}
              {trace.llm.includes('offline thinker') && (
                <span className="badge badge-offline">offline thinker (no LLM)</span>
              )}
              {replayed && <span className="badge badge-offline">replayed from a run file</span>}
              {typeof trace.options?.built === 'string' && (
                <span
                  className="muted"
                  data-testid="backbone-built"
                  title="How this run's RAPTOR tree or GraphRAG communities came to be"
                >
                  {' '}
                  · {trace.retriever}: {trace.options.built}
                </span>
              )}
            </p>
          )}
        </div>
      )}
      {firstRun ? (
        // Nothing has run yet: one line that says what to do, and no empty panels under it.
        <p className="first-run" data-testid="first-run">
          {dataset.isSuccess
            ? 'Press Run to trace the picked question round by round, or take the Guided tour of a BDTR run.'
            : 'The corpus is loading; Run is ready as soon as it is (see the status line above).'}
        </p>
      ) : (
        <>
          {failure && (
            <div data-step-panel="failure">
              <RunFailure {...failure} />
            </div>
          )}
          <StepBar
            events={events}
            caption={stepCaption}
            history={buildLog}
            disabled={events.length === 0 || status === 'running'}
          >
            {presenting && <PresentRoundCard model={model} round={followed?.round} {...{ gold, bridge, passages }} />}
          </StepBar>
          {question && (
            <p className="run-question">
              <span className="muted">Question:</span> {question.question}
              {question.answers.length > 0 && (
                <span className="muted"> · gold answer: {question.answers.join(' / ')}</span>
              )}
            </p>
          )}
          <SideToggle controls="inspector-side" />
          <div className="inspector-grid">
            <div className="col-main">
              <RoundTimeline rounds={model.rounds} gold={gold} bridge={bridge} passages={passages} />
              <div data-step-panel="outline">
                <DualRagOutline events={shown} gold={gold} passages={passages} />
              </div>
              <div data-step-panel="plan">
                <PlannerPanel
                  model={model}
                  events={events}
                  question={question?.question ?? ''}
                  gold={gold}
                  passages={passages}
                  onStep={jumpTo}
                />
              </div>
              <div data-step-panel="ranks">
                <BumpChart
                  model={model}
                  gold={gold}
                  bridge={bridge}
                  bridgeRule={bridges.rule}
                  passages={passages}
                  maxRank={chartRows}
                />
              </div>
              <div data-step-panel="beam">
                <GearPanel events={shown} passages={passages} />
              </div>
              {/* With the side column folded, its panels come under the chart: the answer and the verifier stay reachable. */}
              {sideCollapsed && sidePanels}
            </div>
            <div className="col-side" id="inspector-side">
              {!sideCollapsed && sidePanels}
            </div>
          </div>
          <RankingList
            model={model}
            gold={gold}
            bridge={bridge}
            passages={passages}
            shorten={presenting ? (focus?.ids ?? []) : null}
          />
          {trace && status === 'done' && trace.question.gold.length > 0 && (
            <Diagnostics
              trace={trace}
              passages={diagnosticPassages}
              onStep={(s) => jumpTo(eventsThroughStep(trace, s))}
            />
          )}
          {trace && status === 'done' && trace.regime === 'iterative' && (
            <WhatIfPanel
              key={`${trace.id}@${trace.createdAt}`}
              trace={trace}
              datasetId={dataset.data?.id === trace.corpus.id ? dataset.data.id : undefined}
              passages={passages}
              gold={gold}
              bridge={bridge}
              bridgeRule={bridges.rule}
              onStep={jumpTo}
            />
          )}
          <RegimesSideBySide
            datasetId={dataset.data?.id}
            question={question}
            strategy={chosenStrategy}
            backbone={backbone}
          />
        </>
      )}
      <GlossaryPanel />
      {touring && <GuidedTour events={events} onClose={() => setTouring(false)} />}
    </div>
  );
}

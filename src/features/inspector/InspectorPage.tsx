import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { useMemo } from 'react';
import { useRunQuestion, useStopRun } from '../../app/use-run.ts';
import { useTracePassages } from '../../app/use-trace-passages.ts';
import { bridgeOf } from '../../core/eval/bridge.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import { caption } from '../../app/trace/captions.ts';
import { scoreTrace } from '../../app/trace/scores.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { BumpChart } from '../../app/components/BumpChart.tsx';
import { CorpusStatus } from './CorpusStatus.tsx';
import { DualRagOutline } from './DualRagOutline.tsx';
import { FinalPanel } from './FinalPanel.tsx';
import { Promotions } from './Promotions.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { RankingList } from './RankingList.tsx';
import { ReasoningChain } from './ReasoningChain.tsx';
import { RoundTimeline } from './RoundTimeline.tsx';
import { StepBar } from './StepBar.tsx';
import { TraceFileInput } from './TraceFileInput.tsx';
import { ExportRunButton } from './ExportRunButton.tsx';
import { GearPanel } from './GearPanel.tsx';
import { Diagnostics, eventsThroughStep, useDiagnosticPassages } from './Diagnostics.tsx';
import { RegimesSideBySide } from './RegimesSideBySide.tsx';

/** The main screen: pick or type a question, run it, and read the trace round by round. */
export function InspectorPage() {
  const dataset = useActiveDataset();
  const run = useRunQuestion(dataset.data?.id);
  const stop = useStopRun();
  const status = useAppStore((s) => s.runStatus);
  const events = useAppStore((s) => s.events);
  const step = useAppStore((s) => s.step);
  const trace = useAppStore((s) => s.trace);
  const question = useAppStore((s) => s.runQuestion);
  const replayed = useAppStore((s) => s.runPassages !== null);
  const strategy = useAppStore((s) => s.strategy);
  const backbone = useAppStore((s) => s.backbone);
  const setStep = useAppStore((s) => s.setStep);
  const diagnosticPassages = useDiagnosticPassages(status === 'done' && trace && trace.question.gold.length > 0 ? trace : null);

  const corpusId = trace?.corpus.id ?? dataset.data?.id;
  const passages = useTracePassages(corpusId, dataset.isSuccess && corpusId === dataset.data.id);
  const shown = useMemo(() => (step === null ? events : events.slice(0, step)), [events, step]);
  const model = useMemo(() => foldTrace(shown), [shown]);
  const gold = useMemo(() => new Set(question?.gold ?? []), [question]);
  // Bridges come from the question's structured gold (or, without one, the heuristic over the whole
  // trace), so they stay marked while stepping.
  const bridgeSet = useMemo(() => bridgeOf(question ?? { gold: [] }, foldTrace(events).round0Ids), [events, question]);
  const bridge = bridgeSet.ids;
  // Rows for the chart: up to 20, fewer when the pools are short (no empty band under a short ranking).
  const chartRows = Math.min(20, Math.max(5, ...model.stages.map((st) => st.order.length)));
  const scores = useMemo(() => (question ? scoreTrace(model, question) : { answer: null, recall: null }), [model, question]);
  const stepCaption = useMemo(() => {
    const at = step ?? events.length;
    return at === 0 ? (status === 'running' ? 'Waiting for the first event…' : 'Run a question or open a trace to step through it.') : caption(events, at - 1, { titleOf: passages.titleOf, gold, bridge });
  }, [events, step, status, passages, gold, bridge]);

  return (
    <div className="inspector">
      <CorpusStatus dataset={dataset} />
      <QuestionForm questions={dataset.data?.questions ?? []} disabled={!dataset.isSuccess} running={status === 'running'} onRun={(q) => void run(q)} onStop={stop} />
      <div className="toolbar">
        <TraceFileInput />
        {trace && status === 'done' && <ExportRunButton trace={trace} passages={passages} />}
        {trace && (
          <p className="run-label" data-testid="run-label">
            {trace.strategy} on {trace.retriever} · {trace.corpus.name} · {trace.question.id}
            {trace.status !== 'done' && (
              <span className="badge badge-bridge" data-testid="run-status">
                {trace.status}
              </span>
            )}
            {trace.llm.includes('offline thinker') && <span className="badge badge-offline">offline thinker (no LLM)</span>}
            {replayed && <span className="badge badge-offline">replayed from a run file</span>}
          </p>
        )}
      </div>
      <StepBar events={events} caption={stepCaption} disabled={events.length === 0 || status === 'running'} />
      {question && (
        <p className="run-question">
          <span className="muted">Question:</span> {question.question}
          {question.answers.length > 0 && <span className="muted"> · gold answer: {question.answers.join(' / ')}</span>}
        </p>
      )}
      <div className="inspector-grid">
        <div className="col-main">
          <RoundTimeline rounds={model.rounds} gold={gold} passages={passages} />
          <DualRagOutline events={shown} gold={gold} passages={passages} />
          <BumpChart model={model} gold={gold} bridge={bridge} bridgeRule={bridgeSet.rule} passages={passages} maxRank={chartRows} />
          <GearPanel events={shown} passages={passages} />
        </div>
        <div className="col-side">
          {/* While a run streams, its header (trace.llm) is not here yet: the first LLM call names the provider. */}
          <FinalPanel model={model} scores={scores} llmLabel={trace?.llm ?? model.llmProvider} hasGold={gold.size > 0} running={status === 'running'} />
          <ReasoningChain chain={model.chain} />
          <Promotions model={model} gold={gold} bridge={bridge} passages={passages} />
        </div>
      </div>
      <RankingList model={model} gold={gold} passages={passages} />
      {trace && status === 'done' && trace.question.gold.length > 0 && (
        <Diagnostics trace={trace} passages={diagnosticPassages} onStep={(s) => setStep(eventsThroughStep(trace, s))} />
      )}
      <RegimesSideBySide datasetId={dataset.data?.id} question={question} strategy={strategy} backbone={backbone} />
    </div>
  );
}

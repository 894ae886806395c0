import { SideToggle } from '../../app/components/SideToggle.tsx';
import { useAppStore } from '../../state/use-app-store.ts';
import { Diagnostics, eventsThroughStep } from './Diagnostics.tsx';
import { InspectorGrid } from './InspectorGrid.tsx';
import { PresentRoundCard } from './PresentRoundCard.tsx';
import { RankingList } from './RankingList.tsx';
import { RegimesSideBySide } from './RegimesSideBySide.tsx';
import { RunFailure } from './RunFailure.tsx';
import { StepBar } from './StepBar.tsx';
import type { InspectorTrace } from './use-inspector-trace.ts';
import { WhatIfPanel } from './WhatIfPanel.tsx';

/** A run on screen: its failure, the step bar, the panels at the step shown, diagnostics, what-if and regimes. */
export function InspectorRun({ view, datasetId }: { view: InspectorTrace; datasetId: string | undefined }) {
  const presenting = useAppStore((s) => s.presenting);
  const buildLog = useAppStore((s) => s.runBuildLog);
  const { trace, status, events, question, model, gold, bridge, passages, failure } = view;
  return (
    <>
      {failure && (
        <div data-step-panel="failure">
          <RunFailure {...failure} />
        </div>
      )}
      <StepBar
        events={events}
        caption={view.stepCaption}
        history={buildLog}
        disabled={events.length === 0 || status === 'running'}
      >
        {presenting && <PresentRoundCard model={model} round={view.followed?.round} {...{ gold, bridge, passages }} />}
      </StepBar>
      {question && (
        <p className="run-question">
          <span className="muted">Question:</span> {question.question}
          {question.answers.length > 0 && <span className="muted"> · gold answer: {question.answers.join(' / ')}</span>}
        </p>
      )}
      <SideToggle controls="inspector-side" />
      <InspectorGrid view={view} />
      <RankingList {...{ model, gold, bridge, passages }} shorten={presenting ? (view.focus?.ids ?? []) : null} />
      {trace && status === 'done' && trace.question.gold.length > 0 && (
        <Diagnostics
          trace={trace}
          passages={view.diagnosticPassages}
          onStep={(s) => view.jumpTo(eventsThroughStep(trace, s))}
        />
      )}
      {trace && status === 'done' && trace.regime === 'iterative' && (
        <WhatIfPanel
          key={`${trace.id}@${trace.createdAt}`}
          trace={trace}
          datasetId={datasetId === trace.corpus.id ? datasetId : undefined}
          onStep={view.jumpTo}
          {...view.marks}
        />
      )}
      <RegimesSideBySide datasetId={datasetId} question={question} />
    </>
  );
}

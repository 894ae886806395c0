import { useState } from 'react';
import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { useBackboneReasons } from '../../app/use-backbone-reasons.ts';
import { useRunQuestion, useStopRun } from '../../app/use-run.ts';
import { GlossaryPanel } from '../../app/components/Glossary.tsx';
import { DEMO_CORPUS_ID } from '../../state/corpus-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { CorpusStatus } from './CorpusStatus.tsx';
import { GuidedTour } from './GuidedTour.tsx';
import { InspectorRun } from './InspectorRun.tsx';
import { InspectorToolbar } from './InspectorToolbar.tsx';
import { PresentSummary } from './PresentSummary.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { usePickFirstQuestion } from './use-first-question.ts';
import { useGuidedTour } from './use-guided-tour.ts';
import { useInspectorTrace } from './use-inspector-trace.ts';
import './present.css';

/** The main screen: pick or type a question, run it, and read the trace round by round. */
export function InspectorPage() {
  const dataset = useActiveDataset();
  const run = useRunQuestion(dataset.data?.id);
  const stop = useStopRun();
  const activeCorpus = useAppStore((s) => s.activeCorpusId);
  const presenting = useAppStore((s) => s.presenting);
  // Present mode shows the step, not the form: the form folds to one line until it is opened.
  const [formOpen, setFormOpen] = useState(false);
  usePickFirstQuestion(dataset.data?.questions[0]);
  const tour = useGuidedTour(dataset.data?.questions ?? [], run);
  const backboneReasons = useBackboneReasons(dataset.data?.id);
  const view = useInspectorTrace(dataset.data?.id, dataset.isSuccess);
  const { status, events, trace } = view;

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
      {!folded && <InspectorToolbar datasetReady={dataset.isSuccess} tour={tour} passages={view.passages} />}
      {firstRun ? (
        // Nothing has run yet: one line that says what to do, and no empty panels under it.
        <p className="first-run" data-testid="first-run">
          {dataset.isSuccess
            ? 'Press Run to trace the picked question round by round, or take the Guided tour of a BDTR run.'
            : 'The corpus is loading; Run is ready as soon as it is (see the status line above).'}
        </p>
      ) : (
        <InspectorRun view={view} datasetId={dataset.data?.id} />
      )}
      <GlossaryPanel />
      {tour.touring && <GuidedTour events={events} onClose={tour.close} />}
    </div>
  );
}

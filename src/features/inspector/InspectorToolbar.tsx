import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { ExportRunButton } from './ExportRunButton.tsx';
import { RunLabel } from './RunLabel.tsx';
import { TourAsk } from './TourAsk.tsx';
import { TraceFileInput } from './TraceFileInput.tsx';
import type { GuidedTourState } from './use-guided-tour.ts';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';

type Props = { datasetReady: boolean; tour: GuidedTourState; passages: PassageLookup };

/** The row under the form: open a run file, start the guided tour, export the run, and the run's label. */
export function InspectorToolbar({ datasetReady, tour, passages }: Props) {
  const status = useAppStore((s) => s.runStatus);
  const trace = useAppStore((s) => s.trace);
  return (
    <div className="toolbar">
      <TraceFileInput />
      <SecondaryButton
        data-testid="tour-start"
        disabled={!datasetReady || status === 'running'}
        onClick={tour.request}
        title="Six stops through a finished BDTR run"
      >
        Guided tour
      </SecondaryButton>
      {tour.asking && <TourAsk trace={trace} onReplace={() => void tour.start()} onKeep={tour.keepRun} />}
      {trace && status === 'done' && <ExportRunButton trace={trace} passages={passages} />}
      {trace && <RunLabel trace={trace} />}
    </div>
  );
}

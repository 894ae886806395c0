import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { SHOWN } from './LaneView.tsx';
import { CompareSetup } from './CompareSetup.tsx';
import { LanePanel } from './LanePanel.tsx';
import { useLaneStates } from './use-lane-states.ts';
import { useLanePassages } from './use-lane-passages.ts';

/** Two to four strategies (or one strategy on several backbones) on the same question, side by side. */
export function ComparePage() {
  const dataset = useActiveDataset();
  const questionId = useAppStore((s) => s.compareQuestionId);
  const lanes = useAppStore((s) => s.compareLanes);
  const question = dataset.data?.questions.find((q) => q.id === questionId);
  const states = useLaneStates(lanes, { datasetId: dataset.data?.id, ready: dataset.isSuccess, questionId, question });
  const passages = useLanePassages(
    lanes,
    states.map((s) => s.trace),
    dataset.data?.id,
    dataset.isSuccess,
  );
  // One axis for every lane: as many stage columns as the widest lane has.
  const columns = Math.max(2, ...states.map((s) => (s.trace ? foldTrace(s.trace.events).stages.length : 0)));
  const shownSets = states.map((s) => new Set(s.trace ? foldTrace(s.trace.events).finalRanking.slice(0, SHOWN) : []));

  return (
    <div className="compare">
      <CompareSetup questions={dataset.data?.questions} ready={dataset.isSuccess} question={question} />
      {!question && (
        <p className="empty">
          Pick a question, choose 2–4 lanes (a backbone, or a recorded run from a file), then press Compare.
        </p>
      )}
      <div className="lanes" style={{ gridTemplateColumns: `repeat(${lanes.length}, minmax(0, 1fr))` }}>
        {states.map((s, i) => (
          <LanePanel
            key={s.lane.key}
            state={s}
            asked={question !== undefined}
            others={new Set(shownSets.flatMap((set, j) => (j === i ? [] : [...set])))}
            passages={passages}
            columns={columns}
          />
        ))}
      </div>
    </div>
  );
}

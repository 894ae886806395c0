import { MIN_LANES } from '../../state/compare-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { LanePickers } from './LanePickers.tsx';
import { LaneView, type LaneViewProps } from './LaneView.tsx';
import type { LaneState } from './use-lane-states.ts';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';

type Props = Pick<LaneViewProps, 'others' | 'passages' | 'columns'> & {
  state: LaneState;
  /** A question is picked (the lane can run). */
  asked: boolean;
};

/** One compare lane: its pickers (or a file lane's name) and remove button, then its result, error or wait. */
export function LanePanel({ state: s, asked, others, passages, columns }: Props) {
  const laneCount = useAppStore((st) => st.compareLanes.length);
  const removeLane = useAppStore((st) => st.removeLane);
  return (
    <section className="panel lane" data-testid="compare-lane" aria-label={s.label}>
      <div className="lane-head">
        {s.lane.kind === 'run' ? <LanePickers lane={s.lane} /> : <strong>{s.label}</strong>}
        <button
          type="button"
          className="btn-link"
          aria-label={`Remove lane ${s.label}`}
          disabled={laneCount <= MIN_LANES}
          onClick={() => removeLane(s.lane.key)}
        >
          ✕
        </button>
      </div>
      {s.error ? (
        <ErrorLine error={s.error} />
      ) : s.trace ? (
        <LaneView label={s.label} trace={s.trace} {...{ others, passages, columns }} />
      ) : (
        <p className="empty">
          {s.pending ? 'Running…' : asked ? 'Press Compare to run this lane.' : 'Waiting for a question.'}
        </p>
      )}
    </section>
  );
}

import { PLAY_PACES } from './use-step-bar.ts';

/** "Play" / "Pause" and the pace picker of the step bar. */
export function StepPlayControls({
  playing,
  pace,
  disabled,
  onToggle,
  onPace,
}: {
  playing: boolean;
  pace: number;
  disabled: boolean;
  onToggle(): void;
  onPace(pace: number): void;
}) {
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="step-play"
        disabled={disabled}
        aria-pressed={playing}
        onClick={onToggle}
        title="Advance one step at the chosen pace"
      >
        {playing ? '■ Pause' : '▶ Play'}
      </button>
      <label className="pace">
        <span className="sr-only">Pace</span>
        <select
          data-testid="step-pace"
          value={pace}
          onChange={(e) => onPace(Number(e.target.value))}
          disabled={disabled}
        >
          {PLAY_PACES.map((p) => (
            <option key={p} value={p}>
              {p / 1000} s / step
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

import { Options } from '../../app/components/Options.tsx';
import { PLAY_PACES } from './use-step-bar.ts';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';

type Props = { playing: boolean; pace: number; disabled: boolean; onToggle(): void; onPace(pace: number): void };

/** "Play" / "Pause" and the pace picker of the step bar. */
export function StepPlayControls({ playing, pace, disabled, onToggle, onPace }: Props) {
  return (
    <>
      <SecondaryButton
        data-testid="step-play"
        disabled={disabled}
        aria-pressed={playing}
        onClick={onToggle}
        title="Advance one step at the chosen pace"
      >
        {playing ? '■ Pause' : '▶ Play'}
      </SecondaryButton>
      <label className="pace">
        <span className="sr-only">Pace</span>
        <select
          data-testid="step-pace"
          value={pace}
          onChange={(e) => onPace(Number(e.target.value))}
          disabled={disabled}
        >
          <Options values={PLAY_PACES} label={(p) => `${p / 1000} s / step`} />
        </select>
      </label>
    </>
  );
}

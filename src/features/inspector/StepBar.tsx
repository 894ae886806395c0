import type { ReactNode } from 'react';
import type { TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { StepNavButtons } from './StepNavButtons.tsx';
import { StepPlayControls } from './StepPlayControls.tsx';
import { useBarKeepsFocus, useStepPlay } from './use-step-bar.ts';

interface Props {
  events: readonly TraceEvent[];
  caption: string;
  /** Status lines shown before the first event (backbone builds), kept on the caption as data-history. */
  history?: readonly string[];
  disabled: boolean;
  /** Shown under the caption, inside the bar (Present mode pins the step's round card there). */
  children?: ReactNode;
}

/**
 * Step-through with a one-line caption, "From the start" and "Play". The page-wide keys (StepKeys) step too;
 * a button disabled under the focus hands the (visible) focus to the bar.
 */
export function StepBar({ events, caption, history, disabled, children }: Props) {
  const step = useAppStore((s) => s.step);
  const total = events.length;
  const at = step ?? total;
  const { playing, pace, setPace, togglePlay } = useStepPlay(at, total, disabled);
  const { bar, onFocus, onBlur } = useBarKeepsFocus();
  return (
    <div
      ref={bar}
      className="stepbar"
      role="group"
      aria-label="Step through the run"
      tabIndex={-1}
      data-testid="stepbar"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="stepbar-buttons">
        <StepNavButtons events={events} at={at} disabled={disabled} />
        <StepPlayControls playing={playing} pace={pace} disabled={disabled} onToggle={togglePlay} onPace={setPace} />
        <span className="step-count" data-testid="step-count">
          {disabled ? '' : `step ${at} / ${total}`}
        </span>
      </div>
      <p
        className="step-caption"
        data-testid="step-caption"
        aria-live="polite"
        data-history={history?.length ? history.join('\n') : undefined}
      >
        {caption}
      </p>
      {children}
      <p className="step-keys muted">
        Keys anywhere (text fields aside): ← → step · PageUp/PageDown round or stage · Home/End
      </p>
    </div>
  );
}

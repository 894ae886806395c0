import type { KeyboardEvent } from 'react';
import type { TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';

interface Props {
  events: readonly TraceEvent[];
  caption: string;
  disabled: boolean;
}

/** Step positions (events shown) at which each round starts. */
export function roundStarts(events: readonly TraceEvent[]): number[] {
  return events.flatMap((e, i) => (e.type === 'round.start' ? [i + 1] : []));
}

/**
 * Step-through: previous/next event or round with a one-line caption. Arrow keys step events,
 * PageUp/PageDown rounds, Home/End the ends, while the bar has focus.
 */
export function StepBar({ events, caption, disabled }: Props) {
  const step = useAppStore((s) => s.step);
  const setStep = useAppStore((s) => s.setStep);
  const total = events.length;
  const at = step ?? total;
  const starts = roundStarts(events);
  const prevRound = [...starts].reverse().find((s) => s < at);
  const nextRound = starts.find((s) => s > at);
  const go = (n: number) => setStep(Math.max(1, Math.min(total, n)));
  const onKey = (e: KeyboardEvent) => {
    if (disabled) return;
    if (e.key === 'ArrowRight') go(at + 1);
    else if (e.key === 'ArrowLeft') go(at - 1);
    else if (e.key === 'PageDown' && nextRound !== undefined) go(nextRound);
    else if (e.key === 'PageUp' && prevRound !== undefined) go(prevRound);
    else if (e.key === 'Home') go(1);
    else if (e.key === 'End') setStep(null);
    else return;
    e.preventDefault();
  };
  return (
    <div className="stepbar" role="group" aria-label="Step through the run" onKeyDown={onKey}>
      <button type="button" className="btn btn-secondary" data-testid="round-prev" disabled={disabled || prevRound === undefined} onClick={() => prevRound !== undefined && go(prevRound)} title="Previous round (PageUp)">
        ◀◀ Round
      </button>
      <button type="button" className="btn btn-secondary" data-testid="step-prev" disabled={disabled || at <= 1} onClick={() => go(at - 1)} title="Previous step (←)">
        ◀ Previous
      </button>
      <button type="button" className="btn btn-secondary" data-testid="step-next" disabled={disabled || at >= total} onClick={() => go(at + 1)} title="Next step (→)">
        Next ▶
      </button>
      <button type="button" className="btn btn-secondary" data-testid="round-next" disabled={disabled || nextRound === undefined} onClick={() => nextRound !== undefined && go(nextRound)} title="Next round (PageDown)">
        Round ▶▶
      </button>
      <button type="button" className="btn btn-secondary" data-testid="step-all" disabled={disabled || step === null} onClick={() => setStep(null)} title="Show everything (End)">
        Show all
      </button>
      <span className="step-count" data-testid="step-count">
        {disabled ? '' : `step ${at} / ${total}`}
      </span>
      <p className="step-caption" data-testid="step-caption" aria-live="polite">
        {caption}
      </p>
    </div>
  );
}

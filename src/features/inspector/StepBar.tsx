import type { KeyboardEvent } from 'react';
import { useAppStore } from '../../state/use-app-store.ts';

interface Props {
  total: number;
  caption: string;
  disabled: boolean;
}

/** Step-through: previous/next event with a one-line caption; arrow keys work while the bar has focus. */
export function StepBar({ total, caption, disabled }: Props) {
  const step = useAppStore((s) => s.step);
  const setStep = useAppStore((s) => s.setStep);
  const at = step ?? total;
  const go = (n: number) => setStep(Math.max(1, Math.min(total, n)));
  const onKey = (e: KeyboardEvent) => {
    if (disabled) return;
    if (e.key === 'ArrowRight') go(at + 1);
    else if (e.key === 'ArrowLeft') go(at - 1);
    else if (e.key === 'Home') go(1);
    else if (e.key === 'End') setStep(null);
    else return;
    e.preventDefault();
  };
  return (
    <div className="stepbar" role="group" aria-label="Step through the run" onKeyDown={onKey}>
      <button type="button" className="btn btn-secondary" data-testid="step-prev" disabled={disabled || at <= 1} onClick={() => go(at - 1)}>
        ◀ Previous
      </button>
      <button type="button" className="btn btn-secondary" data-testid="step-next" disabled={disabled || at >= total} onClick={() => go(at + 1)}>
        Next ▶
      </button>
      <button type="button" className="btn btn-secondary" data-testid="step-all" disabled={disabled || step === null} onClick={() => setStep(null)}>
        Show all
      </button>
      <span className="step-count" data-testid="step-count">{disabled ? '' : `step ${at} / ${total}`}</span>
      <p className="step-caption" data-testid="step-caption" aria-live="polite">
        {caption}
      </p>
    </div>
  );
}

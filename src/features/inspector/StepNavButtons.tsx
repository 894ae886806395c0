import type { TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { chapterStarts } from './step-keys.ts';

/** The step bar's moves: start, previous/next round or stage, previous/next step, and "Show all". */
export function StepNavButtons({
  events,
  at,
  disabled,
}: {
  events: readonly TraceEvent[];
  /** The step shown (events shown; all of them when not stepping). */
  at: number;
  disabled: boolean;
}) {
  const step = useAppStore((s) => s.step);
  const setStep = useAppStore((s) => s.setStep);
  const total = events.length;
  const chapters = chapterStarts(events);
  const prevChapter = [...chapters].reverse().find((s) => s < at);
  const nextChapter = chapters.find((s) => s > at);
  const go = (n: number) => setStep(Math.max(1, Math.min(total, n)));
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="step-first"
        disabled={disabled || at <= 1}
        onClick={() => go(1)}
        title="From the start (Home)"
      >
        |◀ Start
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="round-prev"
        disabled={disabled || prevChapter === undefined}
        onClick={() => prevChapter !== undefined && go(prevChapter)}
        title="Previous round or stage (PageUp)"
      >
        ◀◀ Round
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="step-prev"
        disabled={disabled || at <= 1}
        onClick={() => go(at - 1)}
        title="Previous step (←)"
      >
        ◀ Previous
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="step-next"
        disabled={disabled || at >= total}
        onClick={() => go(at + 1)}
        title="Next step (→)"
      >
        Next ▶
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="round-next"
        disabled={disabled || nextChapter === undefined}
        onClick={() => nextChapter !== undefined && go(nextChapter)}
        title="Next round or stage (PageDown)"
      >
        Round ▶▶
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="step-all"
        disabled={disabled || step === null}
        onClick={() => setStep(null)}
        title="Show everything (End)"
      >
        Show all
      </button>
    </>
  );
}

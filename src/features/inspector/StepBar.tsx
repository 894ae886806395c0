import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { chapterStarts, stepKeyApplies } from './step-keys.ts';
import { focusKind } from './StepKeys.tsx';

interface Props {
  events: readonly TraceEvent[];
  caption: string;
  /** Status lines shown before the first event (backbone builds), kept on the caption as data-history. */
  history?: readonly string[];
  disabled: boolean;
  /** Shown under the caption, inside the bar (Present mode pins the step's round card there). */
  children?: ReactNode;
}

/** Step positions (events shown) at which each round starts. */
export function roundStarts(events: readonly TraceEvent[]): number[] {
  return events.flatMap((e, i) => (e.type === 'round.start' ? [i + 1] : []));
}

/** Auto-advance paces offered by "Play" (ms per step). */
export const PLAY_PACES = [500, 1000, 2000, 4000] as const;

/**
 * Step-through: previous/next event or stage with a one-line caption, "From the start", and "Play" at a
 * chosen pace. The keys (StepKeys) work anywhere except in text fields (a presenter's clicker sends
 * PageUp/PageDown): arrows step events, PageUp/PageDown stages (each round, then the verifier, the cut
 * and the answer), Home/End the ends. When a button becomes disabled under the focus, the bar itself
 * keeps the (visible) focus.
 */
export function StepBar({ events, caption, history, disabled, children }: Props) {
  const step = useAppStore((s) => s.step);
  const setStep = useAppStore((s) => s.setStep);
  const view = useAppStore((s) => s.view);
  const [playing, setPlaying] = useState(false);
  const [pace, setPace] = useState<number>(1000);
  const bar = useRef<HTMLDivElement>(null);
  const total = events.length;
  const at = step ?? total;
  const chapters = chapterStarts(events);
  const prevChapter = [...chapters].reverse().find((s) => s < at);
  const nextChapter = chapters.find((s) => s > at);
  const go = (n: number) => setStep(Math.max(1, Math.min(total, n)));

  // The keys themselves are handled page-wide (StepKeys); a step key pauses Play.
  const keyState = useRef({ disabled, view });
  keyState.current = { disabled, view };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!keyState.current.disabled && stepKeyApplies(e.key, focusKind(document.activeElement), keyState.current.view))
        setPlaying(false);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  // Keep the focus visible: a focused button that just became disabled hands it to the bar.
  useEffect(() => {
    const active = document.activeElement;
    if (
      bar.current &&
      (active === document.body ||
        (active instanceof HTMLButtonElement && active.disabled && bar.current.contains(active)))
    ) {
      if (bar.current.dataset.hadFocus === 'true') bar.current.focus({ preventScroll: true });
    }
  });

  // Play: one step per `pace` ms until the end.
  useEffect(() => {
    if (!playing) return;
    if (disabled || at >= total) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep(at + 1), pace);
    return () => clearTimeout(timer);
  }, [playing, at, total, pace, disabled, setStep]);

  const togglePlay = () => {
    if (playing) return setPlaying(false);
    if (at >= total) setStep(1);
    setPlaying(true);
  };

  return (
    <div
      ref={bar}
      className="stepbar"
      role="group"
      aria-label="Step through the run"
      tabIndex={-1}
      data-testid="stepbar"
      onFocus={() => bar.current && (bar.current.dataset.hadFocus = 'true')}
      onBlur={(e) => {
        if (bar.current && e.relatedTarget !== null && !bar.current.contains(e.relatedTarget))
          bar.current.dataset.hadFocus = 'false';
      }}
    >
      <div className="stepbar-buttons">
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
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="step-play"
          disabled={disabled}
          aria-pressed={playing}
          onClick={togglePlay}
          title="Advance one step at the chosen pace"
        >
          {playing ? '■ Pause' : '▶ Play'}
        </button>
        <label className="pace">
          <span className="sr-only">Pace</span>
          <select
            data-testid="step-pace"
            value={pace}
            onChange={(e) => setPace(Number(e.target.value))}
            disabled={disabled}
          >
            {PLAY_PACES.map((p) => (
              <option key={p} value={p}>
                {p / 1000} s / step
              </option>
            ))}
          </select>
        </label>
        <span className="step-count" data-testid="step-count">
          {disabled ? '' : `step ${at} / ${total}`}
        </span>
      </div>
      <p
        className="step-caption"
        data-testid="step-caption"
        aria-live="polite"
        {...(history?.length ? { 'data-history': history.join('\n') } : {})}
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

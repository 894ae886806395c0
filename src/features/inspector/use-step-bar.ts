import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useAppStore } from '../../state/use-app-store.ts';
import { stepKeyApplies } from './step-keys.ts';
import { focusKind } from './StepKeys.tsx';

/** Auto-advance paces offered by "Play" (ms per step). */
export const PLAY_PACES = [500, 1000, 2000, 4000] as const;

/** "Play": one step per `pace` ms from step `at` of `total` to the end; a step key (StepKeys) pauses it. */
export function useStepPlay(at: number, total: number, disabled: boolean) {
  const setStep = useAppStore((s) => s.setStep);
  const view = useAppStore((s) => s.view);
  const [playing, setPlaying] = useState(false);
  const [pace, setPace] = useState<number>(1000);

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
  return { playing, pace, setPace, togglePlay };
}

/** Keeps the focus visible: a bar button disabled under the focus hands it to the bar (when the bar had it). */
export function useBarKeepsFocus() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    const active = document.activeElement;
    const disabledInBar = active instanceof HTMLButtonElement && active.disabled && !!el?.contains(active);
    if (el && (active === document.body || disabledInBar) && el.dataset.hadFocus === 'true')
      el.focus({ preventScroll: true });
  });
  const onFocus = () => bar.current && (bar.current.dataset.hadFocus = 'true');
  const onBlur = (e: FocusEvent) => {
    if (bar.current && e.relatedTarget !== null && !bar.current.contains(e.relatedTarget))
      bar.current.dataset.hadFocus = 'false';
  };
  return { bar, onFocus, onBlur };
}

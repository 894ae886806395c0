import { useEffect } from 'react';
import type { StepFocus } from './step-focus.ts';

/** The element that shows a step's panel: the round's card, else the panel marked data-step-panel. */
function panelElement(focus: StepFocus): HTMLElement | null {
  const selector =
    focus.panel === 'round'
      ? `[data-testid="timeline-round"][data-round="${focus.round}"]`
      : `[data-step-panel~="${focus.panel}"]`;
  return document.querySelector<HTMLElement>(selector);
}

/** Scrolls the page so the step's panel sits just under the step bar (sticky while presenting). */
export function scrollToStepPanel(focus: StepFocus): void {
  const el = panelElement(focus);
  if (!el) return;
  const bar = document.querySelector('.presenting [data-testid="stepbar"]')?.getBoundingClientRect();
  const top = el.getBoundingClientRect().top + window.scrollY - (bar ? bar.height + 8 : 8);
  window.scrollTo({ top: Math.max(0, top), behavior: 'auto' });
}

/**
 * Present mode follows the step: each step brings its own panel to the top of the screen, just under the
 * step bar (sticky there while presenting), so the class sees the step and not the controls.
 */
export function useFollowStep(on: boolean, step: number | null, focus: StepFocus | null): void {
  const key = focus ? `${focus.panel}:${focus.round}` : '';
  useEffect(() => {
    if (!on || step === null || !focus) return;
    scrollToStepPanel(focus);
    // Keyed on the panel, not each step: steps within one panel leave the view where it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on, step === null, key]);
}

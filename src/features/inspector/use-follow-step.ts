import { useLayoutEffect } from 'react';
import type { StepFocus } from './step-focus.ts';

/** Space kept between the step bar (or the window's top) and a panel brought into view. */
const GAP = 8;

/** The round's card in the timeline. */
function roundCard(round: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="timeline-round"][data-round="${round}"]`);
}

/** What a step brings into view: a round's whole timeline panel, else the panel marked data-step-panel. */
function panelElement(focus: StepFocus): HTMLElement | null {
  if (focus.panel === 'round') return roundCard(focus.round)?.closest<HTMLElement>('section') ?? null;
  return document.querySelector<HTMLElement>(`[data-step-panel~="${focus.panel}"]`);
}

/** Height the sticky step bar covers at the top of the window (0 when it is not sticky: not presenting). */
function coveredTop(): number {
  const bar = document.querySelector('.presenting [data-testid="stepbar"]');
  return bar ? bar.getBoundingClientRect().height : 0;
}

/** Scrolls the timeline sideways so the round's card is wholly visible (earlier cards go off to the left). */
function revealRoundCard(round: number): void {
  const card = roundCard(round);
  const strip = card?.parentElement;
  if (!card || !strip) return;
  const s = strip.getBoundingClientRect();
  // Positions in the strip's own coordinates (scrollLeft 0 at the first card).
  const at = (el: Element) => el.getBoundingClientRect().left - s.left + strip.scrollLeft;
  const left = at(card);
  const right = left + card.getBoundingClientRect().width;
  const width = strip.clientWidth;
  if (left >= strip.scrollLeft - 1 && right <= strip.scrollLeft + width + 1) return;
  if (left < strip.scrollLeft) {
    strip.scrollLeft = left;
    return;
  }
  // Scrolling left-to-right: the first card edge from which the step's card fits, so no card is cut at the left.
  const starts = [...strip.children].map(at).filter((x) => x <= left);
  strip.scrollLeft = starts.find((x) => x >= right - width) ?? left;
}

/**
 * Brings the step's panel wholly into view just under the step bar (sticky while presenting), never under
 * it. A panel already wholly on screen stays where it is; one taller than the screen starts under the bar.
 */
export function scrollToStepPanel(focus: StepFocus): void {
  revealRoundCard(focus.round);
  const el = panelElement(focus);
  if (!el) return;
  const covered = coveredTop();
  const r = el.getBoundingClientRect();
  const bottom = window.innerHeight;
  if (r.top >= covered - 1 && r.bottom <= bottom + 1) return; // wholly on screen already
  // Where its top goes: a gap under the bar; less gap when that makes it fit; under the bar when it is taller.
  const fitsOnlyWithoutGap = r.height > bottom - covered - GAP && r.height <= bottom - covered;
  const top = fitsOnlyWithoutGap ? bottom - r.height : covered + GAP;
  if (Math.abs(r.top - top) <= 2) return;
  window.scrollTo({ top: Math.max(0, r.top + window.scrollY - top), behavior: 'instant' });
}

/**
 * Present mode brings each step's panel (End: the answer's) into view under the step bar, so the class sees the
 * step, not the controls; the timeline keeps the step's round card in view either way. `on` is off while a run streams.
 */
export function useFollowStep(on: boolean, step: number | null, focus: StepFocus | null): void {
  const key = focus ? `${focus.panel}:${focus.round}` : '';
  useLayoutEffect(() => {
    if (!focus) return;
    if (on) scrollToStepPanel(focus);
    else revealRoundCard(focus.round);
    // Each step and each change of panel; not the focus object itself (a new one every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on, step, key]);
}

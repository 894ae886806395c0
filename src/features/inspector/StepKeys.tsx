import { useEffect } from 'react';
import { appStore } from '../../state/store.ts';
import { stepKeyApplies, stepKeyTarget, type FocusKind } from './step-keys.ts';

/** Input types whose keys edit text (a file, checkbox, radio, range or button input does not). */
const TEXT_INPUTS = new Set('text search email url tel password number date datetime-local month time week'.split(' '));

export function focusKind(el: Element | null): FocusKind {
  if (!(el instanceof HTMLElement)) return 'other';
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return 'text';
  if (el instanceof HTMLInputElement) return TEXT_INPUTS.has(el.type) ? 'text' : 'other';
  return el instanceof HTMLSelectElement ? 'select' : 'other';
}

/**
 * Renders nothing: the page-wide step keys, on every tab. Listens in the capture phase so a focused
 * control (a select above all) never acts on a step key first; see stepKeyApplies for which keys step where.
 */
export function StepKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const s = appStore.getState();
      if (s.events.length === 0 || s.runStatus === 'running') return;
      if (!stepKeyApplies(e.key, focusKind(document.activeElement), s.view)) return;
      const target = stepKeyTarget(e.key, s.step ?? s.events.length, s.events);
      if (target === undefined) return;
      e.preventDefault();
      s.setStep(target);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
  return null;
}

// Where the step-through keys go, pure so it is tested in Node. A step is the number of events shown;
// the chapters (each round, the verifier, the promotion, the cut, the answer, an error, the end) are the
// fold's, so the step bar, the tour and the graph stop at the same places.
import { foldTrace } from '../../core/trace/fold.ts';
import type { TraceEvent } from '../../core/trace/schema.ts';

/** Step positions at which a stage starts, plus the last step, so PageDown alone walks a whole run. */
export function chapterStarts(events: readonly TraceEvent[]): number[] {
  return foldTrace(events).chapters.map((c) => c.step);
}

/**
 * The step a key moves to from step `at` (null: show all), or undefined when the key is not a step key.
 * Keys never get stuck: at either end they stay there instead of being ignored.
 */
export function stepKeyTarget(key: string, at: number, events: readonly TraceEvent[]): number | null | undefined {
  const total = events.length;
  if (total === 0) return undefined;
  const clamp = (n: number) => Math.max(1, Math.min(total, n));
  const chapters = chapterStarts(events);
  switch (key) {
    case 'ArrowRight':
      return clamp(at + 1);
    case 'ArrowLeft':
      return clamp(at - 1);
    case 'PageDown':
      return chapters.find((s) => s > at) ?? total;
    case 'PageUp':
      return [...chapters].reverse().find((s) => s < at) ?? 1;
    case 'Home':
      return 1;
    case 'End':
      return null;
    default:
      return undefined;
  }
}

/** What has the focus, as far as step keys care: a field that edits text, a select, or anything else. */
export type FocusKind = 'text' | 'select' | 'other';

/** Keys a presenter's clicker sends; they step on every tab. */
const CLICKER_KEYS: ReadonlySet<string> = new Set(['PageUp', 'PageDown', 'Home', 'End']);
/** Views that show the step, where the arrows step too. */
const STEP_VIEWS: ReadonlySet<string> = new Set(['inspector', 'graph']);

/**
 * Whether a key press steps the run (and its default action is cancelled): never in a text field, where the
 * keys edit text; in a select too, so a clicker never changes a strategy or a pace (ArrowUp/ArrowDown
 * still choose an option there).
 */
export function stepKeyApplies(key: string, focus: FocusKind, view: string): boolean {
  if (focus === 'text') return false;
  if (CLICKER_KEYS.has(key)) return true;
  return (key === 'ArrowRight' || key === 'ArrowLeft') && STEP_VIEWS.has(view);
}

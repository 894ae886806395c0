// Which panel a step is about and which passages, pure so it is tested in Node: Present mode scrolls
// that panel into view and keeps those passages when it shortens a long ranking.
import type { TraceEvent } from '../../core/trace/schema.ts';

/** Panels a step can be about; 'round' is the round's card in the timeline. */
export type StepPanel =
  'round' | 'ranks' | 'verifier' | 'cut' | 'answer' | 'beam' | 'outline' | 'chain' | 'plan' | 'failure';

export interface StepFocus {
  panel: StepPanel;
  round: number;
  /** Passages the step names (a retrieval's hits, the verifier's picks, the cut's kept, the answer's citations). */
  ids: string[];
}

const TOP_HITS = 5;
const idsOf = (items: readonly { id: string }[]) => items.map((x) => x.id);

function focusOf(e: TraceEvent): StepFocus {
  const at = (panel: StepPanel, ids: string[] = []) => ({ panel, round: e.round, ids });
  switch (e.type) {
    case 'retrieve':
      return at('round', idsOf(e.results.slice(0, TOP_HITS)));
    case 'pool':
      return at('ranks', idsOf(e.pool.slice(0, TOP_HITS)));
    case 'verify':
      return at('verifier', e.selected);
    case 'promote':
      return at('verifier', idsOf(e.moves));
    case 'cutoff':
      return at('cut', e.kept);
    case 'answer':
      return at('answer', e.citations ?? []);
    case 'beam':
      return at('beam');
    case 'memory':
      return at(e.kind === 'outline' ? 'outline' : 'beam');
    case 'plan':
      return at('plan');
    case 'thought':
      return at(e.kind === 'reasoning-chain' ? 'chain' : 'round');
    case 'error':
      return at('failure');
    default:
      return at('round');
  }
}

/**
 * The focus of step `at` (events shown, 1-based); null before the first step. An LLM call, its context or
 * a warning keeps the panel of the step before it, so the view does not jump to a panel not drawn yet.
 */
export function stepFocus(events: readonly TraceEvent[], at: number): StepFocus | null {
  if (at < 1 || events.length === 0) return null;
  const i = Math.min(at, events.length) - 1;
  const e = events[i] as TraceEvent;
  if (e.type === 'llm' || e.type === 'context' || e.type === 'warning') {
    const before = events.slice(0, i).findLast((x) => x.type !== 'llm' && x.type !== 'context' && x.type !== 'warning');
    return before ? { ...focusOf(before), round: e.round } : focusOf(e);
  }
  return focusOf(e);
}

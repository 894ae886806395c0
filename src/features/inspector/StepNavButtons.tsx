import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { chapterStarts } from './step-keys.ts';

type Props = {
  events: readonly TraceEvent[];
  /** The step shown (events shown; all of them when not stepping). */
  at: number;
  disabled: boolean;
};

/** The step bar's moves: start, previous/next round or stage, previous/next step, and "Show all". */
export function StepNavButtons({ events, at, disabled }: Props) {
  const step = useAppStore((s) => s.step);
  const setStep = useAppStore((s) => s.setStep);
  const total = events.length;
  const chapters = chapterStarts(events);
  const prevChapter = chapters.findLast((s) => s < at);
  const nextChapter = chapters.find((s) => s > at);
  // Each move: its test id, where it goes (undefined: nowhere to go), its key and its text.
  const moves: [string, number | null | undefined, string, string][] = [
    ['step-first', at <= 1 ? undefined : 1, 'From the start (Home)', '|◀ Start'],
    ['round-prev', prevChapter, 'Previous round or stage (PageUp)', '◀◀ Round'],
    ['step-prev', at <= 1 ? undefined : at - 1, 'Previous step (←)', '◀ Previous'],
    ['step-next', at >= total ? undefined : at + 1, 'Next step (→)', 'Next ▶'],
    ['round-next', nextChapter, 'Next round or stage (PageDown)', 'Round ▶▶'],
    ['step-all', step === null ? undefined : null, 'Show everything (End)', 'Show all'],
  ];
  return moves.map(([testid, to, title, text]) => (
    <SecondaryButton
      key={testid}
      data-testid={testid}
      disabled={disabled || to === undefined}
      onClick={() => to !== undefined && setStep(to === null ? null : Math.max(1, Math.min(total, to)))}
      title={title}
    >
      {text}
    </SecondaryButton>
  ));
}

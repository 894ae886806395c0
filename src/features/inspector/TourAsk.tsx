import type { Trace } from '../../core/trace/schema.ts';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

/** Asks before the guided tour replaces the run on screen with a BDTR run. */
export function TourAsk({ trace, onReplace, onKeep }: { trace: Trace | null; onReplace(): void; onKeep(): void }) {
  return (
    <p className="tour-ask" role="alertdialog" aria-label="Replace the run on screen?" data-testid="tour-ask">
      The tour runs BDTR and replaces the run on screen ({trace?.strategy} on {trace?.retriever} · {trace?.question.id}
      ).{' '}
      <button type="button" className="btn btn-small" data-testid="tour-ask-yes" onClick={onReplace}>
        Replace it
      </button>{' '}
      <SmallButton data-testid="tour-ask-no" onClick={onKeep}>
        Keep my run
      </SmallButton>
    </p>
  );
}

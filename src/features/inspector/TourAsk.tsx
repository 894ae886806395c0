import type { Trace } from '../../core/trace/schema.ts';

/** Asks before the guided tour replaces the run on screen with a BDTR run. */
export function TourAsk({ trace, onReplace, onKeep }: { trace: Trace | null; onReplace(): void; onKeep(): void }) {
  return (
    <p className="tour-ask" role="alertdialog" aria-label="Replace the run on screen?" data-testid="tour-ask">
      The tour runs BDTR and replaces the run on screen ({trace?.strategy} on {trace?.retriever} · {trace?.question.id}
      ).{' '}
      <button type="button" className="btn btn-small" data-testid="tour-ask-yes" onClick={onReplace}>
        Replace it
      </button>{' '}
      <button type="button" className="btn btn-secondary btn-small" data-testid="tour-ask-no" onClick={onKeep}>
        Keep my run
      </button>
    </p>
  );
}

// A running embedding: its progress bar, how far (resumed where, speed, time left) and Cancel.
import type { EmbeddingProgress } from '../../engine/engine-api.ts';
import { duration } from './duration.ts';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

/** The line next to the bar: loading, or done / total with the speed and the time left. */
function progressText(progress: EmbeddingProgress | null): string {
  if (progress === null) return 'embedding…';
  if (progress.phase === 'load') return progress.message ?? 'loading the model…';
  const resumed = progress.resumedFrom > 0 ? ` (resumed at ${progress.resumedFrom.toLocaleString('en')})` : '';
  const speed = progress.passagesPerSecond
    ? `, ${progress.passagesPerSecond.toFixed(1)} passages/s, ${duration(progress.etaSeconds ?? NaN)} left`
    : ', measuring speed…';
  return `${progress.done.toLocaleString('en')} / ${progress.total.toLocaleString('en')}${resumed}${speed}`;
}

export function EmbeddingProgressBar({ progress, onCancel }: { progress: EmbeddingProgress | null; onCancel(): void }) {
  return (
    <div data-testid="embed-progress">
      <progress
        max={1}
        value={progress && progress.total > 0 ? progress.done / progress.total : undefined}
        aria-label="embedding progress"
      />{' '}
      <span className="muted" data-testid="embed-progress-text">
        {progressText(progress)}
      </span>{' '}
      <SmallButton data-testid="embed-cancel" onClick={onCancel}>
        Cancel
      </SmallButton>
    </div>
  );
}

// Before embedding a large corpus: how many passages are left, the measured speed and time, Start or Not now.
import type { EmbeddingEstimate } from '../../engine/engine-api.ts';
import { duration } from './duration.ts';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

interface Props {
  estimate: EmbeddingEstimate;
  /** Passages already embedded. */
  done: number;
  onStart(): void;
  onDismiss(): void;
}

export function EmbeddingEstimateOffer({ estimate, done, onStart, onDismiss }: Props) {
  return (
    <span data-testid="embed-estimate">
      {(estimate.passages - done).toLocaleString('en')} passages at {estimate.passagesPerSecond.toFixed(1)} passages/s
      on {estimate.backend}: {duration(((estimate.passages - done) / estimate.passages) * estimate.seconds)}.{' '}
      <button type="button" className="btn btn-small" data-testid="embed-confirm" onClick={onStart}>
        Start
      </button>{' '}
      <SmallButton onClick={onDismiss}>Not now</SmallButton>
    </span>
  );
}

// Before any LLM call: which backbones the LLM in Settings would build now, how many calls each takes, Build now or Not now.
import type { LlmBuildOffer as Offer } from '../../engine/engine-api.ts';
import { costText } from './llm-build-text.ts';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

export function LlmBuildOffer({ offer, onStart, onDismiss }: { offer: Offer; onStart(): void; onDismiss(): void }) {
  return (
    <div className="status llm-builds" data-testid="llm-build-offer">
      <p>
        The backbones were built with stand-ins. With the LLM in Settings (<strong>{offer.llm}</strong>), the first run
        of each builds its LLM version and waits for it. Build them now?
      </p>
      <p data-testid="llm-build-costs">{offer.builds.map(costText).join(' · ')}</p>
      <p>
        <button type="button" className="btn btn-small" data-testid="llm-build-start" onClick={onStart}>
          Build now
        </button>{' '}
        <SmallButton data-testid="llm-build-dismiss" onClick={onDismiss}>
          Not now
        </SmallButton>
      </p>
    </div>
  );
}

// With an LLM in Settings, after an import built the stand-ins: the offer to build their LLM versions, the
// build's progress, and how it ended.
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import type { LibraryEntry } from '../../engine/engine-api.ts';
import { LlmBuildOffer } from './LlmBuildOffer.tsx';
import { LlmBuildOutcomes } from './LlmBuildOutcomes.tsx';
import { LlmBuildProgressBar } from './LlmBuildProgressBar.tsx';
import { useLlmBuilds } from './use-llm-builds.ts';

export function LlmBuilds({ entry }: { entry: LibraryEntry }) {
  const { offer, progress, building, dismissed, start, cancel, dismiss } = useLlmBuilds(entry);
  if (offer.isError)
    return (
      <p className="muted" data-testid="llm-build-unavailable">
        No LLM builds offered: {offer.error.message}
      </p>
    );
  const o = offer.data;
  if (!o || o.builds.length === 0) return null; // no LLM in Settings (or still asking): nothing to offer
  if (building.isPending) return <LlmBuildProgressBar progress={progress} onCancel={cancel} />;
  if (building.isSuccess) return <LlmBuildOutcomes outcomes={building.data} llm={o.llm} onRetry={start} />;
  if (building.isError) return <ErrorLine error={building.error.message} testid="llm-build-error" />;
  if (dismissed)
    return (
      <p className="muted" data-testid="llm-build-dismissed">
        Not built now: the first run of each with this LLM builds it.
      </p>
    );
  return <LlmBuildOffer offer={o} onStart={start} onDismiss={dismiss} />;
}

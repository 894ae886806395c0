// How each LLM build ended: built and stored (with its calls), or the one sentence on why not; Try again when one was not built.
import type { LlmBuildOutcome } from '../../engine/engine-api.ts';
import { outcomeText } from './llm-build-text.ts';

interface Props {
  outcomes: LlmBuildOutcome[];
  llm: string;
  onRetry(): void;
}

export function LlmBuildOutcomes({ outcomes, llm, onRetry }: Props) {
  const unbuilt = outcomes.some((o) => o.state !== 'built');
  return (
    <>
      <ul className="llm-build-outcomes" data-testid="llm-build-outcomes">
        {outcomes.map((o) => (
          <li
            key={o.backbone}
            data-testid="llm-build-outcome"
            data-state={o.state}
            className={o.state === 'failed' ? 'error' : o.state === 'built' ? undefined : 'muted'}
            {...(o.state === 'failed' ? { role: 'alert' } : {})}
          >
            {outcomeText(o, llm)}
          </li>
        ))}
      </ul>
      {unbuilt ? (
        <p>
          <button type="button" className="btn btn-small" data-testid="llm-build-retry" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : (
        <p className="muted" data-testid="llm-build-kept">
          Stored with the corpus: the first run of each with this LLM reads them instead of building them.
        </p>
      )}
    </>
  );
}

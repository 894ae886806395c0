// The LLM builds under way: one bar over all of them, the build and its stage, and Cancel.
import type { LlmBuildProgress } from '../../engine/engine-api.ts';
import { progressText } from './llm-build-text.ts';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

export function LlmBuildProgressBar({ progress, onCancel }: { progress: LlmBuildProgress | null; onCancel(): void }) {
  return (
    <p data-testid="llm-build-progress">
      <progress max={1} value={progress?.fraction ?? 0} aria-label="LLM builds progress" />{' '}
      <span className="muted" data-testid="llm-build-progress-text">
        {progressText(progress)}
      </span>{' '}
      <SmallButton data-testid="llm-build-cancel" onClick={onCancel}>
        Cancel
      </SmallButton>
    </p>
  );
}

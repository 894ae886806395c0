// The "Load and test" button of a model form, disabled while a folder is stored or a test runs.
import type { ModelChoice } from './use-model-choice.ts';

export function LoadAndTestButton({ testId, choice }: { testId: string; choice: ModelChoice<unknown> }) {
  return (
    <button
      type="button"
      className="btn"
      onClick={() => void choice.runTest()}
      disabled={choice.state.kind === 'busy'}
      data-testid={testId}
    >
      Load and test
    </button>
  );
}

import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import type { Question } from '../../core/types.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { CounterfactualSetup } from './CounterfactualPanel.tsx';
import { QuestionPicker } from './QuestionPicker.tsx';
import { StrategyGrid } from './StrategyGrid.tsx';
import { BaselineChecks, ModelChecks, RegimeChecks } from './BatchVariantChecks.tsx';
import type { BatchProgressState } from './use-batch-progress.ts';
import type { BatchRunner } from './use-batch-runner.ts';

interface Props {
  questions: readonly Question[];
  /** The dataset is loaded (a batch can run). */
  ready: boolean;
  progress: BatchProgressState;
  runner: BatchRunner;
}

/** The batch setup form: what to run (baselines, strategies, LLMs, regimes, what-ifs, questions) and Run/Cancel/Resume. */
export function BatchSetup({ questions, ready, progress: { running, canResume }, runner: { run, cancel } }: Props) {
  const configs = useAppStore((s) => s.batchConfigs);
  return (
    <form
      className="question-form"
      aria-label="Batch setup"
      onSubmit={(e) => {
        e.preventDefault();
        void run(false);
      }}
    >
      <BaselineChecks disabled={running} />
      <StrategyGrid disabled={running} />
      <ModelChecks disabled={running} />
      <RegimeChecks disabled={running} />
      <CounterfactualSetup disabled={running} />
      <QuestionPicker questions={questions} disabled={running} />
      <button type="submit" data-testid="batch-run" disabled={running || !ready || configs.length === 0}>
        Run batch
      </button>
      <SecondaryButton data-testid="batch-cancel" disabled={!running} onClick={cancel}>
        Cancel
      </SecondaryButton>
      <SecondaryButton data-testid="batch-resume" disabled={!canResume} onClick={() => void run(true)}>
        Resume
      </SecondaryButton>
    </form>
  );
}

import { useState } from 'react';
import { parseRunOrTrace } from '../../app/trace/run-file.ts';
import { DEFAULT_BACKBONE } from '../../core/backbones/about.ts';
import { RETRIEVAL_ONLY } from '../../core/strategies/index.ts';
import type { Question } from '../../core/types.ts';
import { MAX_LANES } from '../../state/compare-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { errorMessage } from '../../app/error-message.ts';

interface Props {
  /** The dataset's questions, undefined while it loads. */
  questions: readonly Question[] | undefined;
  ready: boolean;
  question: Question | undefined;
}

/** The compare setup form (the question, a lane from a file, + Lane, Compare) and why a file could not be read. */
export function CompareSetup({ questions, ready, question }: Props) {
  const questionId = useAppStore((s) => s.compareQuestionId);
  const laneCount = useAppStore((s) => s.compareLanes.length);
  const setCompareQuestion = useAppStore((s) => s.setCompareQuestion);
  const addLane = useAppStore((s) => s.addLane);
  const requestCompare = useAppStore((s) => s.requestCompare);
  const [fileError, setFileError] = useState<string | null>(null);

  const openFile = async (file: File) => {
    setFileError(null);
    try {
      const { trace, passages: carried } = parseRunOrTrace(await file.text(), file.name);
      addLane({ kind: 'file', name: file.name, trace, passages: carried });
      if (questionId === null) setCompareQuestion(trace.question.id);
    } catch (err) {
      setFileError(errorMessage(err));
    }
  };

  return (
    <>
      <form
        className="question-form"
        aria-label="Compare setup"
        onSubmit={(e) => {
          e.preventDefault();
          requestCompare();
        }}
      >
        <label className="field">
          <span>Question</span>
          <select
            data-testid="compare-question"
            value={questionId ?? ''}
            disabled={!ready}
            onChange={(e) => setCompareQuestion(e.target.value || null)}
          >
            <option value="">{ready ? '— pick a dataset question —' : 'indexing the demo…'}</option>
            {questions?.map((q) => (
              <option key={q.id} value={q.id}>
                {q.id}: {q.question}
              </option>
            ))}
          </select>
        </label>
        <label className="file-label">
          Add a lane from a run or trace file…
          <input
            type="file"
            accept=".json,application/json"
            data-testid="compare-file"
            disabled={laneCount >= MAX_LANES}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void openFile(f);
            }}
          />
        </label>
        <SecondaryButton
          data-testid="compare-add"
          disabled={laneCount >= MAX_LANES}
          onClick={() => addLane({ kind: 'run', backbone: DEFAULT_BACKBONE, strategy: RETRIEVAL_ONLY })}
        >
          + Lane
        </SecondaryButton>
        <button type="submit" data-testid="compare-run" disabled={!question}>
          Compare
        </button>
      </form>
      <ErrorLine error={fileError} />
    </>
  );
}

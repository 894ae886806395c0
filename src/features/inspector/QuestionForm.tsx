import type { FormEvent } from 'react';
import type { Question } from '../../core/types.ts';
import { useAppStore } from '../../state/use-app-store.ts';

const TYPED_ID = 'typed';

interface Props {
  questions: readonly Question[];
  disabled: boolean;
  running: boolean;
  onRun(question: Question): void;
}

/** Pick a dataset question or type one, then run. Enter in the text box runs too. */
export function QuestionForm({ questions, disabled, running, onRun }: Props) {
  const questionId = useAppStore((s) => s.questionId);
  const text = useAppStore((s) => s.questionText);
  const pick = useAppStore((s) => s.pickQuestion);
  const type = useAppStore((s) => s.typeQuestion);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const picked = questions.find((q) => q.id === questionId);
    onRun(picked && picked.question === text ? picked : { id: TYPED_ID, question: text, answers: [], gold: [] });
  };

  return (
    <form className="question-form" onSubmit={submit} aria-label="Question">
      <label className="field">
        <span>Dataset question</span>
        <select
          data-testid="question-picker"
          value={questionId ?? ''}
          disabled={disabled}
          onChange={(e) => {
            const q = questions.find((x) => x.id === e.target.value);
            pick(q ? q.id : null, q ? q.question : text);
          }}
        >
          <option value="">{questions.length ? '— typed question —' : '— no questions —'}</option>
          {questions.map((q) => (
            <option key={q.id} value={q.id}>
              {q.id}
              {q.type ? ` (${q.type})` : ''}: {q.question}
            </option>
          ))}
        </select>
      </label>
      <label className="field field-grow">
        <span>Question</span>
        <input
          data-testid="question-input"
          type="text"
          value={text}
          placeholder="Pick a question above or type your own"
          onChange={(e) => type(e.target.value)}
        />
      </label>
      <button data-testid="run-button" type="submit" disabled={disabled || running || text.trim() === ''}>
        {running ? 'Running…' : 'Run'}
      </button>
    </form>
  );
}

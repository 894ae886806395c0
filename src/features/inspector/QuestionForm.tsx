import type { FormEvent } from 'react';
import type { Question } from '../../core/types.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { BACKBONE_LABELS, STRATEGY_CHOICES, usesLlm } from '../../app/strategy-labels.ts';
import { useRunLlm } from '../../app/use-run-llm.ts';
import { Term } from '../../app/components/Glossary.tsx';
import { RUN_BACKBONES, type RunBackbone, type RunStrategy } from '../../engine/engine-api.ts';
import { aboutOf } from '../../core/backbones/about.ts';

const TYPED_ID = 'typed';

interface Props {
  questions: readonly Question[];
  /** Backbones that cannot run now, with the reason (shown in the picker, and under it when one is chosen). */
  unavailable?: Partial<Record<RunBackbone, string>>;
  disabled: boolean;
  running: boolean;
  onRun(question: Question): void;
  onStop(): void;
}

/** Pick a dataset question or type one, then run. Enter in the text box runs too. */
export function QuestionForm({ questions, disabled, running, onRun, onStop, unavailable = {} }: Props) {
  const questionId = useAppStore((s) => s.questionId);
  const text = useAppStore((s) => s.questionText);
  const pick = useAppStore((s) => s.pickQuestion);
  const type = useAppStore((s) => s.typeQuestion);
  const backbone = useAppStore((s) => s.backbone);
  const setBackbone = useAppStore((s) => s.setBackbone);
  const strategy = useAppStore((s) => s.strategy);
  const setStrategy = useAppStore((s) => s.setStrategy);
  const llm = useRunLlm();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const picked = questions.find((q) => q.id === questionId);
    onRun(picked && picked.question === text ? picked : { id: TYPED_ID, question: text, answers: [], gold: [] });
  };

  return (
    <form className="question-form inspector-form" onSubmit={submit} aria-label="Question">
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
      <label className="field">
        <span>Backbone</span>
        <select
          data-testid="backbone-picker"
          value={backbone}
          disabled={disabled}
          onChange={(e) => setBackbone(e.target.value as RunBackbone)}
        >
          {RUN_BACKBONES.map((b) => (
            <option key={b} value={b} disabled={unavailable[b] !== undefined && b !== backbone}>
              {BACKBONE_LABELS[b]}
              {unavailable[b] !== undefined && ` — ${unavailable[b]}`}
            </option>
          ))}
        </select>
      </label>
      <label
        className="field"
        title="Strategies other than single retrieval use the LLM from Settings, or the offline thinker (no LLM) when Settings choose it"
      >
        <span>Strategy</span>
        <select
          data-testid="strategy-picker"
          value={strategy}
          disabled={disabled}
          onChange={(e) => setStrategy(e.target.value as RunStrategy)}
        >
          {STRATEGY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {running ? (
        <button data-testid="stop-button" type="button" className="btn btn-danger" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button
          data-testid="run-button"
          type="submit"
          disabled={disabled || text.trim() === '' || unavailable[backbone] !== undefined}
        >
          Run
        </button>
      )}
      <StrategyHelp strategy={strategy} />
      <p className="form-hint run-llm" data-testid="run-llm">
        {usesLlm(strategy)
          ? llm && (
              <>
                Answers with: <strong>{llm}</strong> (change it in Settings)
              </>
            )
          : llm && !llm.startsWith('offline thinker') && aboutOf(backbone)?.usesLlm
            ? `This strategy calls no LLM itself, but the backbone does: ${BACKBONE_LABELS[backbone]} calls ${llm} for its ${aboutOf(backbone)?.usesLlm}.`
            : 'This strategy calls no LLM: it retrieves only.'}
      </p>
      {unavailable[backbone] !== undefined && (
        <p className="form-hint" data-testid="backbone-unavailable" role="status">
          {BACKBONE_LABELS[backbone]} {unavailable[backbone]}; pick another backbone to enable Run.
        </p>
      )}
      {!running && (disabled || text.trim() === '') && (
        <p className="form-hint" data-testid="run-hint" role="status">
          {disabled
            ? 'Run waits for the corpus to finish loading (see the status line above).'
            : 'Pick a dataset question or type one to enable Run.'}
        </p>
      )}
    </form>
  );
}

/** What the chosen strategy does, from its descriptor (inline help; the glossary has every term). */
function StrategyHelp({ strategy }: { strategy: RunStrategy }) {
  const choice = STRATEGY_CHOICES.find((c) => c.value === strategy);
  return (
    <p className="strategy-help" data-testid="strategy-help">
      {choice && (
        <>
          <Term term={choice.term}>{choice.title}</Term>: {choice.help}
        </>
      )}
    </p>
  );
}

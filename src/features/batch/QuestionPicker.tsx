// The batch's questions: how many, the first N or a seeded sample, filtered by type and hop count, and
// the ids that choice picks (the same seed always picks the same ids).
import { Options } from '../../app/components/Options.tsx';
import { useMemo } from 'react';
import { selectionChoices, selectQuestions, type BatchPick } from '../../app/batch/select.ts';
import type { Question } from '../../core/types.ts';
import { appStore } from '../../state/store.ts';
import { useAppStore } from '../../state/use-app-store.ts';

export function QuestionPicker({ questions, disabled }: { questions: readonly Question[]; disabled: boolean }) {
  const pick = useAppStore((s) => s.batchPick);
  const count = useAppStore((s) => s.batchLimit);
  const seed = useAppStore((s) => s.batchSeed);
  const type = useAppStore((s) => s.batchPickType);
  const hops = useAppStore((s) => s.batchHops);
  // The store's actions never change: read once, not subscribed to.
  const { setBatchPick, setBatchLimit, setBatchSeed, setBatchPickType, setBatchHops } = appStore.getState();
  const choices = useMemo(() => selectionChoices(questions), [questions]);
  const chosen = useMemo(
    () => selectQuestions(questions, { pick, count, seed, type, hops }),
    [questions, pick, count, seed, type, hops],
  );
  const ids = chosen.map((q) => q.id);
  return (
    <fieldset className="field batch-pick" data-testid="batch-pick">
      <legend>Questions ({questions.length || '…'} in the dataset)</legend>
      <label className="field-inline">
        <span>Count</span>
        <input
          type="number"
          min={1}
          max={Math.max(1, questions.length)}
          value={count}
          disabled={disabled}
          data-testid="batch-limit"
          onChange={(e) => setBatchLimit(Number(e.target.value))}
        />
      </label>
      <label className="field-inline">
        <span>Chosen by</span>
        <select
          value={pick}
          disabled={disabled}
          data-testid="batch-pick-mode"
          onChange={(e) => setBatchPick(e.target.value as BatchPick)}
        >
          <option value="first">the first N</option>
          <option value="sample">a seeded random sample</option>
        </select>
      </label>
      {pick === 'sample' && (
        <label className="field-inline">
          <span>Seed</span>
          <input
            type="number"
            min={0}
            step={1}
            value={seed}
            disabled={disabled}
            data-testid="batch-seed"
            onChange={(e) => setBatchSeed(Number(e.target.value))}
          />
        </label>
      )}
      <label className="field-inline">
        <span>Type</span>
        <select
          value={type ?? ''}
          disabled={disabled}
          data-testid="batch-pick-type"
          onChange={(e) => setBatchPickType(e.target.value || null)}
        >
          <option value="">all types</option>
          <Options values={choices.types} />
        </select>
      </label>
      <label className="field-inline">
        <span>Hops</span>
        <select
          value={hops ?? ''}
          disabled={disabled}
          data-testid="batch-hops"
          onChange={(e) => setBatchHops(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">any</option>
          <Options values={choices.hops} label={(h) => `${h}-hop`} />
        </select>
      </label>
      <p className="muted batch-chosen" data-testid="batch-chosen" data-ids={ids.join(' ')}>
        {chosen.length === 0
          ? 'No question matches these filters.'
          : `${chosen.length} question${chosen.length === 1 ? '' : 's'}${chosen.length < count ? ` (all that match)` : ''}: ${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''}`}
      </p>
    </fieldset>
  );
}

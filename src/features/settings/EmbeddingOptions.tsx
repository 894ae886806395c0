// How a chosen embedding model runs: pooling, the hub weights, the batch size, and "Load and test".
import { Options } from '../../app/components/Options.tsx';
import { EMBED_DTYPES, EMBED_POOLINGS, type ConfiguredEmbedding } from '../../core/embed/settings.ts';
import { LoadAndTestButton } from './LoadAndTestButton.tsx';
import { WeightsSelect } from './WeightsSelect.tsx';
import type { ModelChoice } from './use-model-choice.ts';

interface Props {
  value: ConfiguredEmbedding;
  onChange(next: ConfiguredEmbedding): void;
  choice: ModelChoice<unknown>;
}

export function EmbeddingOptions({ value, onChange, choice }: Props) {
  return (
    <div className="actions">
      <label className="field">
        <span>Pooling</span>
        <select
          value={value.pooling}
          onChange={(e) => onChange({ ...value, pooling: e.target.value as (typeof EMBED_POOLINGS)[number] })}
          data-testid="embed-pooling"
        >
          <Options values={EMBED_POOLINGS} />
        </select>
      </label>
      {value.source === 'hub' && (
        <WeightsSelect value={value.dtype} dtypes={EMBED_DTYPES} onPick={(dtype) => onChange({ ...value, dtype })} />
      )}
      <label className="field">
        <span>Batch size</span>
        <input
          type="number"
          min={1}
          max={512}
          value={value.batchSize}
          onChange={(e) => onChange({ ...value, batchSize: Math.max(1, Math.min(512, Number(e.target.value) || 1)) })}
          data-testid="embed-batch"
        />
      </label>
      <LoadAndTestButton testId="embed-test" choice={choice} />
    </div>
  );
}

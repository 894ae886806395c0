import { isBaseline } from '../../engine/engine-api.ts';
import { BATCH_MODELS, MODEL_LABEL, REGIME_LABEL, REGIMES } from '../../app/batch/variants.ts';
import { BATCH_CONFIGS } from '../../state/batch-slice.ts';
import { appStore } from '../../state/store.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { useSettingsLlmLabel } from './use-settings-llm.ts';

/** The batch setup's checkboxes for the retrieval baselines. */
export function BaselineChecks({ disabled }: { disabled: boolean }) {
  const configs = useAppStore((s) => s.batchConfigs);
  return (
    <fieldset className="field checks">
      <legend>Baselines (+reader: answers with the LLM from Settings)</legend>
      {BATCH_CONFIGS.filter((c) => isBaseline(c.strategy)).map((c) => (
        <label key={c.key}>
          <input
            type="checkbox"
            checked={configs.includes(c.key)}
            disabled={disabled}
            onChange={() => appStore.getState().toggleBatchConfig(c.key)}
            data-testid={`batch-config-${c.key}`}
          />{' '}
          {c.key}
        </label>
      ))}
    </fieldset>
  );
}

/** The batch setup's checkboxes for the LLMs run side by side. */
export function ModelChecks({ disabled }: { disabled: boolean }) {
  const models = useAppStore((s) => s.batchModels);
  const settingsLlm = useSettingsLlmLabel();
  return (
    <fieldset className="field checks" data-testid="batch-models">
      <legend>LLMs (models side by side; retrieval-only columns run once)</legend>
      {BATCH_MODELS.map((m) => (
        <label key={m}>
          <input
            type="checkbox"
            checked={models.includes(m)}
            disabled={disabled}
            onChange={() => appStore.getState().toggleBatchModel(m)}
            data-testid={`batch-model-${m}`}
          />{' '}
          {MODEL_LABEL[m]}
          {m === 'settings' && <span className="muted"> ({settingsLlm})</span>}
        </label>
      ))}
    </fieldset>
  );
}

/** The batch setup's checkboxes for the evidence regimes. */
export function RegimeChecks({ disabled }: { disabled: boolean }) {
  const regimes = useAppStore((s) => s.batchRegimes);
  return (
    <fieldset className="field checks" data-testid="batch-regimes">
      <legend>Evidence regimes (paper 004)</legend>
      {REGIMES.map((r) => (
        <label key={r}>
          <input
            type="checkbox"
            checked={regimes.includes(r)}
            disabled={disabled}
            onChange={() => appStore.getState().toggleBatchRegime(r)}
            data-testid={`batch-regime-${r}`}
          />{' '}
          {REGIME_LABEL[r]}
        </label>
      ))}
    </fieldset>
  );
}

// An OpenAI-compatible server's fields: base URL, API key, model (offering the tested server's models), max tokens, JSON mode.
import type { LlmSettings } from '../../core/llm/settings.ts';
import { llmFieldSetters } from './llm-field-setters.ts';

interface Props {
  value: LlmSettings;
  onChange(next: LlmSettings): void;
  /** The models a successful "Test connection" listed, or null before one. */
  serverModels: string[] | null;
}

export function OpenAiFields({ value, onChange, serverModels }: Props) {
  const { set, text } = llmFieldSetters(value, onChange);
  return (
    <>
      <label className="field field-grow">
        <span>Base URL</span>
        <input
          data-testid="llm-base-url"
          type="url"
          value={value.baseURL}
          placeholder="http://127.0.0.1:11434/v1"
          onChange={text('baseURL')}
        />
      </label>
      <label className="field field-grow">
        <span>API key (kept in this browser only; never written to traces or exports)</span>
        <input
          data-testid="llm-api-key"
          type="password"
          autoComplete="off"
          value={value.apiKey}
          placeholder="not needed for most local servers"
          onChange={text('apiKey')}
        />
      </label>
      <label className="field field-grow">
        <span>Model</span>
        <input data-testid="llm-model" value={value.model} list="llm-model-options" onChange={text('model')} />
        {serverModels && (
          <datalist id="llm-model-options">
            {serverModels.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        )}
      </label>
      <label className="field">
        <span>Max tokens</span>
        <input
          data-testid="llm-max-tokens"
          type="number"
          min={1}
          placeholder="server default"
          value={value.maxTokens ?? ''}
          onChange={(e) => {
            const n = Number(e.target.value);
            const { maxTokens: _old, ...rest } = value;
            onChange(e.target.value === '' || !Number.isInteger(n) || n < 1 ? rest : { ...rest, maxTokens: n });
          }}
        />
      </label>
      <label className="field">
        <span>
          <input
            data-testid="llm-json-mode"
            type="checkbox"
            checked={value.jsonMode}
            onChange={(e) => set('jsonMode', e.target.checked)}
          />{' '}
          The server supports JSON mode (replies are validated either way)
        </span>
      </label>
    </>
  );
}

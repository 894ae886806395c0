// LLM settings: provider, base URL, key, model, and "Test connection" listing the server's
// models. Props-driven (features cannot import providers): the app passes `testConnection`
// (src/providers/llm/from-settings.ts) and persists `onChange` values in its settings store.
import { useRef, useState, type ChangeEvent } from 'react';
import {
  LLM_PROVIDER_KINDS,
  settingsProblems,
  type LlmProviderKind,
  type LlmSettings,
} from '../../core/llm/settings.ts';
import { LocalDetect, type DetectedServer } from './LocalDetect.tsx';
import { BrowserModelPicker } from './BrowserModelPicker.tsx';
import { ModelDownload, type ModelDownloads } from './ModelDownload.tsx';

const PROVIDER_LABELS: Record<LlmProviderKind, string> = {
  offline: 'Offline thinker (no LLM)',
  openai: 'OpenAI-compatible server (OpenAI, Ollama, LM Studio, vLLM, llama.cpp)',
  'in-browser': 'In-browser model (transformers.js)',
};

export interface SettingsPanelProps {
  value: LlmSettings;
  onChange(next: LlmSettings): void;
  /** Lists the server's model ids; rejects with an error that may carry `userMessage`. */
  testConnection(settings: LlmSettings, signal: AbortSignal): Promise<string[]>;
  /** After a successful test: which structured outputs the server supports for the chosen model. */
  detectStructured?(settings: LlmSettings, signal: AbortSignal): Promise<StructuredSupport>;
  /** Clears every cached LLM reply (per-corpus clearing lives with the corpus). */
  onClearCache?(): Promise<void>;
  /** Probes Ollama / LM Studio on localhost. */
  detectLocal?(signal: AbortSignal): Promise<DetectedServer[]>;
  /** In-browser model downloads with a progress bar (the engine worker runs them). */
  downloads?: ModelDownloads;
}

export type StructuredSupport = 'json_schema' | 'json_object' | 'none';

const STRUCTURED_TEXT: Record<StructuredSupport, string> = {
  json_schema: 'JSON Schema (each prompt sends its reply schema; replies are still validated)',
  json_object: 'JSON mode only (no JSON Schema; replies are validated and repaired where needed)',
  none: 'none (replies are read from whatever form the model writes)',
};

type TestState =
  | { kind: 'idle' }
  | { kind: 'testing' }
  | { kind: 'ok'; models: string[]; structured?: string }
  | { kind: 'failed'; message: string };

/** A sentence for a person: typed LLM errors carry one; anything else shows its message. */
function sentence(e: unknown): string {
  if (e && typeof e === 'object' && 'userMessage' in e && typeof e.userMessage === 'string') return e.userMessage;
  return e instanceof Error ? e.message : String(e);
}

export function SettingsPanel({
  value,
  onChange,
  testConnection,
  detectStructured,
  onClearCache,
  detectLocal,
  downloads,
}: SettingsPanelProps) {
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  const [cacheNote, setCacheNote] = useState<string>('');
  const running = useRef<AbortController | null>(null);
  const set = <K extends keyof LlmSettings>(key: K, v: LlmSettings[K]) => onChange({ ...value, [key]: v });
  const text =
    (key: 'baseURL' | 'apiKey' | 'model' | 'browserModel' | 'browserModelPath') => (e: ChangeEvent<HTMLInputElement>) =>
      set(key, e.target.value);
  const problems = settingsProblems(value);

  const runTest = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setTest({ kind: 'testing' });
    try {
      const models = await testConnection(value, controller.signal);
      if (running.current !== controller) return;
      setTest({ kind: 'ok', models });
      if (!detectStructured || !value.model.trim() || !models.includes(value.model.trim())) return;
      const structured = await detectStructured(value, controller.signal).then(
        (s) => STRUCTURED_TEXT[s],
        (e: unknown) => `could not be checked: ${sentence(e)}`,
      );
      if (running.current === controller) setTest({ kind: 'ok', models, structured });
    } catch (e) {
      if (running.current === controller) setTest({ kind: 'failed', message: sentence(e) });
    }
  };

  const clearCache = async () => {
    if (!onClearCache) return;
    try {
      await onClearCache();
      setCacheNote('Cached replies cleared.');
    } catch (e) {
      setCacheNote(`Could not clear the cache: ${sentence(e)}`);
    }
  };

  return (
    <section className="panel settings" aria-labelledby="llm-settings-heading" data-testid="llm-settings">
      <h2 id="llm-settings-heading">Language model</h2>
      <label className="field">
        <span>Provider</span>
        <select
          data-testid="llm-provider"
          value={value.provider}
          onChange={(e) => set('provider', e.target.value as LlmProviderKind)}
        >
          {LLM_PROVIDER_KINDS.map((k) => (
            <option key={k} value={k}>
              {PROVIDER_LABELS[k]}
            </option>
          ))}
        </select>
      </label>

      {value.provider === 'offline' && (
        <p className="empty">
          The offline thinker is a deterministic heuristic stand-in: it writes each reply (thoughts, reasoning chain,
          verifier, answer) from the question and the passages in the prompt, makes no model calls, and its runs are
          labelled &ldquo;offline thinker (no LLM)&rdquo;. Every strategy runs with it until you choose a model here.
        </p>
      )}

      {(value.provider === 'openai' || value.provider === 'offline') && detectLocal && (
        <LocalDetect
          detect={detectLocal}
          onUse={(baseURL, model) => onChange({ ...value, provider: 'openai', baseURL, model: model ?? value.model })}
        />
      )}

      {value.provider === 'openai' && (
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
            {test.kind === 'ok' && (
              <datalist id="llm-model-options">
                {test.models.map((m) => (
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
          <button
            type="button"
            data-testid="llm-test-connection"
            onClick={() => void runTest()}
            disabled={test.kind === 'testing'}
          >
            {test.kind === 'testing' ? 'Testing…' : 'Test connection'}
          </button>
          <div role="status" data-testid="llm-test-result">
            {test.kind === 'ok' && (
              <>
                <p>
                  Connected: {test.models.length} model{test.models.length === 1 ? '' : 's'}
                  {test.models.length > 0 && !test.models.includes(value.model) ? '. Pick one:' : '.'}
                </p>
                <ul className="model-list" data-testid="llm-models">
                  {test.models.map((m) => (
                    <li key={m}>
                      <button type="button" aria-pressed={m === value.model} onClick={() => set('model', m)}>
                        {m}
                      </button>
                    </li>
                  ))}
                </ul>
                {test.structured !== undefined && (
                  <p data-testid="llm-structured">Structured outputs: {test.structured}</p>
                )}
              </>
            )}
            {test.kind === 'failed' && (
              <p className="error" role="alert" data-testid="llm-test-error">
                {test.message}
              </p>
            )}
          </div>
        </>
      )}

      {value.provider === 'in-browser' && (
        <>
          <BrowserModelPicker value={value.browserModel} onPick={(id) => set('browserModel', id)} />
          <label className="field field-grow">
            <span>Model (folder under the model path, or a Hugging Face id when downloads are allowed)</span>
            <input data-testid="llm-browser-model" value={value.browserModel} onChange={text('browserModel')} />
          </label>
          <label className="field field-grow">
            <span>Model path</span>
            <input
              data-testid="llm-browser-path"
              value={value.browserModelPath}
              onChange={text('browserModelPath')}
              disabled={value.allowRemote}
            />
          </label>
          <label className="field">
            <span>
              <input
                type="checkbox"
                checked={value.allowRemote}
                onChange={(e) => set('allowRemote', e.target.checked)}
                data-testid="llm-allow-remote"
              />{' '}
              Allow downloading the model from the Hugging Face hub
            </span>
          </label>
          {downloads && value.browserModel.trim() && (
            <ModelDownload
              testId="llm-download"
              downloads={downloads}
              // q4: the weights the in-browser provider loads by default (src/providers/llm/transformers-generation.ts)
              spec={{
                task: 'text-generation',
                model: value.browserModel.trim(),
                dtype: 'q4',
                allowRemote: value.allowRemote,
                ...(value.allowRemote ? {} : { localModelPath: value.browserModelPath }),
              }}
            />
          )}
        </>
      )}

      {problems.length > 0 && (
        <ul className="problems" data-testid="llm-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      {onClearCache && (
        <p>
          <button type="button" data-testid="llm-clear-cache" onClick={() => void clearCache()}>
            Clear cached LLM replies
          </button>{' '}
          <span role="status">{cacheNote}</span>
        </p>
      )}
    </section>
  );
}

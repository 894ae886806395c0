// LLM settings: provider, base URL, key, model, and "Test connection" listing the server's models. Props-driven
// (features cannot import providers): the app passes `testConnection` and persists `onChange` values.
import { settingsProblems, type LlmSettings } from '../../core/llm/settings.ts';
import { LocalDetect, type DetectedServer } from './LocalDetect.tsx';
import type { ModelDownloads } from './ModelDownload.tsx';
import type { StructuredMode } from '../../core/llm/port.ts';
import { useConnectionTest } from './use-connection-test.ts';
import { useClearCache } from './use-clear-cache.ts';
import { ProviderSelect } from './ProviderSelect.tsx';
import { OpenAiFields } from './OpenAiFields.tsx';
import { ConnectionTest } from './ConnectionTest.tsx';
import { InBrowserFields } from './InBrowserFields.tsx';

export interface SettingsPanelProps {
  value: LlmSettings;
  onChange(next: LlmSettings): void;
  /** Lists the server's model ids; rejects with an error that may carry `userMessage`. */
  testConnection(settings: LlmSettings, signal: AbortSignal): Promise<string[]>;
  /** After a successful test: which structured outputs the server supports for the chosen model. */
  detectStructured?(settings: LlmSettings, signal: AbortSignal): Promise<StructuredMode>;
  /** Clears every cached LLM reply (per-corpus clearing lives with the corpus). */
  onClearCache?(): Promise<void>;
  /** Probes Ollama / LM Studio on localhost. */
  detectLocal?(signal: AbortSignal): Promise<DetectedServer[]>;
  /** In-browser model downloads with a progress bar (the engine worker runs them). */
  downloads?: ModelDownloads;
}

export function SettingsPanel(props: SettingsPanelProps) {
  const { value, onChange, onClearCache, detectLocal, downloads } = props;
  const { test, runTest } = useConnectionTest(value, props.testConnection, props.detectStructured);
  const { cacheNote, clearCache } = useClearCache(onClearCache);
  const problems = settingsProblems(value);

  return (
    <section className="panel settings" aria-labelledby="llm-settings-heading" data-testid="llm-settings">
      <h2 id="llm-settings-heading">Language model</h2>
      <ProviderSelect value={value.provider} onPick={(provider) => onChange({ ...value, provider })} />

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
          <OpenAiFields value={value} onChange={onChange} serverModels={test.kind === 'ok' ? test.models : null} />
          <ConnectionTest
            test={test}
            model={value.model}
            onTest={() => void runTest()}
            onPickModel={(model) => onChange({ ...value, model })}
          />
        </>
      )}

      {value.provider === 'in-browser' && <InBrowserFields value={value} onChange={onChange} downloads={downloads} />}

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

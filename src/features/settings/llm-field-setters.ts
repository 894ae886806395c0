// Setters for one LLM settings field each, as the settings panel's inputs call them.
import type { ChangeEvent } from 'react';
import type { LlmSettings } from '../../core/llm/settings.ts';

export type LlmTextField = 'baseURL' | 'apiKey' | 'model' | 'browserModel' | 'browserModelPath';

export function llmFieldSetters(value: LlmSettings, onChange: (next: LlmSettings) => void) {
  const set = <K extends keyof LlmSettings>(key: K, v: LlmSettings[K]) => onChange({ ...value, [key]: v });
  const text = (key: LlmTextField) => (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value);
  return { set, text };
}

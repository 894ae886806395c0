// The Acc† judge's LLM for the batch page: the provider from Settings (OpenAI-compatible server or
// in-browser model), loaded lazily; none with the offline thinker, which cannot judge answers.
import { useQuery } from '@tanstack/react-query';
import type { LlmPort } from '../core/llm/port.ts';
import { useEngine } from './engine-client.ts';
import { llmSettingsQuery } from './queries.ts';

export interface JudgeLlm {
  /** What the judge is, for the Acc† label. */
  label: string;
  create(): Promise<LlmPort>;
}

export function useJudgeLlm(): JudgeLlm | undefined {
  const engine = useEngine();
  const settings = useQuery(llmSettingsQuery(engine)).data;
  if (!settings || settings.provider === 'offline') return undefined;
  const s = settings;
  return {
    label: s.provider === 'openai' ? `${s.model} @ ${s.baseURL}` : `in-browser ${s.browserModel}`,
    create: async () => (await import('../providers/llm/from-settings.ts')).providerFromSettings(s),
  };
}

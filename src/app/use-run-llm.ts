// Which LLM a run would call, from Settings, named as the trace will name it: shown near Run before the
// first run, so nobody runs the offline thinker thinking a model answered.
import { useQuery } from '@tanstack/react-query';
import type { LlmSettings } from '../core/llm/settings.ts';
import { useEngine } from './engine-client.ts';
import { llmSettingsQuery } from './queries.ts';

/** The LLM's name as the run label shows it (never the base URL or the key). */
function runLlmLabel(s: LlmSettings): string {
  if (s.provider === 'openai') return `openai-compatible ${s.model || '(no model chosen)'}`;
  if (s.provider === 'in-browser') return `in-browser ${s.browserModel || '(no model chosen)'}`;
  return 'offline thinker (no LLM)';
}

/** The label of the LLM Settings name now; undefined while the settings load. */
export function useRunLlm(): string | undefined {
  const engine = useEngine();
  const settings = useQuery(llmSettingsQuery(engine)).data;
  return settings ? runLlmLabel(settings) : undefined;
}

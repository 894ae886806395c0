// What "LLM from Settings" means right now, for the batch's model picker.
import { useQuery } from '@tanstack/react-query';
import { useEngine } from '../../app/engine-client.ts';
import { llmSettingsQuery } from '../../app/queries.ts';

export function useSettingsLlmLabel(): string {
  const settings = useQuery(llmSettingsQuery(useEngine()));
  const s = settings.data;
  if (!s) return settings.isError ? 'settings unreadable' : '…';
  if (s.provider === 'offline') return 'now the offline thinker: choose a server or in-browser model in Settings';
  if (s.provider === 'in-browser') return `in-browser ${s.browserModel || 'model'}`;
  return `${s.model || 'model?'} at ${s.baseURL}`;
}

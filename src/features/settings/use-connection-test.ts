// "Test connection" for the LLM settings: lists the server's models and, when the chosen model is
// among them, which structured outputs the server supports; a newer test supersedes a running one.
import { useRef, useState } from 'react';
import type { StructuredMode } from '../../core/llm/port.ts';
import type { LlmSettings } from '../../core/llm/settings.ts';

const STRUCTURED_TEXT: Record<StructuredMode, string> = {
  json_schema: 'JSON Schema (each prompt sends its reply schema; replies are still validated)',
  json_object: 'JSON mode only (no JSON Schema; replies are validated and repaired where needed)',
  none: 'none (replies are read from whatever form the model writes)',
};

export type ConnectionTestState =
  | { kind: 'idle' }
  | { kind: 'testing' }
  | { kind: 'ok'; models: string[]; structured?: string }
  | { kind: 'failed'; message: string };

/** A sentence for a person: typed LLM errors carry one; anything else shows its message. */
export function sentence(e: unknown): string {
  if (e && typeof e === 'object' && 'userMessage' in e && typeof e.userMessage === 'string') return e.userMessage;
  return e instanceof Error ? e.message : String(e);
}

export function useConnectionTest(
  value: LlmSettings,
  testConnection: (settings: LlmSettings, signal: AbortSignal) => Promise<string[]>,
  detectStructured: ((settings: LlmSettings, signal: AbortSignal) => Promise<StructuredMode>) | undefined,
) {
  const [test, setTest] = useState<ConnectionTestState>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

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

  return { test, runTest };
}

// The LLM provider select: offline thinker, an OpenAI-compatible server, or an in-browser model.
import { Options } from '../../app/components/Options.tsx';
import { LLM_PROVIDER_KINDS, type LlmProviderKind } from '../../core/llm/settings.ts';

const PROVIDER_LABELS: Record<LlmProviderKind, string> = {
  offline: 'Offline thinker (no LLM)',
  openai: 'OpenAI-compatible server (OpenAI, Ollama, LM Studio, vLLM, llama.cpp)',
  'in-browser': 'In-browser model (transformers.js)',
};

export function ProviderSelect({ value, onPick }: { value: LlmProviderKind; onPick(kind: LlmProviderKind): void }) {
  return (
    <label className="field">
      <span>Provider</span>
      <select data-testid="llm-provider" value={value} onChange={(e) => onPick(e.target.value as LlmProviderKind)}>
        <Options values={LLM_PROVIDER_KINDS} label={(k) => PROVIDER_LABELS[k]} />
      </select>
    </label>
  );
}

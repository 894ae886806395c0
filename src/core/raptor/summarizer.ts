// RAPTOR summaries by an LLM: the prompt (src/prompts/raptor-summarize.ts) is injected, since core does
// not import prompts. An unreadable reply raises LlmOutputError: a tree with a silently missing summary
// would rank on nothing.
import type { ChatMessage, LlmPort } from '../llm/port.ts';
import type { Summarizer } from './tree.ts';

export interface SummaryPrompt {
  module: string;
  version: string;
  maxTokens: number;
  build(texts: readonly string[]): ChatMessage[];
  parse(reply: string): string;
}

export function createLlmSummarizer(llm: LlmPort, prompt: SummaryPrompt): Summarizer {
  return {
    label: `LLM summary (${prompt.version}, ${llm.label})`,
    async summarize(texts, signal) {
      const reply = await llm.complete(
        { module: prompt.module, messages: prompt.build(texts), maxTokens: prompt.maxTokens, temperature: 0 },
        signal,
      );
      return prompt.parse(reply.text);
    },
  };
}

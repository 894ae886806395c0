// RAPTOR summaries by an LLM: the prompt (src/prompts/raptor-summarize.ts) is injected, since core does
// not import prompts. A reply that cannot be read falls back, for that node only, to the labelled
// extractive summary, marked with SUMMARY_FALLBACK_MARK (a tree with a silently missing summary would rank
// on nothing; one unreadable reply must not lose the whole build); a failed call still fails the build.
import type { ChatMessage, LlmPort } from '../llm/port.ts';
import { extractiveSummary, type Summarizer } from './tree.ts';

export interface SummaryPrompt {
  module: string;
  version: string;
  maxTokens: number;
  build(texts: readonly string[]): ChatMessage[];
  parse(reply: string): string;
}

/** The mark of a summary the extractive stand-in wrote because the LLM's reply could not be read. */
export const SUMMARY_FALLBACK_MARK = '[extractive stand-in: the LLM’s summary could not be read] ';

export function createLlmSummarizer(llm: LlmPort, prompt: SummaryPrompt): Summarizer {
  return {
    label: `LLM summary (${prompt.version}, ${llm.label})`,
    async summarize(texts, signal) {
      const reply = await llm.complete(
        { module: prompt.module, messages: prompt.build(texts), maxTokens: prompt.maxTokens, temperature: 0 },
        signal,
      );
      try {
        return prompt.parse(reply.text);
      } catch {
        return `${SUMMARY_FALLBACK_MARK}${extractiveSummary(texts)}`;
      }
    },
  };
}

// The prompts a strategy needs, as a port: core may not import src/prompts (DESIGN layer rules), so
// the prompt set is passed in (src/prompts/strategy-prompts.ts holds the real one, one file per
// prompt). Types of parsed replies live here so that prompts import them from core, not the reverse.
import type { ChatMessage } from '../llm/port.ts';

export interface PromptPassage {
  title: string;
  text: string;
}

/** A reply of the step-wise prompts (Fig. 10-12): a thought, or the final "So the answer is: ...". */
export type StepReply = { final: false; text: string } | { final: true; text: string; answer: string };

export interface DualThought {
  fast: string;
  slow: string;
}

/** The verifier's selection: valid 0-based positions (strongest first) and the entries it dropped, each with why. */
export interface VerifierSelection {
  indices: number[];
  dropped: string[];
}

export interface ReasoningChain {
  text: string;
  nodes: string[];
}

interface PromptInfo {
  /** LLM request module, e.g. "bdtr.verifier"; the offline thinker and the per-module costs (costByModule) read it. */
  module: string;
  version: string;
  /** Ask for JSON mode. */
  json?: boolean;
}

export interface StrategyPrompts {
  dualThought: PromptInfo & {
    build(question: string, pool: readonly PromptPassage[], previous: readonly DualThought[]): ChatMessage[];
    parse(reply: string): DualThought;
  };
  reasoningChain: PromptInfo & {
    build(question: string, pool: readonly PromptPassage[], thoughts: readonly DualThought[]): ChatMessage[];
    parse(reply: string): ReasoningChain;
  };
  verifier: PromptInfo & {
    build(chain: string, candidates: readonly PromptPassage[]): ChatMessage[];
    /** 0-based candidate positions, strongest first; invalid entries dropped and listed. */
    parse(reply: string, candidateCount: number): VerifierSelection;
  };
  ircot: PromptInfo & {
    build(question: string, documents: readonly PromptPassage[], thoughts: readonly string[]): ChatMessage[];
    parse(reply: string): StepReply;
  };
  tog: PromptInfo & {
    build(question: string, documents: readonly PromptPassage[], notes: readonly string[]): ChatMessage[];
    parse(reply: string): StepReply;
  };
  gcot: PromptInfo & {
    build(question: string, documents: readonly PromptPassage[], steps: readonly string[]): ChatMessage[];
    parse(reply: string): StepReply;
  };
  irgs: PromptInfo & {
    build(question: string, documents: readonly PromptPassage[]): ChatMessage[];
    parse(reply: string): { text: string };
  };
  answer: PromptInfo & {
    build(question: string, documents: readonly PromptPassage[]): ChatMessage[];
    parse(reply: string): { answer: string };
  };
}

/** module -> prompt version, recorded in trace.options so a trace says which prompt texts it used. */
export function promptVersions(prompts: StrategyPrompts, keys: readonly (keyof StrategyPrompts)[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [prompts[k].module, prompts[k].version]));
}

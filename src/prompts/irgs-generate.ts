// BDTR Fig. 13: the Iter-RetGen (IRGS) generation with the current context; the next retrieval query
// is the question plus this generation (Shao et al., 2023). Prompt text verbatim, one user turn.
import { documentBlock, type PromptPassage } from './bdtr-documents.ts';
import { LlmOutputError, textPrompt, user } from './parse.ts';

export const module = 'irgs.generate';
export const version = 'bdtr-fig13/1';

export function prompt(context: string, query: string): string {
  return `Based on the following documents, answer the question with concise reasoning and a final answer. Keep the reasoning under 100 English words.

Documents: ${context}
Question: ${query}
Please provide:
1. Brief reasoning based on the documents
2. Final answer`;
}

export const build = (question: string, documents: readonly PromptPassage[]) =>
  user(prompt(`\n${documentBlock(documents)}`, question));

export interface Generation {
  /** The whole generation: Iter-RetGen retrieves with question + generation. */
  text: string;
}

function readBody(reply: string): Generation {
  const text = reply.trim();
  if (!text) throw new LlmOutputError(module, reply, 'the reply is empty');
  return { text };
}

export const { read, parse } = textPrompt(module, readBody);

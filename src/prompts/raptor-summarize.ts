// RAPTOR's cluster summary prompt (parthsarthi03/raptor, raptor/SummarizationModels.py,
// GPT3TurboSummarizationModel.summarize): system and user text verbatim; the context is utils.get_text
// (each node's lines joined by spaces, then a blank line); the tree builder asks for
// summarization_length = 100 tokens. The reply is the summary itself: parsing rejects an empty reply or JSON.
import { LlmOutputError, chat } from './parse.ts';

export const module = 'raptor.summarize';
export const version = 'raptor-summarize/1';
export const maxTokens = 100;

export const system = 'You are a helpful assistant.';

/** utils.get_text: each text on one line, each followed by a blank line. */
export const context = (texts: readonly string[]) => texts.map((t) => `${t.split(/\r?\n/).join(' ')}\n\n`).join('');

export const build = (texts: readonly string[]) =>
  chat(system, `Write a summary of the following, including as many key details as possible: ${context(texts)}:`);

export function parse(reply: string): string {
  const text = reply.trim();
  if (text === '') throw new LlmOutputError(module, reply, 'the summary is empty');
  // A model that answers with a JSON envelope or a refusal is not a summary of the cluster.
  if (/^[[{]/.test(text)) throw new LlmOutputError(module, reply, 'expected the summary as plain text, got JSON');
  return text;
}

// Call the LLM and read its reply through a prompt's parser, keeping the raw response for the
// trace. A parse failure propagates (LlmOutputError from src/prompts/parse.ts) with the reply attached.
import type { LlmPort, LlmRequest, LlmResponse } from './port.ts';

export async function completeParsed<T>(
  llm: LlmPort,
  request: LlmRequest,
  parse: (reply: string) => T,
  signal?: AbortSignal,
): Promise<{ response: LlmResponse; value: T }> {
  const response = await llm.complete(request, signal);
  return { response, value: parse(response.text) };
}

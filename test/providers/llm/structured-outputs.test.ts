// Structured outputs: the provider finds out once what the server supports (json_schema, json_object,
// none) and sends each JSON prompt's own JSON Schema where it can; the mode is on every reply.
import { describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/core/llm/create-llm.ts';
import { DEFAULT_LLM_SETTINGS } from '../../../src/core/llm/settings.ts';
import { detectStructuredOutputs } from '../../../src/providers/llm/from-settings.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { promptJsonSchema } from '../../../src/prompts/json-schemas.ts';
import * as reader from '../../../src/prompts/qa-reader.ts';
import { startOpenAiServer } from '../../support/openai-server.ts';

const answer = {
  module: 'answer',
  json: true,
  messages: [{ role: 'user' as const, content: 'Where was Ann Lee born?' }],
};

async function against(responseFormats: readonly ('json_schema' | 'json_object')[]) {
  const server = await startOpenAiServer({
    responseFormats,
    script: () => ({ content: '{"thought": "t", "answer": "Paris"}' }),
  });
  try {
    const provider = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });
    const llm = createLlm({ provider, retries: 0, timeoutMs: 30_000 });
    const first = await llm.complete(answer);
    const second = await llm.complete(answer);
    await llm.complete({ ...answer, module: 'ircot.step', json: false });
    return { first, second, server, probes: server.probes().length, chats: server.chats() };
  } finally {
    await server.close();
  }
}

describe('structured outputs', () => {
  it('json_schema where the server has it: the prompt schema goes out, the mode is on the reply', async () => {
    const r = await against(['json_schema', 'json_object']);
    expect(r.probes).toBe(1); // found once, on the first JSON call
    expect(r.first.structured).toBe('json_schema');
    expect(r.second.structured).toBe('json_schema');
    expect(r.chats[0]?.body?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema: promptJsonSchema('answer')!.schema, strict: false },
    });
    expect(r.chats[2]?.body?.response_format).toBeUndefined(); // a text prompt asks for no format
    expect(reader.schema.safeParse(JSON.parse(r.first.text)).success).toBe(true);
  });
  it('json_object when json_schema is refused', async () => {
    const r = await against(['json_object']);
    expect(r.probes).toBe(2);
    expect(r.first.structured).toBe('json_object');
    expect(r.chats[0]?.body?.response_format).toEqual({ type: 'json_object' });
  });
  it('none when both are refused: no response_format at all', async () => {
    const r = await against([]);
    expect(r.first.structured).toBe('none');
    expect(r.chats[0]?.body?.response_format).toBeUndefined();
  });
  it('every JSON prompt has a JSON Schema; text prompts have none', () => {
    for (const m of ['answer', 'bdtr.verifier', 'planner.step', 'planner.compose', 'dualrag.reasoner'])
      expect(promptJsonSchema(m)?.schema).toMatchObject({ type: 'object' });
    expect(promptJsonSchema('ircot.step')).toBeUndefined();
  });
  it('"Test connection" finds out the same, whatever the JSON-mode box says', async () => {
    for (const [formats, want] of [
      [['json_schema', 'json_object'], 'json_schema'],
      [['json_object'], 'json_object'],
      [[], 'none'],
    ] as const) {
      const server = await startOpenAiServer({ responseFormats: formats });
      try {
        const s = {
          ...DEFAULT_LLM_SETTINGS,
          provider: 'openai' as const,
          baseURL: server.baseURL,
          model: 'test-model',
        };
        expect(await detectStructuredOutputs({ ...s, jsonMode: false })).toBe(want);
      } finally {
        await server.close();
      }
    }
  });
});

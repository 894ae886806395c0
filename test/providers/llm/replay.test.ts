import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/core/llm/port.ts';
import { LlmReplayMissError } from '../../../src/core/llm/errors.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import type { Trace } from '../../../src/core/trace/schema.ts';
import { ReplayProvider } from '../../../src/providers/llm/replay.ts';
import * as qa from '../../../src/prompts/qa-reader.ts';

const question = 'Where was the designer of Tarrow Lighthouse born?';
const passages = [{ title: 'Maren Vell', text: 'Maren Vell was born in Oskby.' }];
const llmEvent = (module: string, prompt: ChatMessage[], response: string) => ({
  type: 'llm' as const,
  t: 1,
  round: 1,
  module,
  prompt,
  response,
  usage: { prompt: 40, completion: 6, total: 46 },
  cached: false,
  latencyMs: 12,
  provider: 'openai-compatible gpt-4o-mini',
  model: 'gpt-4o-mini',
});

const trace: Trace = loadTrace({
  version: 1,
  id: 'run-1',
  createdAt: '2025-01-01T00:00:00Z',
  strategy: 'bdtr',
  retriever: 'bm25',
  llm: 'openai-compatible gpt-4o-mini',
  options: {},
  corpus: { id: 'demo', name: 'demo' },
  question: { id: 'q1', question, answers: ['Oskby'], gold: [] },
  events: [
    llmEvent('bdtr.fast-thought', [{ role: 'user', content: 'fast 1' }], 'first'),
    llmEvent('bdtr.fast-thought', [{ role: 'user', content: 'fast 1' }], 'second'),
    llmEvent('answer', qa.build(question, passages), '{"thought": "born in Oskby", "answer": "Oskby"}'),
  ],
  status: 'done',
});

describe('replay provider', () => {
  it('answers recorded requests with the recorded reply and usage, without a model', async () => {
    const replay = new ReplayProvider([trace]);
    expect(await replay.size()).toBe(3);
    const r = await replay.complete({ module: 'answer', messages: qa.build(question, passages), json: true });
    expect(qa.parse(r.text).answer).toBe('Oskby');
    expect(r).toMatchObject({ usage: { prompt: 40, completion: 6, total: 46 }, cached: true, model: 'gpt-4o-mini' });
    expect(replay.label).toBe('replay of trace run-1 (recorded with openai-compatible gpt-4o-mini)');
  });

  it('hands out repeated identical requests in recording order', async () => {
    const replay = new ReplayProvider([trace]);
    const req = { module: 'bdtr.fast-thought', messages: [{ role: 'user' as const, content: 'fast 1' }] };
    expect((await replay.complete(req)).text).toBe('first');
    expect((await replay.complete(req)).text).toBe('second');
  });

  it('refuses a request the trace does not hold (other messages, or other module)', async () => {
    const replay = new ReplayProvider([trace]);
    await expect(
      replay.complete({ module: 'answer', messages: qa.build('another question?', passages) }),
    ).rejects.toBeInstanceOf(LlmReplayMissError);
    const e = await replay
      .complete({ module: 'bdtr.slow-thought', messages: [{ role: 'user', content: 'fast 1' }] })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmReplayMissError);
    expect((e as LlmReplayMissError).message).toContain(
      'trace run-1 has no recorded reply for a "bdtr.slow-thought" call',
    );
  });
});

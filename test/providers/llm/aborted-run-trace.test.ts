// Done-means of issue 4: a run aborted mid-call stops at once and keeps its partial trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/core/llm/create-llm.ts';
import { LlmAbortedError } from '../../../src/core/llm/errors.ts';
import { TraceRecorder } from '../../../src/core/trace/recorder.ts';
import { traceEvent } from '../../../src/core/trace/schema.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { startOpenAiServer, type OpenAiServer } from '../../support/openai-server.ts';

let server: OpenAiServer;
beforeAll(async () => {
  // Two answers, then the third call hangs (it would wait out the 60 s timeout).
  server = await startOpenAiServer({
    script: (_b, n) => (n < 2 ? { content: `thought ${n + 1}` } : { fault: { kind: 'hang' } }),
  });
});
afterAll(() => server.close());

describe('an aborted run', () => {
  it(
    'rejects the pending call with LlmAbortedError and keeps the events recorded before it',
    { timeout: 60_000 },
    async () => {
      const recorder = new TraceRecorder();
      const events = recorder.events;
      const llm = recorder.wrap(
        createLlm({
          provider: new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' }),
          timeoutMs: 60_000,
        }),
      );
      const controller = new AbortController();
      const run = async () => {
        for (recorder.round = 1; recorder.round <= 3; recorder.round++) {
          await llm.complete(
            { module: 'bdtr.fast-thought', messages: [{ role: 'user', content: `round ${recorder.round}` }] },
            controller.signal,
          );
        }
      };
      const pending = run();
      // abort as soon as the third (hanging) request reaches the server
      const poll = setInterval(() => {
        if (server.chats().length === 3) controller.abort();
      }, 5);
      await expect(pending).rejects.toBeInstanceOf(LlmAbortedError);
      clearInterval(poll);
      expect(events.map((e) => e.type)).toEqual(['llm', 'llm', 'error']);
      expect(events.map((e) => (e.type === 'llm' ? e.response : e.type === 'error' ? e.message : ''))).toEqual([
        'thought 1',
        'thought 2',
        'bdtr.fast-thought: aborted',
      ]);
      for (const e of events) expect(traceEvent.safeParse(e).success).toBe(true);
    },
  );
});

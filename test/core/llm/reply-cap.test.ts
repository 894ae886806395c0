// A huge reply (a server that streams 10 MB) is kept in the trace as a prefix and its length, and is not
// cached; a judge that judged nothing reports Acc† as none, not 0.
import { describe, expect, it } from 'vitest';
import { judgeAnswers } from '../../../src/core/eval/judge.ts';
import { MemoryLlmCacheStore } from '../../support/memory-cache-store.ts';
import type { LlmPort } from '../../../src/core/llm/port.ts';
import { MAX_RECORDED_REPLY } from '../../../src/core/llm/reply-cap.ts';
import { withCache } from '../../../src/core/llm/create-llm.ts';
import { llmEvent } from '../../../src/core/trace/recorder.ts';
import * as judge from '../../../src/prompts/dualrag-judge.ts';
import { ScriptedLlm } from '../strategies/scripted.ts';

const HUGE = 'x'.repeat(10 * 1024 * 1024);
const reply = (text: string) => ({
  text,
  usage: { prompt: 1, completion: 1, total: 2 },
  cached: false,
  latencyMs: 1,
  provider: 'p',
  model: 'm',
});

describe('a 10 MB reply', () => {
  it('is recorded as a prefix and its length', () => {
    const e = llmEvent({ module: 'answer', messages: [{ role: 'user', content: 'q' }] }, reply(HUGE), {
      t: 0,
      round: 0,
    });
    expect(e.response.length).toBeLessThan(MAX_RECORDED_REPLY + 100);
    expect(e.response.startsWith('x'.repeat(1000))).toBe(true);
    expect(e.response).toContain(`${HUGE.length} characters in all`);
  });

  it('is not cached; a normal reply is', async () => {
    const store = new MemoryLlmCacheStore();
    let text = HUGE;
    const inner: LlmPort = { label: 'p', complete: async () => reply(text) };
    const port = withCache(inner, store, { providerId: 'p', model: 'm' });
    await port.complete({ module: 'answer', messages: [{ role: 'user', content: 'a' }] });
    expect(store.size).toBe(0);
    text = 'short';
    await port.complete({ module: 'answer', messages: [{ role: 'user', content: 'b' }] });
    expect(store.size).toBe(1);
  });
});

describe('a judge that judged nothing', () => {
  it('reports Acc† as none (null), not 0', async () => {
    const llm = new ScriptedLlm({ 'dualrag.judge': ['Maybe.', 'Perhaps.'] });
    const r = await judgeAnswers(
      [
        { id: 'a', question: 'Q1', prediction: 'p', answers: ['x'] },
        { id: 'b', question: 'Q2', prediction: 'q', answers: ['y'] },
      ],
      llm,
      judge,
    );
    expect(r.judged).toBe(0);
    expect(r.accDagger).toBeNull();
  });
});

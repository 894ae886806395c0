// The trace recorder (injected clock, live events, LLM calls as `llm` events, failures recorded once)
// and loadTrace (schema validation with errors naming the field).
import { describe, expect, it } from 'vitest';
import { HopscopeError } from '../../../src/core/errors.ts';
import type { LlmPort } from '../../../src/core/llm/port.ts';
import { loadTrace, TraceFormatError } from '../../../src/core/trace/load.ts';
import { TraceRecorder } from '../../../src/core/trace/recorder.ts';
import type { TraceEvent } from '../../../src/core/trace/schema.ts';

const port: LlmPort = {
  label: 'test',
  async complete(r) {
    if (r.module === 'bad') throw new HopscopeError('llm', 'server said no');
    return {
      text: `reply to ${r.module}`,
      usage: { prompt: 3, completion: 2, total: 5 },
      cached: true,
      latencyMs: 7,
      provider: 'p',
      model: 'm',
    };
  },
};

describe('TraceRecorder', () => {
  it('stamps events with the injected clock and the current round, and streams them', async () => {
    let now = 100;
    const live: TraceEvent[] = [];
    const rec = new TraceRecorder({ now: () => (now += 5), onEvent: (e) => live.push(e) });
    rec.startRound(1);
    const llm = rec.wrap(port);
    await llm.complete({ module: 'm1', messages: [{ role: 'user', content: 'hi' }] });
    await expect(llm.complete({ module: 'bad', messages: [] })).rejects.toThrow('server said no');
    rec.addError('bad', new HopscopeError('llm', 'other')); // a different failure is recorded
    expect(rec.events).toEqual(live);
    expect(rec.events).toEqual([
      { type: 'round.start', t: 5, round: 1 },
      {
        type: 'llm',
        t: 10,
        round: 1,
        module: 'm1',
        prompt: [{ role: 'user', content: 'hi' }],
        response: 'reply to m1',
        usage: { prompt: 3, completion: 2, total: 5 },
        cached: true,
        latencyMs: 7,
        provider: 'p',
        model: 'm',
      },
      { type: 'error', t: 15, round: 1, module: 'bad', message: 'llm: server said no' },
      { type: 'error', t: 20, round: 1, module: 'bad', message: 'llm: other' },
    ]);
  });
  it('does not record a failure the LLM wrapper already recorded', async () => {
    const rec = new TraceRecorder({ now: () => 0 });
    const err = await rec
      .wrap(port)
      .complete({ module: 'bad', messages: [] })
      .catch((e: unknown) => e);
    rec.addError('bad', err);
    expect(rec.events.filter((e) => e.type === 'error')).toHaveLength(1);
  });
});

describe('loadTrace', () => {
  const trace = {
    version: 1,
    id: 't',
    createdAt: '2026-01-01T00:00:00Z',
    strategy: 'static',
    retriever: 'bm25',
    llm: 'x',
    options: {},
    corpus: { id: 'c', name: 'c' },
    question: { id: 'q', question: 'Q?', answers: [], gold: [] },
    events: [{ type: 'round.start', t: 0, round: 0 }],
    status: 'done',
  };
  it('accepts a valid trace from text or object; a version-1 trace is upgraded to version 2', () => {
    expect(loadTrace(JSON.stringify(trace))).toEqual({ ...trace, version: 2, regime: 'iterative' });
    expect(loadTrace(trace).events).toHaveLength(1);
  });
  it('names the file and the field that is wrong', () => {
    expect(() => loadTrace('{', 'run.json')).toThrow(/trace: run.json: not JSON/);
    expect(() => loadTrace({ ...trace, version: 9 })).toThrow(/version 9 is not supported/);
    expect(() =>
      loadTrace({
        ...trace,
        events: [{ type: 'pool', t: 0, round: 0, pool: [{ id: 'a', score: 'high', rank: 1, delta: null }] }],
      }),
    ).toThrow(/field events\.0\.pool\.0\.score/);
    expect(() => loadTrace({ ...trace, status: 'maybe' })).toThrow(TraceFormatError);
  });
});

// Replays serve what was read: a run whose replies are longer than 200,000 characters keeps them whole,
// so a rerun branch (its prefix replayed from the trace, the rest live) reproduces it; and events
// compare by value, so key order and absent-versus-undefined never make a difference.
import { describe, expect, it } from 'vitest';
import type { LlmPort } from '../../../src/core/llm/port.ts';
import { MAX_RECORDED_REPLY } from '../../../src/core/llm/reply-cap.ts';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import { traceSchema } from '../../../src/core/trace/schema.ts';
import { runBranch } from '../../../src/core/whatif/branch.ts';
import { firstDifference, sameValue } from '../../../src/core/whatif/diff.ts';
import { replayPrefix } from '../../../src/core/whatif/replay-port.ts';
import { dataset, demoContext } from './demo.ts';

/** The offline thinker's replies with 250,000 trailing spaces (a model that pads its reply). */
function padded(inner: LlmPort): LlmPort {
  return {
    label: inner.label,
    complete: async (request, signal) => {
      const r = await inner.complete(request, signal);
      return { ...r, text: r.text + ' '.repeat(250_000) };
    },
  };
}

describe('replies longer than 200,000 characters', () => {
  it.each(['bdtr', 'ircot', 'planner'])('%s: recorded whole, and a rerun reproduces the run', async (name) => {
    const { ctx, retrieverName } = await demoContext(name);
    const llm = padded(ctx.llm);
    const parent = await runStrategy(
      name as 'bdtr',
      dataset.questions[0]!,
      { ...ctx, llm },
      {
        corpus: dataset.corpus,
        retrieverName,
      },
    );
    const replies = parent.events.flatMap((e) => (e.type === 'llm' ? [e.response] : []));
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) expect(r.length).toBeGreaterThan(250_000);
    // read back from JSON, as from a file
    const read = traceSchema.parse(JSON.parse(JSON.stringify(parent)));
    for (const round of [0, 1]) {
      const branch = await runBranch(read, { kind: 'rerun', round }, { ...ctx, llm });
      expect(firstDifference(read.events, branch.events)).toBeNull();
      expect(traceAnswer(branch)).toEqual(traceAnswer(parent));
    }
  });

  it('a reply past the record cap is kept cut, marked with its length, and never replayed', async () => {
    const { ctx, retrieverName } = await demoContext('bdtr');
    const huge: LlmPort = {
      label: 'huge',
      complete: async (request, signal) => {
        const r = await ctx.llm.complete(request, signal);
        return { ...r, text: r.text + ' '.repeat(MAX_RECORDED_REPLY) };
      },
    };
    const parent = await runStrategy(
      'bdtr',
      dataset.questions[0]!,
      { ...ctx, llm: huge },
      {
        corpus: dataset.corpus,
        retrieverName,
      },
    );
    const first = parent.events.find((e) => e.type === 'llm');
    if (first?.type !== 'llm') throw new Error('no llm event');
    expect(first.replyLength).toBeGreaterThan(MAX_RECORDED_REPLY);
    expect(first.response.length).toBeLessThan(MAX_RECORDED_REPLY + 100);
    let live = 0;
    const port = replayPrefix(parent, 99, {
      label: 'live',
      complete: async (request, signal) => {
        live++;
        return huge.complete(request, signal);
      },
    });
    await port.complete({ module: first.module, messages: first.prompt });
    expect(port.replayed()).toBe(0);
    expect(live).toBe(1);
  });
});

describe('event equality', () => {
  it('ignores key order and undefined keys, not values', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: undefined }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 3 }] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 0 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: null }, { a: undefined })).toBe(false);
  });
});

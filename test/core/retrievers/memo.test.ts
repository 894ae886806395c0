// memoRetriever: one backbone call per (query, k), copies handed out, failures not kept.
import { describe, expect, it } from 'vitest';
import { memoRetriever } from '../../../src/core/retrievers/memo.ts';
import type { Retriever } from '../../../src/core/types.ts';

describe('memoRetriever', () => {
  it('calls the backbone once per (query, k), hands out copies and forgets failures', async () => {
    const calls: string[] = [];
    let fail = true;
    const inner: Retriever = {
      name: 'inner',
      async retrieve(query, k) {
        calls.push(`${query}/${k}`);
        if (query === 'bad' && fail) throw new Error('boom');
        return [{ id: `${query}-1`, score: 2 }].slice(0, k);
      },
    };
    const m = memoRetriever(inner);
    const a = await m.retrieve('q', 5);
    a[0]!.score = 99; // a caller mutating its copy does not change the memo
    expect(await m.retrieve('q', 5)).toEqual([{ id: 'q-1', score: 2 }]);
    await m.retrieve('q', 3);
    await expect(m.retrieve('bad', 5)).rejects.toThrow('boom');
    fail = false;
    expect(await m.retrieve('bad', 5)).toEqual([{ id: 'bad-1', score: 2 }]);
    expect(calls).toEqual(['q/5', 'q/3', 'bad/5', 'bad/5']);
    expect(m.stats).toEqual({ hits: 1, misses: 4 });
    expect(m.name).toBe('inner');
    expect(m.retrieveItems).toBeUndefined();
  });

  it('memoises retrieveItems too when the backbone has it', async () => {
    let n = 0;
    const inner: Retriever = {
      name: 'items',
      retrieve: async () => [],
      retrieveItems: async () => ({
        results: [{ id: 'p', score: ++n }],
        items: [{ kind: 'triple', id: 't', score: 1, text: 'a | b | c', passages: ['p'] }],
      }),
    };
    const m = memoRetriever(inner);
    await m.retrieveItems!('q', 5);
    expect(await m.retrieveItems!('q', 5)).toEqual({
      results: [{ id: 'p', score: 1 }],
      items: [{ kind: 'triple', id: 't', score: 1, text: 'a | b | c', passages: ['p'] }],
    });
  });

  it('keeps GEAR beams, passes the run hooks on, and carries item answers across runs', async () => {
    let n = 0;
    const beams = [
      {
        step: 0,
        kept: [{ triples: ['t'], score: 1, weight: 1 }],
        pruned: [],
        triples: [{ id: 't', subject: 'a', predicate: 'b', object: 'c', passage: 'p' }],
      },
    ];
    const seen: unknown[] = [];
    const inner: Retriever = {
      name: 'naivege',
      retrieve: async () => [],
      retrieveItems: async (_q, _k, _s, hooks) => (
        seen.push(hooks),
        { results: [{ id: 'p', score: ++n }], items: [], beams }
      ),
    };
    const hooks = { ask: async () => ({ text: '' }) } as unknown as Parameters<
      NonNullable<Retriever['retrieveItems']>
    >[3];
    const m = memoRetriever(inner);
    const first = await m.retrieveItems!('q', 5, undefined, hooks);
    first.beams![0]!.step = 9; // a caller's copy
    expect((await m.retrieveItems!('q', 5)).beams).toEqual(beams);
    expect(seen).toEqual([hooks]);
    const next = memoRetriever(inner, [], await m.itemEntries());
    expect(await next.retrieveItems!('q', 5)).toEqual({ results: [{ id: 'p', score: 1 }], items: [], beams });
    expect(n).toBe(1);
  });

  it('does not memoise a backbone that reads with the run LLM (SyncGE): each run records its own reads', async () => {
    let n = 0;
    const inner: Retriever = {
      name: 'syncge',
      readsWithRunLlm: true,
      retrieve: async () => [],
      retrieveItems: async () => ({ results: [{ id: 'p', score: ++n }], items: [] }),
    };
    const m = memoRetriever(inner);
    await m.retrieveItems!('q', 5);
    await m.retrieveItems!('q', 5);
    expect(n).toBe(2);
    expect(await m.itemEntries()).toEqual([]);
  });

  it("keeps the backbone's other capabilities (GEAR's expansion on naivege/syncge) reachable", async () => {
    const expansion = { index: 'T' };
    const inner = { name: 'naivege', mode: 'naive', expansion, retrieve: async () => [] } as Retriever & {
      expansion: unknown;
      mode: string;
    };
    const m = memoRetriever(inner) as unknown as { expansion: unknown; mode: string };
    expect(m.expansion).toBe(expansion);
    expect(m.mode).toBe('naive');
  });
});

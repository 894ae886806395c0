// Memoised retrieval for batch runs of several strategies over one deterministic backbone: every
// strategy starts with the question's retrieval, BDTR-DTR repeats BDTR's queries, `auto` and the
// ensemble repeat their members' queries, and an equal-budget pass repeats everything. The backbone's
// answer for (query, k) does not change within a run, so it is computed once. Failed or aborted
// calls are not kept. A backbone that reads with the run's LLM (SyncGE) is passed through for
// retrieveItems, so every run records its own read calls.
import type { Ranked, RetrievedWithItems, Retriever } from '../types.ts';

/** Finished plain retrievals as [key, results] pairs (to carry the memo across processes of one batch). */
export type MemoEntries = [string, Ranked[]][];
/** Finished retrieveItems answers (results, items and GEAR beams) as [key, answer] pairs. */
export type MemoItemEntries = [string, RetrievedWithItems][];

export interface MemoRetriever extends Retriever {
  stats: { hits: number; misses: number };
  /** The finished plain retrievals so far. */
  entries(): Promise<MemoEntries>;
  /** The finished retrieveItems answers so far (HippoRAG 2 and the graph-expansion backbones answer through it). */
  itemEntries(): Promise<MemoItemEntries>;
}

/** The promise kept under `key`, else `make()`'s, kept until it fails (a failed call is tried again, not kept). */
export function keptPromise<K, T>(map: Map<K, Promise<T>>, key: K, make: () => Promise<T>): Promise<T> {
  const kept = map.get(key);
  if (kept) return kept;
  const made = make();
  map.set(key, made);
  made.catch(() => map.delete(key));
  return made;
}

export function memoRetriever(inner: Retriever, seed: MemoEntries = [], itemSeed: MemoItemEntries = []): MemoRetriever {
  const plain = new Map<string, Promise<Ranked[]>>(seed.map(([k, r]) => [k, Promise.resolve(r)]));
  const withItems = new Map<string, Promise<RetrievedWithItems>>(itemSeed.map(([k, r]) => [k, Promise.resolve(r)]));
  const stats = { hits: 0, misses: 0 };
  function cached<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    stats[map.has(key) ? 'hits' : 'misses']++;
    return keptPromise(map, key, make);
  }
  const key = (query: string, k: number) => `${k}\u0000${query}`;
  const copy = (r: readonly Ranked[]) => r.map((x) => ({ ...x }));
  const settledOf = async <T>(map: Map<string, Promise<T>>) =>
    (await Promise.allSettled([...map].map(async ([k, p]) => [k, await p] as [string, T]))).flatMap((x) =>
      x.status === 'fulfilled' ? [x.value] : [],
    );
  const memo: MemoRetriever = {
    name: inner.name,
    stats,
    entries: () => settledOf(plain),
    itemEntries: () => settledOf(withItems),
    retrieve: async (query, k, signal) =>
      copy(await cached(plain, key(query, k), () => inner.retrieve(query, k, signal))),
  };
  // Other capabilities of the backbone (GEAR's `expansion` and `mode` on naivege/syncge) stay reachable
  // through the memo: a strategy that needs them must not find them stripped off.
  for (const [name, value] of Object.entries(inner)) {
    if (!(name in memo) && name !== 'retrieveItems') (memo as unknown as Record<string, unknown>)[name] = value;
  }
  if (inner.retrieveItems) {
    const items = inner.retrieveItems.bind(inner);
    memo.retrieveItems = async (query, k, signal, hooks) => {
      if (inner.readsWithRunLlm) return items(query, k, signal, hooks);
      const r = await cached(withItems, key(query, k), () => items(query, k, signal, hooks));
      return {
        results: copy(r.results),
        items: r.items.map((i) => ({ ...i })),
        ...(r.beams ? { beams: structuredClone(r.beams) } : {}),
      };
    };
  }
  return memo;
}

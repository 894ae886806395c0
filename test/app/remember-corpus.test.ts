import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/state/store.ts';
import { rememberActiveCorpus } from '../../src/app/remember-corpus.ts';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('the corpus in use survives a reload', () => {
  it('saves the active corpus and reopens it in a new store', () => {
    const storage = memory();
    const first = createAppStore();
    rememberActiveCorpus(first, storage);
    expect(first.getState().activeCorpusId).toBe('demo');
    first.getState().setActiveCorpus('hotpotqa');
    const second = createAppStore();
    rememberActiveCorpus(second, storage);
    expect(second.getState().activeCorpusId).toBe('hotpotqa');
  });
  it('does nothing without storage, and survives a storage that throws', () => {
    const store = createAppStore();
    rememberActiveCorpus(store, undefined);
    rememberActiveCorpus(store, {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    store.getState().setActiveCorpus('x');
    expect(store.getState().activeCorpusId).toBe('x');
  });
});

// The corpus in use survives a reload: its id is kept in this browser's
// localStorage and reopened at start (from IndexedDB, with its stored indexes).
import type { AppStore } from '../state/store.ts';

const KEY = 'hopscope.activeCorpus';

export function rememberActiveCorpus(
  store: AppStore,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): void {
  if (!storage) return;
  try {
    const saved = storage.getItem(KEY);
    if (saved && saved !== store.getState().activeCorpusId) store.getState().setActiveCorpus(saved);
  } catch {
    // Storage disabled (private mode): the demo opens, as before.
  }
  store.subscribe((s, prev) => {
    if (s.activeCorpusId === prev.activeCorpusId) return;
    try {
      storage.setItem(KEY, s.activeCorpusId);
    } catch {
      // Not remembered; nothing else depends on it.
    }
  });
}

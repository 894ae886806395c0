// Thin React layer over the vanilla store.
import { useStore } from 'zustand';
import { appStore, type AppState } from './store.ts';

export function useAppStore<T>(selector: (s: AppState) => T): T {
  return useStore(appStore, selector);
}

// Which screen is open.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './store.ts';

export const VIEWS = ['library', 'inspector', 'graph', 'compare', 'batch', 'settings'] as const;
export type View = (typeof VIEWS)[number];

export interface ViewSlice {
  view: View;
  setView(view: View): void;
}

export const VIEW_DEFAULTS = { view: 'inspector' } as const;

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set) => ({
  ...VIEW_DEFAULTS,
  setView: (view) => set({ view }),
});

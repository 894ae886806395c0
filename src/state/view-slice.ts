// Which screen is open.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './store.ts';

export const VIEWS = ['library', 'inspector', 'graph', 'compare', 'batch', 'settings'] as const;
export type View = (typeof VIEWS)[number];

export interface ViewSlice {
  view: View;
  /** Presentation mode: larger type and charts, the full screen width (projector, 150% zoom). */
  presenting: boolean;
  /** Side panels (the inspector's answer/chain/verifier column, the graph's node list) folded away. */
  sideCollapsed: boolean;
  /** The last session's workspace has been read back (or there was none): defaults may fill in now. */
  workspaceRestored: boolean;
  setView(view: View): void;
  setPresenting(on: boolean): void;
  setSideCollapsed(on: boolean): void;
  setWorkspaceRestored(): void;
}

export const VIEW_DEFAULTS = {
  view: 'inspector',
  presenting: false,
  sideCollapsed: false,
  workspaceRestored: false,
} as const;

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set) => ({
  ...VIEW_DEFAULTS,
  setView: (view) => set({ view }),
  setPresenting: (presenting) => set({ presenting }),
  setSideCollapsed: (sideCollapsed) => set({ sideCollapsed }),
  setWorkspaceRestored: () => set({ workspaceRestored: true }),
});

// Graph view state: the round the slider shows (null = all rounds) and the selected node.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './store.ts';

export interface GraphSlice {
  graphRound: number | null;
  selectedNode: string | null;
  setGraphRound(round: number | null): void;
  selectNode(key: string | null): void;
}

export const GRAPH_DEFAULTS = { graphRound: null, selectedNode: null } as const;

export const createGraphSlice: StateCreator<AppState, [], [], GraphSlice> = (set) => ({
  ...GRAPH_DEFAULTS,
  setGraphRound: (graphRound) => set({ graphRound }),
  selectNode: (selectedNode) => set({ selectedNode }),
});

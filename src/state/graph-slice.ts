// Graph view state: the round the slider shows (null = all rounds) and the selected node.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './store.ts';

export interface GraphSlice {
  graphRound: number | null;
  selectedNode: string | null;
  /** Most nodes in the subgraph (seeds and pool first, then strongest neighbours). */
  graphLimit: number;
  setGraphLimit(limit: number): void;
  setGraphRound(round: number | null): void;
  selectNode(key: string | null): void;
}

export const GRAPH_LIMITS = [200, 400, 1000, 5000] as const;
export const GRAPH_DEFAULTS = { graphRound: null, selectedNode: null, graphLimit: 400 } as const;

export const createGraphSlice: StateCreator<AppState, [], [], GraphSlice> = (set) => ({
  ...GRAPH_DEFAULTS,
  setGraphRound: (graphRound) => set({ graphRound }),
  setGraphLimit: (graphLimit) => set({ graphLimit, selectedNode: null }),
  selectNode: (selectedNode) => set({ selectedNode }),
});

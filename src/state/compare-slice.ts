// Compare view: the question and 2-4 lanes, each a live run (backbone x strategy) or a trace file.
import type { StateCreator } from 'zustand/vanilla';
import type { Trace } from '../core/trace/schema.ts';
import type { Passage } from '../core/types.ts';
import type { Backbone, StrategyName } from './question-slice.ts';
import type { AppState } from './store.ts';
import { RETRIEVAL_ONLY } from '../core/strategies/registry.ts';
import { DEFAULT_BACKBONE, GRAPH_BACKBONE } from '../core/backbones/about.ts';

export type CompareLane =
  | { key: number; kind: 'run'; backbone: Backbone; strategy: StrategyName }
  | { key: number; kind: 'file'; name: string; trace: Trace; passages: Passage[] | null };

export const MAX_LANES = 4;
export const MIN_LANES = 2;

export interface CompareSlice {
  compareQuestionId: string | null;
  compareLanes: CompareLane[];
  /** Bumped by "Compare"; run lanes only run once it is > 0. */
  compareRequested: number;
  laneSeq: number;
  setCompareQuestion(id: string | null): void;
  addLane(
    lane: Omit<Extract<CompareLane, { kind: 'run' }>, 'key'> | Omit<Extract<CompareLane, { kind: 'file' }>, 'key'>,
  ): void;
  setLane(key: number, lane: Omit<Extract<CompareLane, { kind: 'run' }>, 'key'>): void;
  removeLane(key: number): void;
  requestCompare(): void;
}

export const compareDefaults = () => ({
  compareQuestionId: null,
  compareLanes: [
    { key: 1, kind: 'run', backbone: DEFAULT_BACKBONE, strategy: RETRIEVAL_ONLY },
    { key: 2, kind: 'run', backbone: GRAPH_BACKBONE, strategy: RETRIEVAL_ONLY },
  ] as CompareLane[],
  compareRequested: 0,
  laneSeq: 2,
});

export const createCompareSlice: StateCreator<AppState, [], [], CompareSlice> = (set, get) => ({
  ...compareDefaults(),
  setCompareQuestion: (compareQuestionId) => set({ compareQuestionId, compareRequested: 0 }),
  addLane: (lane) => {
    if (get().compareLanes.length >= MAX_LANES) return;
    const key = get().laneSeq + 1;
    set((s) => ({ laneSeq: key, compareLanes: [...s.compareLanes, { ...lane, key } as CompareLane] }));
  },
  setLane: (key, lane) =>
    set((s) => ({ compareLanes: s.compareLanes.map((l) => (l.key === key ? { ...lane, key } : l)) })),
  removeLane: (key) => {
    if (get().compareLanes.length <= MIN_LANES) return;
    set((s) => ({ compareLanes: s.compareLanes.filter((l) => l.key !== key) }));
  },
  requestCompare: () => set((s) => ({ compareRequested: s.compareRequested + 1 })),
});

// Batch view: which strategies over how many questions, the rows as they finish, and progress.
import type { StateCreator } from 'zustand/vanilla';
import type { Trace } from '../core/trace/schema.ts';
import type { Backbone } from './question-slice.ts';
import type { AppState } from './store.ts';

export type BatchStatus = 'idle' | 'running' | 'cancelled' | 'done' | 'failed';
export type BatchSortKey = 'questionId' | 'strategy' | 'type' | 'recall5' | 'firstGoldRank';

/** One finished run of the batch; rows and plots are derived from these. */
export interface BatchRun {
  strategy: string;
  trace: Trace;
}

export interface BatchSlice {
  batchBackbones: Backbone[];
  batchLimit: number;
  batchStatus: BatchStatus;
  batchRuns: BatchRun[];
  batchTotal: number;
  batchStartedAt: number | null;
  batchError: string | null;
  batchTypeFilter: string | null;
  batchSort: { key: BatchSortKey; desc: boolean };
  toggleBatchBackbone(b: Backbone): void;
  setBatchLimit(n: number): void;
  startBatch(total: number, now: number, keepRows: boolean): void;
  addBatchRun(run: BatchRun): void;
  endBatch(status: Exclude<BatchStatus, 'idle' | 'running'>, error?: string): void;
  setBatchTypeFilter(type: string | null): void;
  sortBatch(key: BatchSortKey): void;
}

export const batchDefaults = () => ({
  batchBackbones: ['bm25', 'hipporag2'] as Backbone[],
  batchLimit: 15,
  batchStatus: 'idle' as BatchStatus,
  batchRuns: [] as BatchRun[],
  batchTotal: 0,
  batchStartedAt: null,
  batchError: null,
  batchTypeFilter: null,
  batchSort: { key: 'questionId' as BatchSortKey, desc: false },
});

export const createBatchSlice: StateCreator<AppState, [], [], BatchSlice> = (set) => ({
  ...batchDefaults(),
  toggleBatchBackbone: (b) => set((s) => ({ batchBackbones: s.batchBackbones.includes(b) ? s.batchBackbones.filter((x) => x !== b) : [...s.batchBackbones, b] })),
  setBatchLimit: (n) => set({ batchLimit: Math.max(1, Math.floor(n)) }),
  startBatch: (total, now, keepRows) => set((s) => ({ batchStatus: 'running', batchTotal: total, batchStartedAt: now, batchError: null, batchRuns: keepRows ? s.batchRuns : [] })),
  addBatchRun: (run) => set((s) => ({ batchRuns: [...s.batchRuns, run] })),
  endBatch: (status, error) => set({ batchStatus: status, batchError: error ?? null }),
  setBatchTypeFilter: (batchTypeFilter) => set({ batchTypeFilter }),
  sortBatch: (key) => set((s) => ({ batchSort: { key, desc: s.batchSort.key === key ? !s.batchSort.desc : key === 'recall5' } })),
});

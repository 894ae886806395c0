// Batch view: which strategies over how many questions, the rows as they finish, and progress.
import type { StateCreator } from 'zustand/vanilla';
import { DESCRIPTORS, RETRIEVAL_ONLY, STRATEGIES, type StrategyDescriptor } from '../core/strategies/index.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { Backbone, StrategyName } from './question-slice.ts';
import type { AppState } from './store.ts';
import { RUN_BACKBONES } from '../engine/engine-api.ts';
import { backboneNeedsEmbedder, DEFAULT_BACKBONE, GRAPH_BACKBONE } from '../core/backbones/about.ts';
import type { Regime } from '../core/strategies/regimes.ts';

/** One batch column: a strategy on a backbone; its key names it in rows, plots and exports. */
export interface BatchConfig {
  key: string;
  backbone: Backbone;
  strategy: StrategyName;
}

/** A retrieval baseline's key: the backbone alone, "+reader" when it reads. */
const baselineKey = (d: StrategyDescriptor, backbone: Backbone) => (d.needs.llm ? `${backbone}+reader` : backbone);

export const BATCH_CONFIGS: readonly BatchConfig[] = [
  // The retrieval baselines over BM25 and HippoRAG 2: keys "bm25", "hipporag2", "bm25+reader", ...
  ...DESCRIPTORS.filter((d) => d.kind === 'baseline').flatMap((d) =>
    [DEFAULT_BACKBONE, GRAPH_BACKBONE].map((backbone) => ({
      key: baselineKey(d, backbone),
      backbone,
      strategy: d.name,
    })),
  ),
  // The embedding backbones (need the corpus's vectors of the model in Settings).
  ...RUN_BACKBONES.filter((b) => backboneNeedsEmbedder(b)).map((backbone) => ({
    key: backbone,
    backbone,
    strategy: RETRIEVAL_ONLY,
  })),
  // Core's strategies on each backbone: keys "<strategy>/<backbone>", e.g. "bdtr/bm25".
  ...STRATEGIES.flatMap((strategy) =>
    RUN_BACKBONES.map((backbone) => ({ key: `${strategy}/${backbone}`, backbone, strategy })),
  ),
];

/** The strategy a batch column's key runs (undefined for a key no column has). */
export const strategyOfConfig = (key: string) => BATCH_CONFIGS.find((c) => c.key === key)?.strategy;

/** The LLM a batch column runs with: Settings' LLM or the offline thinker (src/app/batch/variants.ts labels them). */
export type BatchModel = 'settings' | 'offline';

/** How a batch chooses its questions: the first N, or a seeded sample (src/app/batch/select.ts). */
export type BatchPick = 'first' | 'sample';

export type BatchStatus = 'idle' | 'running' | 'cancelled' | 'done' | 'failed';
export type BatchSortKey = 'questionId' | 'strategy' | 'type' | 'recall5' | 'firstGoldRank';

/** One finished run of the batch; rows and plots are derived from these. */
export interface BatchRun {
  strategy: string;
  trace: Trace;
}

export interface BatchSlice extends ReturnType<typeof batchDefaults> {
  toggleBatchConfig(key: string): void;
  toggleBatchModel(model: BatchModel): void;
  toggleBatchRegime(regime: Regime): void;
  setBatchLimit(n: number): void;
  setBatchPick(pick: BatchPick): void;
  setBatchSeed(seed: number): void;
  setBatchPickType(type: string | null): void;
  setBatchHops(hops: number | null): void;
  startBatch(total: number, now: number, keepRows: boolean): void;
  addBatchRun(run: BatchRun): void;
  endBatch(status: Exclude<BatchStatus, 'idle' | 'running'>, error?: string): void;
  setBatchTypeFilter(type: string | null): void;
  sortBatch(key: BatchSortKey): void;
}

export const batchDefaults = () => ({
  /** Keys of BATCH_CONFIGS to run. */
  batchConfigs: [DEFAULT_BACKBONE, GRAPH_BACKBONE] as string[],
  /** LLMs each configuration runs with (models side by side, paper 004): Settings' LLM and/or the offline thinker. */
  batchModels: ['settings'] as BatchModel[],
  /** Evidence regimes each configuration runs in; gold-context is an oracle. */
  batchRegimes: ['iterative'] as Regime[],
  batchLimit: 15,
  /** How the questions are chosen: the first N, or a seeded sample (src/app/batch/select.ts). */
  batchPick: 'first' as BatchPick,
  batchSeed: 1,
  /** Question type and hop count the batch runs; null for all. */
  batchPickType: null as string | null,
  batchHops: null as number | null,
  batchStatus: 'idle' as BatchStatus,
  batchRuns: [] as BatchRun[],
  batchTotal: 0,
  batchStartedAt: null as number | null,
  batchError: null as string | null,
  batchTypeFilter: null as string | null,
  batchSort: { key: 'questionId' as BatchSortKey, desc: false },
});

/** Adds or removes one choice, keeping at least one (a batch always has a model and a regime). */
const toggled = <T>(list: readonly T[], x: T): T[] =>
  list.includes(x) ? (list.length > 1 ? list.filter((y) => y !== x) : [...list]) : [...list, x];

export const createBatchSlice: StateCreator<AppState, [], [], BatchSlice> = (set) => ({
  ...batchDefaults(),
  toggleBatchConfig: (key) =>
    set((s) => ({
      batchConfigs: s.batchConfigs.includes(key) ? s.batchConfigs.filter((x) => x !== key) : [...s.batchConfigs, key],
    })),
  toggleBatchModel: (m) => set((s) => ({ batchModels: toggled(s.batchModels, m) })),
  toggleBatchRegime: (r) => set((s) => ({ batchRegimes: toggled(s.batchRegimes, r) })),
  setBatchLimit: (n) => set({ batchLimit: Math.max(1, Math.floor(n)) }),
  setBatchPick: (batchPick) => set({ batchPick }),
  // Seeds are unsigned 32-bit integers (the PRNG's state); anything else is folded into that range.
  setBatchSeed: (n) => set({ batchSeed: Number.isFinite(n) ? Math.abs(Math.floor(n)) % 2 ** 32 : 0 }),
  setBatchPickType: (batchPickType) => set({ batchPickType }),
  setBatchHops: (batchHops) => set({ batchHops }),
  startBatch: (total, now, keepRows) =>
    set((s) => ({
      batchStatus: 'running',
      batchTotal: total,
      batchStartedAt: now,
      batchError: null,
      batchRuns: keepRows ? s.batchRuns : [],
    })),
  addBatchRun: (run) => set((s) => ({ batchRuns: [...s.batchRuns, run] })),
  endBatch: (status, error) => set({ batchStatus: status, batchError: error ?? null }),
  setBatchTypeFilter: (batchTypeFilter) => set({ batchTypeFilter }),
  sortBatch: (key) =>
    set((s) => ({ batchSort: { key, desc: s.batchSort.key === key ? !s.batchSort.desc : key === 'recall5' } })),
});

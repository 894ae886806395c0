// What of the workbench survives a reload, as four records in the settings store (IndexedDB): the
// choices (tab, form, compare lanes, batch choices), the run on screen, its what-if branches, and the
// batch with its results. Each is validated when read back; a record that does not match is dropped
// with a warning naming it.
import { z } from 'zod';
import { readableTraceSchema } from '../../core/trace/load.ts';
import { regime } from '../../core/trace/schema.ts';
import { RUN_BACKBONES, RUN_STRATEGIES, type RunStrategy } from '../../engine/engine-api.ts';
import { VIEWS } from '../../state/view-slice.ts';
import { passage } from '../trace/run-file.ts';

/** Settings-store keys; the version is in the key, so a record of another shape is never read as this one. */
export const WORKSPACE_KEYS = {
  choices: 'workspace.v1.choices',
  run: 'workspace.v1.run',
  batch: 'workspace.v1.batch',
  branches: 'workspace.v1.branches',
} as const;

const backbone = z.enum(RUN_BACKBONES);
const strategy = z.custom<RunStrategy>(
  (v) => typeof v === 'string' && (RUN_STRATEGIES as readonly string[]).includes(v),
  'not a strategy of this build',
);

const lane = z.discriminatedUnion('kind', [
  z.object({ key: z.number().int(), kind: z.literal('run'), backbone, strategy }),
  z.object({
    key: z.number().int(),
    kind: z.literal('file'),
    name: z.string(),
    trace: readableTraceSchema,
    passages: z.array(passage).nullable(),
  }),
]);

export const savedChoices = z.object({
  corpusId: z.string(),
  view: z.enum(VIEWS),
  presenting: z.boolean(),
  sideCollapsed: z.boolean(),
  questionId: z.string().nullable(),
  questionText: z.string(),
  backbone,
  strategy,
  k: z.number().int().positive(),
  /** Where the run on screen was stepped to (null: all shown); kept here so stepping never rewrites the trace. */
  step: z.number().int().positive().nullable(),
  compareQuestionId: z.string().nullable(),
  compareLanes: z.array(lane).min(1),
  compareRequested: z.boolean(),
  laneSeq: z.number().int(),
  batchConfigs: z.array(z.string()),
  batchModels: z.array(z.enum(['settings', 'offline'])).min(1),
  batchRegimes: z.array(regime).min(1),
  batchLimit: z.number().int().positive(),
  // How the batch's questions are chosen; optional so choices saved before these existed still load.
  batchPick: z.enum(['first', 'sample']).optional(),
  batchSeed: z.number().int().nonnegative().optional(),
  batchPickType: z.string().nullable().optional(),
  batchHops: z.number().int().positive().nullable().optional(),
  batchTypeFilter: z.string().nullable(),
  batchSort: z.object({
    key: z.enum(['questionId', 'strategy', 'type', 'recall5', 'firstGoldRank']),
    desc: z.boolean(),
  }),
});

export const savedRun = z.object({
  corpusId: z.string(),
  trace: readableTraceSchema,
  passages: z.array(passage).nullable(),
});

export const savedBatch = z.object({
  corpusId: z.string(),
  runs: z.array(z.object({ strategy: z.string(), trace: readableTraceSchema })),
  total: z.number().int().nonnegative(),
  /** 'running' when the page was closed mid-batch: it comes back stopped, ready to resume. */
  status: z.enum(['idle', 'running', 'cancelled', 'done', 'failed']),
  error: z.string().nullable(),
});

export const savedBranches = z.object({
  /** The run the branches belong to: its trace id and start time. */
  run: z.object({ id: z.string(), createdAt: z.string() }),
  branches: z.array(readableTraceSchema),
});

export type SavedChoices = z.infer<typeof savedChoices>;
export type SavedRun = z.infer<typeof savedRun>;
export type SavedBatch = z.infer<typeof savedBatch>;
export type SavedBranches = z.infer<typeof savedBranches>;

// The trace's record of a what-if branch (trace.branch): what changed, where, and its parent. The
// schemas live with the trace so the trace schema needs nothing from the what-if module that writes them.
import { z } from 'zod';

const round = z.number().int().min(0).describe('the round the change takes effect in (0 = the first retrieval)');

/** Passages inserted into the pool: at a 1-based rank (taking that rank's score) or with a given score. */
const insertion = z.object({
  ids: z.array(z.string().min(1)).min(1),
  rank: z.number().int().min(1).optional(),
  score: z.number().finite().optional(),
});

export const intervention = z.discriminatedUnion('kind', [
  /** No change: the branch must reproduce its parent (the control every other branch is read against). */
  z.object({ kind: z.literal('rerun'), round }),
  /** Insert and/or drop passages in the pool after this round's merge; dropped ones stay out of later retrievals. */
  z.object({
    kind: z.literal('pool'),
    round,
    insert: insertion.optional(),
    drop: z.array(z.string().min(1)).optional(),
  }),
  /** Replace a thought or sub-query text from this round on: the recorded thought and every query containing it. */
  z.object({ kind: z.literal('text'), round, from: z.string().min(1), to: z.string().min(1) }),
  /** Replace the reply of the parent's n-th LLM call (0-based, in trace order), e.g. the verifier's selection. */
  z.object({
    kind: z.literal('reply'),
    call: z.number().int().min(0),
    text: z.string(),
    /** What the reply means, in words (shown in the branch list). */
    note: z.string().optional(),
  }),
  /** Change options: `depth` from this round's retrievals on, every other option for the whole run. */
  z.object({ kind: z.literal('options'), round, options: z.record(z.string(), z.unknown()) }),
]);

export type Intervention = z.infer<typeof intervention>;

/** What a branch's trace records about its origin (trace.branch). */
export const branchRecord = z.object({
  /** SHA-256 of the parent trace's JSON. */
  parent: z.string(),
  parentId: z.string(),
  /** Index of the parent event the branch diverges at: events before it were replayed. */
  step: z.number().int().min(0),
  intervention,
  /** Short description of the change (the counterfactual spec or the inspector action). */
  label: z.string(),
  /** True when the change reads the gold (an oracle branch: never part of a strategy comparison). */
  oracle: z.boolean(),
  /** LLM calls served from the parent's recorded replies (no model call). */
  replayed: z.number().int().min(0),
});

export type BranchRecord = z.infer<typeof branchRecord>;

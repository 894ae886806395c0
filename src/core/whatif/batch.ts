// Counterfactual attribution over a batch: each question's plain trace gets the spec's intervention,
// and the summary counts how many failures the change fixes and how many successes it breaks.
import { mapConcurrent } from '../map-concurrent.ts';
import { runMetrics, type RunMetrics } from '../eval/run-metrics.ts';
import type { StrategyContext } from '../strategies/index.ts';
import type { Trace } from '../trace/schema.ts';
import { runBranch } from './branch.ts';
import { counterfactualFor, type CounterfactualSpec } from './counterfactual.ts';
import { firstDifference } from './diff.ts';
import type { Intervention } from './intervention.ts';

/**
 * What became of one question's counterfactual. Only `applied` rows are counted as changed, fixed or
 * broken and enter the recall deltas; the others are counted apart, each with its reason.
 * - applied: the branch ran and its change took effect;
 * - not-applied: the spec does not apply to this run (no bridge passages, no verifier step) or the
 *   branch ran but its change never took effect (a round past the run, a strategy without a pool);
 * - branch-failed: the branch could not run or ended in an error (a server error, a replay miss);
 * - plain-failed: the plain run itself failed or was stopped, so there is nothing to branch from.
 */
export type CounterfactualStatus = 'applied' | 'not-applied' | 'branch-failed' | 'plain-failed';

export const COUNTERFACTUAL_STATUS_TEXT: Record<CounterfactualStatus, string> = {
  applied: 'applied',
  'not-applied': 'not applied',
  'branch-failed': 'branch failed',
  'plain-failed': 'plain run failed',
};

export interface CounterfactualRow extends Pick<RunMetrics, 'answer' | 'em' | 'acc' | 'recall' | 'bridgeRecall'> {
  id: string;
  spec: string;
  oracle: boolean;
  status: CounterfactualStatus;
  /** Why the row is not applied or failed (absent for applied rows). */
  reason?: string;
  /** The branch trace's own status, when a branch ran. */
  branchStatus?: Trace['status'];
  /** Applied rows only: the final ranking or the answer differs from the plain run's. */
  changed: boolean;
  /** Index of the first event that differs from the plain run (null: none, or no branch to compare). */
  firstDifference: number | null;
  /** Warnings of the branch itself (a change the run could not apply). */
  warnings: string[];
}

const right = (acc: number | undefined): boolean => acc === 1;

/** One question's plain metrics, its row and (when a branch ran) its branch. */
export type CounterfactualEntry = { plain: RunMetrics; row: CounterfactualRow; branch?: Trace };

/** How a host's attempt at one question's counterfactual ended. */
export type CounterfactualOutcome = { branch: Trace } | { skip: string } | { failed: string };

const whatifWarnings = (t: Trace): string[] =>
  t.events.flatMap((e) => (e.type === 'warning' && e.module === 'whatif' ? [e.message] : []));

const errorOf = (t: Trace): string => {
  const e = t.events.findLast((x) => x.type === 'error');
  return e?.type === 'error' ? e.message : `the branch ended ${t.status}`;
};

/**
 * Run one question's counterfactual through a host's branch runner (`runBranch` in the CLI, the
 * engine worker in the browser) and say how it ended: the plain run failed, the spec does not
 * apply, the branch ran, or it failed (a thrown error becomes a reason, never a lost batch).
 */
export async function counterfactualOutcome(
  parent: Trace,
  spec: CounterfactualSpec,
  run: (change: Intervention) => Promise<Trace>,
): Promise<CounterfactualOutcome> {
  if (parent.status !== 'done') return { failed: `the plain run ${parent.status}` };
  const what = counterfactualFor(spec, parent);
  if ('skip' in what) return what;
  try {
    return { branch: await run(what.intervention) };
  } catch (e) {
    return { failed: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The row of one question from its outcome (counterfactualOutcome). Pure, so the CLI and the browser
 * batch count the same way.
 */
export function counterfactualEntry(
  parent: Trace,
  spec: CounterfactualSpec,
  outcome: CounterfactualOutcome,
  ks: readonly number[],
): CounterfactualEntry {
  const plain = runMetrics(parent, ks);
  const base = { id: parent.question.id, spec: spec.text, oracle: spec.oracle };
  const empty = { recall: {}, changed: false, firstDifference: null, warnings: [] as string[] };
  if (parent.status !== 'done')
    return { plain, row: { ...base, status: 'plain-failed', reason: `the plain run ${parent.status}`, ...empty } };
  if ('skip' in outcome) return { plain, row: { ...base, status: 'not-applied', reason: outcome.skip, ...empty } };
  if ('failed' in outcome)
    return { plain, row: { ...base, status: 'branch-failed', reason: outcome.failed, ...empty } };
  const { branch } = outcome;
  const after = runMetrics(branch, ks);
  const warnings = whatifWarnings(branch);
  const status: CounterfactualStatus =
    branch.status !== 'done' ? 'branch-failed' : warnings.length ? 'not-applied' : 'applied';
  const reason =
    status === 'branch-failed' ? errorOf(branch) : status === 'not-applied' ? warnings.join('; ') : undefined;
  const row: CounterfactualRow = {
    ...base,
    status,
    ...(reason !== undefined ? { reason } : {}),
    branchStatus: branch.status,
    ...(after.answer !== undefined ? { answer: after.answer } : {}),
    ...(after.em !== undefined ? { em: after.em } : {}),
    ...(after.acc !== undefined ? { acc: after.acc } : {}),
    recall: after.recall,
    ...(after.bridgeRecall ? { bridgeRecall: after.bridgeRecall } : {}),
    changed:
      status === 'applied' &&
      (after.answer !== plain.answer ||
        JSON.stringify(after.ranking.map((r) => r.id)) !== JSON.stringify(plain.ranking.map((r) => r.id))),
    firstDifference: firstDifference(parent.events, branch.events),
    warnings,
  };
  return { plain, row, branch };
}

/** failed / fixed / broken / changed and the recall deltas over one strategy's applied rows; the rest counted apart. */
export function summarizeCounterfactuals(
  spec: CounterfactualSpec,
  results: readonly CounterfactualEntry[],
  ks: readonly number[],
) {
  const applied = results.filter((r) => r.row.status === 'applied');
  const count = (s: CounterfactualStatus) => results.filter((r) => r.row.status === s).length;
  const delta = (pick: (m: Pick<RunMetrics, 'recall' | 'bridgeRecall'>) => Record<number, number> | undefined) => {
    const out: Record<number, number> = {};
    for (const k of ks) {
      const pairs = applied.filter((r) => pick(r.plain)?.[k] !== undefined && pick(r.row)?.[k] !== undefined);
      out[k] = pairs.length ? pairs.reduce((s, r) => s + pick(r.row)![k]! - pick(r.plain)![k]!, 0) / pairs.length : NaN;
    }
    return out;
  };
  return {
    spec: spec.text,
    oracle: spec.oracle,
    /** Every question with a row (applied + notApplied + branchFailed + plainFailed). */
    questions: results.length,
    /** Rows whose change took effect: the only ones counted below. */
    applied: applied.length,
    notApplied: count('not-applied'),
    branchFailed: count('branch-failed'),
    plainFailed: count('plain-failed'),
    /** Applied rows with a wrong answer in the plain run (by Acc); of those, right after the intervention. */
    failed: applied.filter((r) => !right(r.plain.acc)).length,
    fixed: applied.filter((r) => !right(r.plain.acc) && right(r.row.acc)).length,
    /** Right in the plain run, wrong after the intervention. */
    broken: applied.filter((r) => right(r.plain.acc) && !right(r.row.acc)).length,
    changed: applied.filter((r) => r.row.changed).length,
    /** Mean Recall@k after minus before, over the applied rows. */
    recallDelta: delta((m) => m.recall),
    bridgeRecallDelta: delta((m) => m.bridgeRecall),
  };
}

export type CounterfactualSummary = ReturnType<typeof summarizeCounterfactuals>;

export async function runCounterfactuals(
  traces: readonly Trace[],
  spec: CounterfactualSpec,
  ctx: Omit<StrategyContext, 'options' | 'whatif'>,
  ks: readonly number[],
  concurrency = 1,
) {
  // The run's abort signal (ctx.signal) stops the pass: a branch in flight ends aborted, the rest never start.
  const results = await mapConcurrent(traces, concurrency, async (parent) => {
    const outcome: CounterfactualOutcome = ctx.signal?.aborted
      ? { failed: 'interrupted before the branch ran' }
      : await counterfactualOutcome(parent, spec, (change) =>
          runBranch(parent, change, ctx, { label: spec.text, oracle: spec.oracle }),
        );
    return counterfactualEntry(parent, spec, outcome, ks);
  });
  return {
    rows: results.map((r) => r.row),
    // every branch that ran (applied or not; a failed branch with a trace too), for the traces folder
    branches: results.flatMap((r) => (r.branch ? [r.branch] : [])),
    summary: summarizeCounterfactuals(spec, results, ks),
  };
}

export type CounterfactualResult = Awaited<ReturnType<typeof runCounterfactuals>>;

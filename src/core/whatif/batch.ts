// Counterfactual attribution over a batch: each question's plain trace gets the spec's intervention,
// and the summary counts how many failures the change fixes and how many successes it breaks.
import { mapConcurrent } from '../map-concurrent.ts';
import { runMetrics, type RunMetrics } from '../eval/run-metrics.ts';
import type { StrategyContext } from '../strategies/index.ts';
import type { Trace } from '../trace/schema.ts';
import { runBranch } from './branch.ts';
import { counterfactualFor, type CounterfactualSpec } from './counterfactual.ts';
import { firstDifference } from './diff.ts';

export interface CounterfactualRow {
  id: string;
  spec: string;
  oracle: boolean;
  /** Why the spec does not apply to this run (no verifier step, no bridge passages); the row is not counted. */
  skipped?: string;
  status?: Trace['status'];
  answer?: string;
  em?: number;
  acc?: number;
  recall: Record<number, number>;
  bridgeRecall?: Record<number, number>;
  /** The final ranking or the answer differs from the plain run's. */
  changed: boolean;
  /** Index of the first event that differs from the plain run (null: none). */
  firstDifference: number | null;
  /** Warnings of the branch itself (a change the run could not apply). */
  warnings: string[];
}

export interface CounterfactualSummary {
  spec: string;
  oracle: boolean;
  /** Questions the spec applied to. */
  questions: number;
  skipped: number;
  /** Wrong answer in the plain run (by Acc). */
  failed: number;
  /** Of the failed, right after the intervention. */
  fixed: number;
  /** Right in the plain run, wrong after the intervention. */
  broken: number;
  changed: number;
  /** Mean Recall@k after minus before, over the questions the spec applied to. */
  recallDelta: Record<number, number>;
  bridgeRecallDelta: Record<number, number>;
}

export interface CounterfactualResult {
  rows: CounterfactualRow[];
  summary: CounterfactualSummary;
  branches: Trace[];
}

const right = (acc: number | undefined): boolean => acc === 1;

/** One question's plain metrics, its row and (when the spec applied) its branch. */
export interface CounterfactualEntry {
  plain: RunMetrics;
  row: CounterfactualRow;
  branch?: Trace;
}

/**
 * The row of one question: `branch` is the spec's branch of `parent`, or `skip` says why the spec does
 * not apply (counterfactualFor). Pure, so the CLI and the browser batch count the same way.
 */
export function counterfactualEntry(
  parent: Trace,
  spec: CounterfactualSpec,
  outcome: { branch: Trace } | { skip: string },
  ks: readonly number[],
): CounterfactualEntry {
  const plain = runMetrics(parent, ks);
  if ('skip' in outcome) {
    const row: CounterfactualRow = {
      id: parent.question.id,
      spec: spec.text,
      oracle: spec.oracle,
      skipped: outcome.skip,
      recall: {},
      changed: false,
      firstDifference: null,
      warnings: [],
    };
    return { plain, row };
  }
  const { branch } = outcome;
  const after = runMetrics(branch, ks);
  const row: CounterfactualRow = {
    id: parent.question.id,
    spec: spec.text,
    oracle: spec.oracle,
    status: branch.status,
    ...(after.answer !== undefined ? { answer: after.answer } : {}),
    ...(after.em !== undefined ? { em: after.em } : {}),
    ...(after.acc !== undefined ? { acc: after.acc } : {}),
    recall: after.recall,
    ...(after.bridgeRecall ? { bridgeRecall: after.bridgeRecall } : {}),
    changed:
      after.answer !== plain.answer ||
      JSON.stringify(after.ranking.map((r) => r.id)) !== JSON.stringify(plain.ranking.map((r) => r.id)),
    firstDifference: firstDifference(parent.events, branch.events),
    warnings: branch.events.flatMap((e) => (e.type === 'warning' && e.module === 'whatif' ? [e.message] : [])),
  };
  return { plain, row, branch };
}

/** failed / fixed / broken / changed and the recall deltas over one strategy's questions. */
export function summarizeCounterfactuals(
  spec: CounterfactualSpec,
  results: readonly CounterfactualEntry[],
  ks: readonly number[],
): CounterfactualSummary {
  const applied = results.filter((r) => r.branch !== undefined);
  const delta = (
    pick: (m: {
      recall: Record<number, number>;
      bridgeRecall?: Record<number, number>;
    }) => Record<number, number> | undefined,
  ) => {
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
    questions: applied.length,
    skipped: results.length - applied.length,
    failed: applied.filter((r) => !right(r.plain.acc)).length,
    fixed: applied.filter((r) => !right(r.plain.acc) && right(r.row.acc)).length,
    broken: applied.filter((r) => right(r.plain.acc) && !right(r.row.acc)).length,
    changed: applied.filter((r) => r.row.changed).length,
    recallDelta: delta((m) => m.recall),
    bridgeRecallDelta: delta((m) => m.bridgeRecall),
  };
}

export async function runCounterfactuals(
  traces: readonly Trace[],
  spec: CounterfactualSpec,
  ctx: Omit<StrategyContext, 'options' | 'whatif'>,
  ks: readonly number[],
  concurrency = 1,
): Promise<CounterfactualResult> {
  const results = await mapConcurrent(traces, concurrency, async (parent) => {
    const what = counterfactualFor(spec, parent);
    if ('skip' in what) return counterfactualEntry(parent, spec, what, ks);
    const branch = await runBranch(parent, what.intervention, ctx, { label: spec.text, oracle: spec.oracle });
    return counterfactualEntry(parent, spec, { branch }, ks);
  });
  return {
    rows: results.map((r) => r.row),
    branches: results.flatMap((r) => (r.branch ? [r.branch] : [])),
    summary: summarizeCounterfactuals(spec, results, ks),
  };
}

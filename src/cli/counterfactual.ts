// `--counterfactual <spec>`: after a strategy's plain batch, every question's trace gets the spec's
// intervention (src/core/whatif); the JSON carries one row per question and failed/fixed/broken per
// strategy, and the terminal a short table. Oracle specs say so in the JSON and in the table title.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { StrategyBatchResult } from '../core/batch/strategy.ts';
import type { StrategyContext } from '../core/strategies/index.ts';
import { COUNTERFACTUAL_STATUS_TEXT, runCounterfactuals, type CounterfactualResult } from '../core/whatif/batch.ts';
import { printable } from './printable.ts';
import type { CounterfactualSpec } from '../core/whatif/counterfactual.ts';
import { formatTable } from './report.ts';
import { writeTrace } from './trace-files.ts';

const done = new WeakMap<StrategyBatchResult, CounterfactualResult>();

/** Run the spec over a finished batch's traces (iterative regime only) and keep it for the JSON. */
export async function runCounterfactualBatch(
  result: StrategyBatchResult,
  spec: CounterfactualSpec,
  ctx: Omit<StrategyContext, 'options' | 'whatif'>,
  ks: readonly number[],
  concurrency: number,
  traces?: string,
): Promise<string> {
  // Questions the interrupt stopped have no plain run to branch from; a failed plain run gets its row.
  const parents = result.traces.filter((t) => t.status !== 'aborted');
  const cf = await runCounterfactuals(parents, spec, ctx, ks, concurrency);
  done.set(result, cf);
  // Beside the plain traces, in a subfolder --score-traces does not read (branches are not plain runs).
  if (traces) {
    const dir = join(traces, 'counterfactual');
    await mkdir(dir, { recursive: true });
    for (const t of cf.branches) await writeTrace(dir, t);
  }
  return counterfactualTable(result.strategy, cf, ks);
}

/** Rows shown by reason under the table (per status, the first few). */
const REASONS_SHOWN = 3;

function counterfactualTable(strategy: string, cf: CounterfactualResult, ks: readonly number[]): string {
  const s = cf.summary;
  const title = `counterfactual ${s.spec}${s.oracle ? ' (ORACLE: reads the gold; not a strategy result)' : ''} · ${strategy}`;
  const k = ks.includes(5) ? 5 : ks.at(-1)!;
  const apart = (['not-applied', 'branch-failed', 'plain-failed'] as const).flatMap((status) => {
    const rows = cf.rows.filter((r) => r.status === status);
    return rows
      .slice(0, REASONS_SHOWN)
      .map((r) => `  ${COUNTERFACTUAL_STATUS_TEXT[status]} ${printable(r.id)}: ${printable(r.reason ?? '')}`)
      .concat(
        rows.length > REASONS_SHOWN
          ? [`  … and ${rows.length - REASONS_SHOWN} more ${COUNTERFACTUAL_STATUS_TEXT[status]}`]
          : [],
      );
  });
  return (
    `\n${title}\n` +
    "changed, wrong before (the plain run's wrong answers), fixed, broken and the deltas count applied rows only\n" +
    formatTable(
      [
        'questions',
        'applied',
        'not applied',
        'branch failed',
        'plain failed',
        'changed',
        'wrong before',
        'fixed',
        'broken',
        `ΔRecall@${k}`,
        `ΔbridgeRecall@${k}`,
      ],
      [
        [
          s.questions,
          s.applied,
          s.notApplied,
          s.branchFailed,
          s.plainFailed,
          s.changed,
          s.failed,
          s.fixed,
          s.broken,
          s.recallDelta[k] ?? NaN,
          s.bridgeRecallDelta[k] ?? NaN,
        ],
      ],
    ) +
    (apart.length ? `\n${apart.join('\n')}` : '')
  );
}

/** The summary's `counterfactual` entry, or nothing when the batch ran none. */
export function counterfactualSummaryJson(r: StrategyBatchResult): { counterfactual?: object } {
  const cf = done.get(r);
  if (!cf) return {};
  const { recallDelta, bridgeRecallDelta, ...rest } = cf.summary;
  return {
    counterfactual: {
      ...rest,
      ...Object.fromEntries(Object.entries(recallDelta).map(([k, v]) => [`recallDelta@${k}`, v])),
      ...Object.fromEntries(Object.entries(bridgeRecallDelta).map(([k, v]) => [`bridgeRecallDelta@${k}`, v])),
    },
  };
}

/** A question's `counterfactual` entry (by question id), or nothing. */
export function counterfactualQuestionJson(r: StrategyBatchResult, id: string): { counterfactual?: object } {
  const row = done.get(r)?.rows.find((x) => x.id === id);
  if (!row) return {};
  const { id: _id, ...rest } = row;
  return { counterfactual: rest };
}

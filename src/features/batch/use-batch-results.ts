// The batch's runs as table rows (one per strategy and question), which of them failed, and the facts the
// table reads off each run's trace (rounds, LLM calls, the router's choice).
import { useMemo } from 'react';
import { failedRows, rowFromTrace, strategiesOf } from '../../app/batch/results.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import type { BatchRun } from '../../state/batch-slice.ts';

/** What a run's fold says beyond its row: rounds that ran (adaptive stopping), LLM calls, the route taken. */
export interface RunFacts {
  rounds: number;
  calls: number;
  route: string | undefined;
}

/** The key of a run in `facts` (and of its what-if cell): its lane and question. */
export const runKey = (strategy: string, questionId: string) => `${strategy}|${questionId}`;

export function useBatchResults(runs: readonly BatchRun[]) {
  const rows = useMemo(() => runs.map((r) => rowFromTrace(r.strategy, r.trace)), [runs]);
  // Failed runs are named beside the plots and left out of them (core's summaries read completed runs only).
  const failed = useMemo(() => failedRows(rows), [rows]);
  const completedRows = useMemo(() => rows.filter((r) => r.status === 'done'), [rows]);
  const facts = useMemo(
    () =>
      new Map<string, RunFacts>(
        runs.map((r) => {
          const m = foldTrace(r.trace.events);
          return [
            runKey(r.strategy, r.trace.question.id),
            { rounds: m.roundsUsed, calls: m.llmCalls, route: m.route ?? undefined },
          ];
        }),
      ),
    [runs],
  );
  const strategies = strategiesOf(rows);
  return { rows, failed, completedRows, facts, strategies };
}

export type BatchResults = ReturnType<typeof useBatchResults>;

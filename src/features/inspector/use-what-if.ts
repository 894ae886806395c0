import { useMemo, useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { errorMessage } from '../../app/error-message.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { addBranch, finishBranch, useBranches } from '../../app/whatif-store.ts';
import { diagnoseTrace } from '../../core/eval/diagnostics/index.ts';
import type { Trace, TraceEventOf } from '../../core/trace/schema.ts';
import { describeIntervention, type Intervention } from '../../core/whatif/intervention.ts';

/** Runs a branch of the trace with one change; the label names it in the list. */
export type RunBranch = (change: Intervention, label?: string, oracle?: boolean) => Promise<void>;

/** What every what-if control gets: the round picked, the branch runner and the passages' titles. */
export type WhatIfStep = { round: number; branch: RunBranch; passages: PassageLookup };

/** The change that puts passage `id` at the top of the pool after `round`. */
export const pinToTop = (id: string, round: number): Intervention => ({
  kind: 'pool',
  round,
  insert: { ids: [id], rank: 1 },
});

/** The round the what-if edits (its pool and thoughts), the rounds to pick from, and the verifier's step. */
export function useWhatIfRound(trace: Trace) {
  const pools = useMemo(() => trace.events.filter((e): e is TraceEventOf<'pool'> => e.type === 'pool'), [trace]);
  const rounds = useMemo(() => [...new Set(pools.map((p) => p.round))], [pools]);
  const [round, setRound] = useState(() => rounds.find((r) => r >= 1) ?? rounds[0] ?? 0);
  const pool = pools.findLast((p) => p.round === round);
  const thoughts = trace.events.filter((e): e is TraceEventOf<'thought'> => e.type === 'thought' && e.round === round);
  const verify = trace.events.find((e): e is TraceEventOf<'verify'> => e.type === 'verify');
  return { rounds, round, setRound, pool, thoughts, verify };
}

/** Gold the run pooled and the reader never read (evidenceLost): one click pins it where it was dropped. */
export function useLostEvidence(trace: Trace) {
  return useMemo(
    () => (trace.question.gold.length > 0 && trace.status === 'done' ? diagnoseTrace(trace).evidenceLost.lost : []),
    [trace],
  );
}

/** A trace's branches: running one over the loaded corpus, the one opened beside the original, the error line. */
export function useWhatIfBranches(trace: Trace, datasetId: string | undefined) {
  const engine = useEngine();
  const branches = useBranches(trace);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const branch: RunBranch = async (change, label = describeIntervention(change), oracle = false) => {
    setError(null);
    if (!datasetId) {
      setError('open the corpus this run was made on to branch it');
      return;
    }
    const key = addBranch(trace, label);
    setOpen(key);
    try {
      const result = await engine.runBranch({ datasetId, parent: trace, intervention: change, label, oracle });
      finishBranch(trace, key, { trace: result });
    } catch (err) {
      finishBranch(trace, key, { error: errorMessage(err) });
    }
  };

  const shown = branches.find((b) => b.key === open);
  return { branches, open, setOpen, shown, error, setError, branch };
}

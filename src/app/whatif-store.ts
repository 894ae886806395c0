// The what-if branches of each run shown in the inspector, kept beside the run (keyed by its trace id
// and start time), exported with it in the run file and restored when the file is opened again; the
// branches of the run on screen survive a reload (src/app/workspace/keep-workspace.ts).
import { useSyncExternalStore } from 'react';
import type { Trace } from '../core/trace/schema.ts';
import { appStore } from '../state/store.ts';

export interface BranchEntry {
  /** Stable within the run: "b1", "b2", ... */
  key: string;
  label: string;
  status: 'running' | 'done' | 'failed';
  trace?: Trace;
  error?: string;
}

const NONE: BranchEntry[] = [];
const byRun = new Map<string, BranchEntry[]>();
const listeners = new Set<() => void>();
const runKey = (t: Trace) => `${t.id}@${t.createdAt}`;

function set(run: Trace, entries: BranchEntry[]): void {
  byRun.set(runKey(run), entries);
  for (const l of listeners) l();
}

export function branchesOf(run: Trace | null): BranchEntry[] {
  return run ? (byRun.get(runKey(run)) ?? NONE) : NONE;
}

/** Calls `listener` after every change of any run's branches; returns the unsubscribe. */
export function subscribeBranches(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBranches(run: Trace | null): BranchEntry[] {
  return useSyncExternalStore(subscribeBranches, () => branchesOf(run));
}

/** A new branch, running; returns its key. */
export function addBranch(run: Trace, label: string): string {
  const entries = branchesOf(run);
  const key = `b${entries.length + 1}`;
  set(run, [...entries, { key, label, status: 'running' }]);
  return key;
}

export function finishBranch(run: Trace, key: string, result: { trace: Trace } | { error: string }): void {
  set(
    run,
    branchesOf(run).map((b) =>
      b.key !== key
        ? b
        : 'trace' in result
          ? { ...b, status: result.trace.status === 'failed' ? 'failed' : 'done', trace: result.trace }
          : { ...b, status: 'failed', error: result.error },
    ),
  );
}

/** The finished branches of a run (what the run file carries). */
export function branchTraces(run: Trace): Trace[] {
  return branchesOf(run).flatMap((b) => (b.trace ? [b.trace] : []));
}

/** Branches read from a run file. */
export function restoreBranches(run: Trace, traces: readonly Trace[]): void {
  set(
    run,
    traces.map((t, i) => ({
      key: `b${i + 1}`,
      label: t.branch?.label ?? t.id,
      status: t.status === 'failed' ? 'failed' : 'done',
      trace: t,
    })),
  );
}

/** The run a branch was opened from, to step through the branch and come back (keyed like the runs). */
const parents = new Map<string, Trace>();

export function rememberParent(branch: Trace, parent: Trace): void {
  parents.set(runKey(branch), parent);
}

export function parentOf(branch: Trace): Trace | undefined {
  return parents.get(runKey(branch));
}

/** Shows a run (an original or one of its branches) in the inspector, keeping the passages on screen. */
export function showInInspector(run: Trace): void {
  appStore.getState().showTrace(run, appStore.getState().runPassages ?? undefined);
}

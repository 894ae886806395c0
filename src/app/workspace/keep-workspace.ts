// The workbench survives a reload: restore the saved records into the store once, then save each record
// when its part of the store changes (debounced; each record is one put, so a write is whole or absent).
import type { z } from 'zod';
import { errorMessage } from '../error-message.ts';
import type { Trace } from '../../core/trace/schema.ts';
import type { AppState, AppStore } from '../../state/store.ts';
import type { View } from '../../state/view-slice.ts';
import { branchesOf, branchTraces, restoreBranches, subscribeBranches } from '../whatif-store.ts';
import {
  savedBatch,
  savedBranches,
  savedChoices,
  savedRun,
  WORKSPACE_KEYS,
  type SavedBatch,
  type SavedBranches,
  type SavedChoices,
  type SavedRun,
} from './workspace-schema.ts';

/** The settings store as the page reaches it (the engine worker's IndexedDB). */
export interface WorkspaceStore {
  getSetting(key: string): Promise<unknown>;
  putSetting(key: string, value: unknown): Promise<void>;
}

export interface KeepOptions {
  /** Quiet time before a changed record is written. */
  debounceMs?: number;
  warn?: (message: string) => void;
}

const DEFAULTS = { debounceMs: 400, warn: (m: string) => console.warn(m) };

function read<T>(schema: z.ZodType<T>, value: unknown, what: string, warn: (m: string) => void): T | null {
  if (value === undefined || value === null) return null;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  warn(
    `hopscope: the saved ${what} (settings key ${WORKSPACE_KEYS[what as keyof typeof WORKSPACE_KEYS]}) does not match this build at ${issue?.path.join('.') || '(root)'}: ${issue?.message}; it is not restored`,
  );
  return null;
}

/**
 * The choices to save. `workView` is the tab to reopen: Settings is never reopened (its values are saved
 * as they change), so a reload returns to the view worked in before Settings.
 */
function choicesOf(s: AppState, workView: View = s.view): SavedChoices {
  // Every other choice is saved under its name in the store.
  const same = Object.fromEntries(Object.keys(savedChoices.shape).map((k) => [k, s[k as keyof AppState]]));
  return {
    ...same,
    corpusId: s.activeCorpusId,
    view: s.view === 'settings' ? workView : s.view,
    compareRequested: s.compareRequested > 0,
  } as SavedChoices;
}

/** The run on screen, once it has a trace; a streaming run is saved when it ends (its partial trace too). */
function runOf(s: AppState): SavedRun | null {
  if (s.runStatus === 'running' || !s.trace) return null;
  return { corpusId: s.activeCorpusId, trace: s.trace, passages: s.runPassages };
}

/** The run's what-if branches; none while it runs, nor for a branch stepped through (it keeps its parent's record). */
function branchesOfRun(s: AppState): SavedBranches | undefined {
  const run = s.trace;
  if (!run || run.branch || s.runStatus === 'running') return undefined;
  return { run: { id: run.id, createdAt: run.createdAt }, branches: branchTraces(run) };
}

/** Saved branches go back onto the run on screen when it is the run they were made from and has none yet. */
function restoreSavedBranches(run: Trace | null, saved: SavedBranches | null): void {
  if (!run || !saved?.branches.length || branchesOf(run).length > 0) return;
  if (run.id === saved.run.id && run.createdAt === saved.run.createdAt) restoreBranches(run, saved.branches as Trace[]);
}

function batchOf(s: AppState): SavedBatch {
  return {
    corpusId: s.activeCorpusId,
    runs: s.batchRuns,
    total: s.batchTotal,
    status: s.batchStatus,
    error: s.batchError,
  };
}

/**
 * Puts the saved records back into the store (only those of the corpus in use). What the user changed
 * since the page opened (`opened` is the store then) wins: a choice already made, a run already started
 * or a batch already begun is never replaced by the saved one.
 */
function applyWorkspace(
  store: AppStore,
  saved: { choices: SavedChoices | null; run: SavedRun | null; batch: SavedBatch | null },
  opened: AppState,
): void {
  const now = store.getState();
  const corpus = now.activeCorpusId;
  if (corpus !== opened.activeCorpusId) return;
  const { choices, run, batch } = saved;
  if (choices && choices.corpusId === corpus) {
    const { corpusId: _corpus, compareRequested, step: _step, ...rest } = choices;
    const untouched = Object.fromEntries(
      Object.entries(rest).filter(([k]) => now[k as keyof AppState] === opened[k as keyof AppState]),
    );
    store.setState({
      ...untouched,
      ...(now.compareRequested === opened.compareRequested && { compareRequested: compareRequested ? 1 : 0 }),
    });
  }
  if (run && run.corpusId === corpus && now.runSeq === opened.runSeq && now.trace === null) {
    store.getState().showTrace(run.trace, run.passages ?? undefined);
    const step = choices?.corpusId === corpus ? choices.step : null;
    if (step !== null && step <= run.trace.events.length) store.getState().setStep(step);
  }
  if (batch && batch.corpusId === corpus && batch.runs.length > 0 && now.batchStatus === 'idle') {
    // A batch cut short by the reload comes back stopped, so Resume runs what is missing. One that holds
    // every run had finished: the reload only beat the write of its status (the worker's write is lost
    // with the page), so it comes back done.
    const stopped = batch.status === 'running' || batch.status === 'idle';
    const complete = batch.runs.length >= batch.total;
    store.setState({
      batchRuns: batch.runs,
      batchTotal: batch.total,
      batchStatus: stopped ? (complete ? 'done' : 'cancelled') : batch.status,
      batchError: batch.error,
      batchStartedAt: null,
    });
  }
}

/**
 * Restores, then keeps saving. Returns a stop function (pending writes are flushed). Nothing is saved
 * before the restore has finished, so a fresh page never overwrites what it is about to read.
 */
export function keepWorkspace(store: AppStore, db: WorkspaceStore, options: KeepOptions = {}): () => void {
  const { debounceMs, warn } = { ...DEFAULTS, ...options };
  let stopped = false;
  const unsubscribe: (() => void)[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  // A record that reads as undefined when it is due is not written.
  const pending = new Map<string, () => unknown>();

  const write = (key: string) => {
    timers.delete(key);
    const value = pending.get(key)?.();
    pending.delete(key);
    if (value === undefined) return;
    db.putSetting(key, value).catch((err: unknown) => warn(`hopscope: could not save ${key}: ${errorMessage(err)}`));
  };
  const flush = () => {
    for (const [key, timer] of timers) {
      clearTimeout(timer);
      write(key);
    }
  };
  const schedule = (key: string, value: () => unknown) => {
    pending.set(key, value);
    clearTimeout(timers.get(key));
    const timer = setTimeout(() => write(key), debounceMs);
    timers.set(key, timer);
  };

  const opened = store.getState();
  void (async () => {
    const [choices, run, batch, branches] = await Promise.all([
      db.getSetting(WORKSPACE_KEYS.choices),
      db.getSetting(WORKSPACE_KEYS.run),
      db.getSetting(WORKSPACE_KEYS.batch),
      db.getSetting(WORKSPACE_KEYS.branches),
    ]).catch((err: unknown) => {
      warn(`hopscope: could not read the saved workspace: ${errorMessage(err)}`);
      return [undefined, undefined, undefined, undefined];
    });
    if (stopped) return;
    const saved = {
      choices: read(savedChoices, choices, 'choices', warn),
      run: read(savedRun, run, 'run', warn),
      batch: read(savedBatch, batch, 'batch', warn),
    };
    applyWorkspace(store, saved, opened);
    // the run's what-if branches, put back once the run is
    restoreSavedBranches(store.getState().trace, read(savedBranches, branches, 'branches', warn));
    const scheduleBranches = () => schedule(WORKSPACE_KEYS.branches, () => branchesOfRun(store.getState()));
    store.getState().setWorkspaceRestored();
    let workView: View = store.getState().view === 'settings' ? 'inspector' : store.getState().view;
    unsubscribe.push(subscribeBranches(scheduleBranches));
    unsubscribe.push(
      store.subscribe((s, prev) => {
        if (s.view !== 'settings') workView = s.view;
        if (s.trace !== prev.trace) scheduleBranches();
        const c = choicesOf(s, workView);
        const p = choicesOf(prev, workView);
        if ((Object.keys(c) as (keyof SavedChoices)[]).some((k) => c[k] !== p[k]))
          schedule(WORKSPACE_KEYS.choices, () => choicesOf(store.getState(), workView));
        if ((s.trace !== prev.trace || s.runStatus !== prev.runStatus) && s.runStatus !== 'running')
          schedule(WORKSPACE_KEYS.run, () => runOf(store.getState()));
        if (s.batchRuns !== prev.batchRuns || s.batchStatus !== prev.batchStatus || s.batchTotal !== prev.batchTotal) {
          schedule(WORKSPACE_KEYS.batch, () => batchOf(store.getState()));
          // A batch that just ended is written at once, with every other pending record (the tab it is on):
          // a reload right after it must not lose the results.
          if (s.batchStatus !== prev.batchStatus && s.batchStatus !== 'running') flush();
        }
      }),
    );
  })();

  return () => {
    stopped = true;
    for (const un of unsubscribe) un();
    flush();
  };
}

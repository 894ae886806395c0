// The what-if branches of the run on screen survive a reload: one record in the settings store
// (IndexedDB), written when they change and put back once the workspace's run is restored, if it is
// the same run (its trace id and start time). Validated when read back, like every workspace record.
import { z } from 'zod';
import { errorMessage } from '../error-message.ts';
import { readableTraceSchema } from '../../core/trace/load.ts';
import type { Trace } from '../../core/trace/schema.ts';
import type { AppStore } from '../../state/store.ts';
import { branchesOf, branchTraces, restoreBranches, subscribeBranches } from '../whatif-store.ts';
import type { WorkspaceStore } from './keep-workspace.ts';

const BRANCHES_KEY = 'workspace.v1.branches';

const savedBranches = z.object({
  /** The run the branches belong to: its trace id and start time. */
  run: z.object({ id: z.string(), createdAt: z.string() }),
  branches: z.array(readableTraceSchema),
});
export type SavedBranches = z.infer<typeof savedBranches>;

const sameRun = (t: Trace | null, saved: SavedBranches['run']) =>
  t !== null && t.id === saved.id && t.createdAt === saved.createdAt;

const recordKey = (run: Trace, branches: readonly Trace[]) =>
  `${run.id}@${run.createdAt}:${branches.map((b) => b.id).join(',')}`;

/** Restores the saved branches onto the restored run, then keeps saving them. Returns a stop function. */
export function keepBranches(
  store: AppStore,
  db: WorkspaceStore,
  warn: (m: string) => void = (m) => console.warn(m),
): () => void {
  let stopped = false;
  let last: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe: (() => void)[] = [];
  const save = () => {
    timer = undefined;
    const run = store.getState().trace;
    // a branch stepped through as the run on screen keeps its parent's record
    if (!run || run.branch || store.getState().runStatus === 'running') return;
    const branches = branchTraces(run);
    if (recordKey(run, branches) === last) return;
    last = recordKey(run, branches);
    const record: SavedBranches = { run: { id: run.id, createdAt: run.createdAt }, branches };
    db.putSetting(BRANCHES_KEY, record).catch((err: unknown) =>
      warn(`hopscope: could not save the branches: ${errorMessage(err)}`),
    );
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 300);
  };
  const start = async () => {
    const raw = await db.getSetting(BRANCHES_KEY).catch(() => undefined);
    if (stopped) return;
    if (raw !== undefined && raw !== null) {
      const parsed = savedBranches.safeParse(raw);
      const run = store.getState().trace;
      const saved = parsed.data?.branches as Trace[] | undefined;
      if (!parsed.success)
        warn(`hopscope: the saved branches (settings key ${BRANCHES_KEY}) do not match this build; not restored`);
      else if (run && sameRun(run, parsed.data.run) && branchesOf(run).length === 0 && saved?.length) {
        restoreBranches(run, saved);
        last = recordKey(run, saved);
      }
    }
    unsubscribe.push(
      subscribeBranches(schedule),
      store.subscribe((s, prev) => s.trace !== prev.trace && schedule()),
    );
  };
  // after the workspace keeper has put the run back (its branches belong to it)
  if (store.getState().workspaceRestored) void start();
  else {
    const un = store.subscribe((s) => {
      if (!s.workspaceRestored) return;
      un();
      void start();
    });
    unsubscribe.push(un);
  }
  return () => {
    stopped = true;
    if (timer) {
      clearTimeout(timer);
      save();
    }
    for (const un of unsubscribe) un();
  };
}

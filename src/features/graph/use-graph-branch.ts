// A what-if branch of the shown run against it: the branch picked beside the graph and the path of its
// final top passages against the run's (branch-path.ts).
import { useMemo, useState } from 'react';
import { useBranches } from '../../app/whatif-store.ts';
import type { Trace, TraceEvent } from '../../core/trace/schema.ts';
import { branchPath } from './branch-path.ts';

export function useGraphBranch(trace: Trace | null, events: readonly TraceEvent[]) {
  const branches = useBranches(trace);
  const [branchKey, setBranchKey] = useState<string | null>(null);
  const branch = branches.find((b) => b.key === branchKey && b.trace);
  const path = useMemo(() => (branch?.trace ? branchPath({ events }, branch.trace) : null), [branch, events]);
  return { branches, branchKey, setBranchKey, branch, path };
}

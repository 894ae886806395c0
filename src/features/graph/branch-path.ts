// A what-if branch against its original on the graph: the passages of the final top-k that only the
// branch reached, those only the original reached, and those both kept, marked on the passage nodes.
import type { GraphView } from '../../engine/engine-api.ts';
import { traceRanking } from '../../core/trace/fold.ts';
import type { TraceEvent } from '../../core/trace/schema.ts';
import { EMPTY_OVERLAY, type NodeMark, type Overlay } from './graph-style.ts';

/** How many of the final ranking the comparison reads (the results' Recall@5). */
export const BRANCH_TOP = 5;

export interface BranchPath {
  branchOnly: string[];
  originalOnly: string[];
  both: string[];
}

type Run = { events: readonly TraceEvent[] };

export function branchPath(original: Run, branch: Run): BranchPath {
  const top = (run: Run) => traceRanking(run).slice(0, BRANCH_TOP);
  const [a, b] = [top(original).map((r) => r.id), top(branch).map((r) => r.id)];
  return {
    branchOnly: b.filter((id) => !a.includes(id)),
    originalOnly: a.filter((id) => !b.includes(id)),
    both: b.filter((id) => a.includes(id)),
  };
}

/** Tags on the passage nodes in view: "branch only", "original only" (both-kept passages stay as they are). */
export function branchOverlay(view: Pick<GraphView, 'nodes'>, path: BranchPath): Overlay {
  const keyOf = new Map(view.nodes.filter((n) => n.kind === 'passage').map((n) => [n.label, n.key]));
  const nodes = new Map<string, NodeMark>();
  for (const [ids, tag] of [
    [path.branchOnly, 'branch only'],
    [path.originalOnly, 'original only'],
  ] as const)
    for (const id of ids) {
      const key = keyOf.get(id);
      if (key) nodes.set(key, { tags: [tag] });
    }
  return { ...EMPTY_OVERLAY, nodes };
}

// A branch against its original on the graph: dropping the original's top passage after round 1 puts it
// among the "original only" passages, and the overlay tags the passage nodes in view.
import { describe, expect, it } from 'vitest';
import { runStrategy } from '../../src/core/strategies/index.ts';
import { traceRanking } from '../../src/core/trace/fold.ts';
import { runBranch } from '../../src/core/whatif/branch.ts';
import { branchOverlay, branchPath } from '../../src/features/graph/branch-path.ts';
import { dataset, demoContext } from '../core/whatif/demo.ts';

describe('branch path on the graph', () => {
  it('splits the final top 5 into branch only, original only and both, and tags the nodes', async () => {
    const { ctx } = await demoContext('bdtr');
    const q = dataset.questions[0]!;
    const parent = await runStrategy('bdtr', q, ctx, { corpus: dataset.corpus, retrieverName: 'bm25' });
    const top = traceRanking(parent)[0]!.id;
    const branch = await runBranch(parent, { kind: 'pool', round: 0, drop: [top] }, ctx);

    expect(branchPath(parent, parent)).toMatchObject({ branchOnly: [], originalOnly: [] });
    const path = branchPath(parent, branch);
    expect(path.originalOnly).toContain(top);
    expect(path.both).not.toContain(top);
    expect(path.branchOnly.length).toBe(path.originalOnly.length);

    const ids = [...path.branchOnly, ...path.originalOnly, 'p-not-in-the-run'];
    const view = { nodes: ids.map((id, i) => ({ key: `n${i}`, label: id, kind: 'passage' as const })) };
    const overlay = branchOverlay(view as never, path);
    expect(overlay.nodes.get(`n${path.branchOnly.length}`)).toEqual({ tags: ['original only'] });
    if (path.branchOnly.length > 0) expect(overlay.nodes.get('n0')).toEqual({ tags: ['branch only'] });
    expect(overlay.nodes.has(`n${ids.length - 1}`)).toBe(false);
  });
});

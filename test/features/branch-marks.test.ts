// A branch comparison an analyst can read: passages named by title, and bold only for what the change
// names and what differs in the final ranking (a drop early in the run no longer marks every line).
import { describe, expect, it } from 'vitest';
import { changedIds, withTitles } from '../../src/features/inspector/branch-marks.ts';
import { runStrategy } from '../../src/core/strategies/index.ts';
import { foldTrace, traceIds } from '../../src/core/trace/fold.ts';
import { runBranch } from '../../src/core/whatif/branch.ts';
import { verifierSelection } from '../../src/core/whatif/counterfactual.ts';
import { dataset, demoContext, passages } from '../core/whatif/demo.ts';

describe('branch comparison marks', () => {
  it('names passages by title, and marks the change and the final ranking differences only', async () => {
    const { ctx } = await demoContext('bdtr');
    const parent = await runStrategy('bdtr', dataset.questions[0]!, ctx, {
      corpus: dataset.corpus,
      retrieverName: 'bm25',
    });
    const verify = parent.events.find((e) => e.type === 'verify');
    if (verify?.type !== 'verify') throw new Error('no verifier');
    const change = verifierSelection(parent, verify.candidates.slice(0, 2));
    if (change.kind !== 'reply' || !change.note) throw new Error('a verifier selection is a reply with a note');
    const branch = await runBranch(parent, change, ctx, { label: change.note });
    const ids = new Set([...traceIds(parent.events), ...traceIds(branch.events)]);
    const title = (id: string) => passages.get(id)?.title ?? id;
    const label = withTitles(branch.branch!.label, ids, title);
    expect(label).not.toMatch(/\bp\d+\b/);
    expect(label).toContain(`"${title(verify.candidates[0]!)}"`);

    const a = foldTrace(parent.events);
    const b = foldTrace(branch.events);
    const marked = changedIds(a, b, branch);
    const all = new Set([
      ...a.stages.flatMap((s) => [...s.ranks.keys()]),
      ...b.stages.flatMap((s) => [...s.ranks.keys()]),
    ]);
    expect(marked.size).toBeLessThan(all.size);
    const fa = a.stages.at(-1)!.ranks;
    const fb = b.stages.at(-1)!.ranks;
    for (const id of marked) {
      const x = fa.get(id);
      const y = fb.get(id);
      expect(x === undefined || y === undefined || Math.abs(x - y) > 1).toBe(true);
    }
    // a drop is always marked, wherever it was
    const dropped = [...fa.keys()][0]!;
    const drop = await runBranch(parent, { kind: 'pool', round: 1, drop: [dropped] }, ctx);
    expect(changedIds(a, foldTrace(drop.events), drop).has(dropped)).toBe(true);
  });
});

// A branch with no change reproduces its parent exactly (times aside) for every strategy, so any
// difference a branch shows is caused by its intervention.
import { describe, expect, it } from 'vitest';
import { RUNNABLE, runStrategy, traceRanking } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import { traceSchema } from '../../../src/core/trace/schema.ts';
import { runBranch } from '../../../src/core/whatif/branch.ts';
import { comparable, firstDifference } from '../../../src/core/whatif/diff.ts';
import { dataset, demoContext } from './demo.ts';

describe('a rerun branch equals its parent', () => {
  it.each(RUNNABLE)(
    '%s: rerun from round 0 and from round 1 reproduce the trace on two demo questions',
    async (name) => {
      const { ctx, retrieverName } = await demoContext(name);
      for (const q of dataset.questions.slice(0, 2)) {
        const parent = await runStrategy(name, q, ctx, { corpus: dataset.corpus, retrieverName });
        for (const round of [0, 1]) {
          const branch = await runBranch(parent, { kind: 'rerun', round }, ctx);
          expect(branch.status).toBe(parent.status);
          expect(branch.events.map(comparable)).toEqual(parent.events.map(comparable));
          expect(firstDifference(parent.events, branch.events)).toBeNull();
          expect(traceRanking(branch)).toEqual(traceRanking(parent));
          expect(traceAnswer(branch)).toEqual(traceAnswer(parent));
          expect(branch.options).toEqual(parent.options);
          expect(branch.branch).toMatchObject({ parentId: parent.id, oracle: false, intervention: { kind: 'rerun' } });
          expect(branch.branch!.parent).toMatch(/^[0-9a-f]{64}$/);
          expect(traceSchema.safeParse(branch).success).toBe(true);
        }
      }
    },
    120_000,
  );
});

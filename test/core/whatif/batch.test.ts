// The counting a host does when it runs the branches itself (the browser batch, in the engine worker):
// counterfactualEntry per question and summarizeCounterfactuals per strategy give what
// runCounterfactuals (the CLI's batch form) gives.
import { describe, expect, it } from 'vitest';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { runBranch } from '../../../src/core/whatif/branch.ts';
import {
  counterfactualEntry,
  counterfactualOutcome,
  runCounterfactuals,
  summarizeCounterfactuals,
} from '../../../src/core/whatif/batch.ts';
import { parseCounterfactual } from '../../../src/core/whatif/counterfactual.ts';
import { dataset, demoContext } from './demo.ts';

const KS = [5];

describe('counterfactual counting outside runCounterfactuals', () => {
  it.each(['rerun', 'gold-bridge@1', 'drop-promoted'])('%s: same rows and summary', async (raw) => {
    const spec = parseCounterfactual(raw);
    const { ctx } = await demoContext('bdtr');
    const meta = { corpus: dataset.corpus, retrieverName: 'bm25' };
    const parents = [];
    for (const q of dataset.questions.slice(0, 3)) parents.push(await runStrategy('bdtr', q, ctx, meta));
    const entries = [];
    for (const parent of parents) {
      const outcome = await counterfactualOutcome(parent, spec, (change) =>
        runBranch(parent, change, ctx, { label: spec.text, oracle: spec.oracle }),
      );
      entries.push(counterfactualEntry(parent, spec, outcome, KS));
    }
    const cli = await runCounterfactuals(parents, spec, ctx, KS);
    expect(entries.map((e) => e.row)).toEqual(cli.rows);
    const summary = summarizeCounterfactuals(spec, entries, KS);
    expect(summary).toEqual(cli.summary);
    expect(summary.oracle).toBe(raw === 'gold-bridge@1');
    if (raw === 'rerun') expect(summary).toMatchObject({ questions: 3, applied: 3, changed: 0, fixed: 0, broken: 0 });
    expect(summary.fixed).toBeLessThanOrEqual(summary.failed);
  });
});

describe('row statuses', () => {
  it('a branch that throws, ends in an error, or whose plain run failed is counted apart, never as changed', async () => {
    const spec = parseCounterfactual('gold-bridge@1');
    const { ctx } = await demoContext('bdtr');
    const meta = { corpus: dataset.corpus, retrieverName: 'bm25' };
    const parent = await runStrategy('bdtr', dataset.questions[0]!, ctx, meta);
    const thrown = await counterfactualOutcome(parent, spec, () => Promise.reject(new Error('server said 500')));
    expect(thrown).toEqual({ failed: 'server said 500' });
    const erred = {
      ...parent,
      status: 'failed' as const,
      events: [...parent.events, { type: 'error' as const, t: 1, round: 1, module: 'llm', message: 'replay miss' }],
    };
    const failedPlain = { ...parent, status: 'failed' as const };
    const entries = [
      counterfactualEntry(parent, spec, thrown, KS),
      counterfactualEntry(parent, spec, { branch: erred }, KS),
      counterfactualEntry(
        failedPlain,
        spec,
        await counterfactualOutcome(failedPlain, spec, () => Promise.reject(new Error('never'))),
        KS,
      ),
      counterfactualEntry(parent, spec, { skip: 'no bridge passages' }, KS),
    ];
    expect(entries.map((e) => [e.row.status, e.row.reason, e.row.changed])).toEqual([
      ['branch-failed', 'server said 500', false],
      ['branch-failed', 'replay miss', false],
      ['plain-failed', 'the plain run failed', false],
      ['not-applied', 'no bridge passages', false],
    ]);
    const s = summarizeCounterfactuals(spec, entries, KS);
    expect(s).toMatchObject({
      questions: 4,
      applied: 0,
      notApplied: 1,
      branchFailed: 2,
      plainFailed: 1,
      changed: 0,
      failed: 0,
      fixed: 0,
      broken: 0,
    });
    expect(s.recallDelta[5]).toBeNaN();
  });

  it('a change the run never applied (a round past the run) is "not applied" with the warning as its reason', async () => {
    const spec = parseCounterfactual('gold-bridge@9');
    const { ctx } = await demoContext('bdtr');
    const parent = await runStrategy('bdtr', dataset.questions[0]!, ctx, {
      corpus: dataset.corpus,
      retrieverName: 'bm25',
    });
    const cf = await runCounterfactuals([parent], spec, ctx, KS);
    expect(cf.rows[0]).toMatchObject({ status: 'not-applied', changed: false });
    expect(cf.rows[0]!.reason).toMatch(/not applied/);
    expect(cf.summary).toMatchObject({ applied: 0, notApplied: 1 });
  });

  it('an aborted signal stops the pass: no branch runs, nothing is counted as applied', async () => {
    const spec = parseCounterfactual('rerun');
    const { ctx } = await demoContext('bdtr');
    const parent = await runStrategy('bdtr', dataset.questions[0]!, ctx, {
      corpus: dataset.corpus,
      retrieverName: 'bm25',
    });
    const stop = new AbortController();
    stop.abort();
    const cf = await runCounterfactuals([parent, parent], spec, { ...ctx, signal: stop.signal }, KS);
    expect(cf.branches).toHaveLength(0);
    expect(cf.summary).toMatchObject({ applied: 0, branchFailed: 2 });
  });
});

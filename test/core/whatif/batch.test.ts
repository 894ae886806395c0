// The counting a host does when it runs the branches itself (the browser batch, in the engine worker):
// counterfactualEntry per question and summarizeCounterfactuals per strategy give what
// runCounterfactuals (the CLI's batch form) gives.
import { describe, expect, it } from 'vitest';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { runBranch } from '../../../src/core/whatif/branch.ts';
import { counterfactualEntry, runCounterfactuals, summarizeCounterfactuals } from '../../../src/core/whatif/batch.ts';
import { counterfactualFor, parseCounterfactual } from '../../../src/core/whatif/counterfactual.ts';
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
      const what = counterfactualFor(spec, parent);
      const outcome =
        'skip' in what
          ? what
          : { branch: await runBranch(parent, what.intervention, ctx, { label: spec.text, oracle: spec.oracle }) };
      entries.push(counterfactualEntry(parent, spec, outcome, KS));
    }
    const cli = await runCounterfactuals(parents, spec, ctx, KS);
    expect(entries.map((e) => e.row)).toEqual(cli.rows);
    const summary = summarizeCounterfactuals(spec, entries, KS);
    expect(summary).toEqual(cli.summary);
    expect(summary.oracle).toBe(raw === 'gold-bridge@1');
    if (raw === 'rerun') expect(summary).toMatchObject({ questions: 3, changed: 0, fixed: 0, broken: 0 });
    expect(summary.fixed).toBeLessThanOrEqual(summary.failed);
  });
});

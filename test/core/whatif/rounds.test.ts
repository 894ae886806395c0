// One meaning of @R for every strategy: the pool after round R's retrieval, round 0 being the run's
// first retrieval. Each descriptor declares where its first retrieval is; the declaration matches what
// its runs record, and gold-all@R puts the gold passages at the top of that pool for every strategy.
import { describe, expect, it } from 'vitest';
import { RUNNABLE, runStrategy } from '../../../src/core/strategies/index.ts';
import { flatten } from '../../../src/core/strategies/descriptor.ts';
import { REGISTRY } from '../../../src/core/strategies/registry.ts';
import { runBranch } from '../../../src/core/whatif/branch.ts';
import { counterfactualFor, parseCounterfactual, traceRoundOf } from '../../../src/core/whatif/counterfactual.ts';
import { dataset, demoContext } from './demo.ts';

describe('@R in every descriptor', () => {
  it('every strategy declares what its round R is', () => {
    for (const d of flatten(REGISTRY)) {
      expect(d.rounds.round, d.name).not.toBe('');
      expect([0, 1, 'member'], d.name).toContain(d.rounds.first);
    }
  });

  it.each(RUNNABLE)('%s: @0 is the trace round of its first retrieval', async (name) => {
    const { ctx, retrieverName } = await demoContext(name);
    const t = await runStrategy(name, dataset.questions[0]!, ctx, { corpus: dataset.corpus, retrieverName });
    const first = t.events.find((e) => e.type === 'retrieve');
    expect(first).toBeDefined();
    expect(traceRoundOf(t, 0)).toBe(first!.round);
  });
});

describe('gold insertion is pinned at the top of the pool', () => {
  it.each(RUNNABLE)('%s: gold-all@1 heads the pool after round 1 (or is not applied, saying why)', async (name) => {
    const spec = parseCounterfactual('gold-all@1');
    const { ctx, retrieverName } = await demoContext(name);
    let pinned = 0;
    for (const q of dataset.questions.slice(0, 2)) {
      const parent = await runStrategy(name, q, ctx, { corpus: dataset.corpus, retrieverName });
      const what = counterfactualFor(spec, parent);
      if ('skip' in what) continue;
      const branch = await runBranch(parent, what.intervention, ctx, { oracle: true });
      const warned = branch.events.some((e) => e.type === 'warning' && e.module === 'whatif');
      const round = traceRoundOf(parent, 1);
      const pool = branch.events.find((e) => e.type === 'pool' && e.round === round);
      if (warned) {
        // not applied: the run has no pool after round 1 (static, the ablation without thought rounds, an early stop)
        expect(parent.events.some((e) => e.type === 'pool' && e.round === round)).toBe(false);
        continue;
      }
      if (pool?.type !== 'pool') throw new Error(`${name}: no pool at trace round ${round}`);
      const gold = q.gold;
      expect(new Set(pool.pool.slice(0, gold.length).map((p) => p.id)), `${name} ${q.id}`).toEqual(new Set(gold));
      pinned++;
    }
    // only the strategies with a single retrieval have no pool after round 1
    expect(pinned > 0, name).toBe(!['single', 'single-read', 'static', 'bdtr-bgec'].includes(name));
  });
});

describe('the rounds table', () => {
  it('docs/what-if.md holds the table generated from the descriptors', async () => {
    const { readFile } = await import('node:fs/promises');
    const { roundsTable } = await import('../../../src/core/whatif/rounds.ts');
    const doc = await readFile(new URL('../../../docs/what-if.md', import.meta.url), 'utf8');
    expect(doc).toContain(roundsTable());
  });

  it("the CLI help lists every strategy's round R", async () => {
    const { USAGE } = await import('../../../src/cli/args.ts');
    expect(USAGE).toContain("@R is the pool after round R's retrieval");
    for (const d of flatten(REGISTRY).filter((x) => x.kind !== 'baseline'))
      expect(USAGE).toMatch(new RegExp(`\\n  ${d.name}\\n      round|\\n  ${d.name}\\n      (the chosen|each member)`));
  });
});

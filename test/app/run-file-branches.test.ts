// A run file carries the run's what-if branches: each with the passages it mentions (an inserted
// passage the parent never saw too), read back unchanged; a branch's passage missing from the file is named.
import { describe, expect, it } from 'vitest';
import { makeRunFile, parseRunOrTrace, RunFileError } from '../../src/app/trace/run-file.ts';
import { runStrategy } from '../../src/core/strategies/index.ts';
import { runBranch } from '../../src/core/whatif/branch.ts';
import { checkBranches } from '../../src/core/whatif/check.ts';
import { counterfactualFor, parseCounterfactual } from '../../src/core/whatif/counterfactual.ts';
import { dataset, demoContext, passages } from '../core/whatif/demo.ts';

describe('run file with branches', () => {
  it('round-trips the branches and their passages', async () => {
    const { ctx } = await demoContext('bdtr');
    const parent = await runStrategy('bdtr', dataset.questions[0]!, ctx, {
      corpus: dataset.corpus,
      retrieverName: 'bm25',
    });
    const seen = new Set(parent.events.flatMap((e) => (e.type === 'retrieve' ? e.results.map((r) => r.id) : [])));
    const outsider = dataset.corpus.passages.find((p) => !seen.has(p.id))!.id;
    const branch = await runBranch(parent, { kind: 'pool', round: 1, insert: { ids: [outsider] } }, ctx);
    const file = makeRunFile(parent, (id) => passages.get(id), new Date('2026-11-25T00:00:00Z'), [branch]);
    expect(file.passages.map((p) => p.id)).toContain(outsider);
    const back = parseRunOrTrace(JSON.stringify(file), 'run.json');
    expect(back.trace).toEqual(parent);
    expect(back.branches).toEqual([branch]);

    const without = { ...file, passages: file.passages.filter((p) => p.id !== outsider) };
    expect(() => parseRunOrTrace(JSON.stringify(without), 'run.json')).toThrow(RunFileError);
    expect(() => parseRunOrTrace(JSON.stringify(without), 'run.json')).toThrow(
      /run\.json: the trace mentions 1 passage\(s\) the file does not carry/,
    );
  });
});

describe('run file branches are checked on import', () => {
  const setup = async () => {
    const { ctx } = await demoContext('bdtr');
    const meta = { corpus: dataset.corpus, retrieverName: 'bm25' };
    const parent = await runStrategy('bdtr', dataset.questions[0]!, ctx, meta);
    const other = await runStrategy('bdtr', dataset.questions[1]!, ctx, meta);
    const what = counterfactualFor(parseCounterfactual('gold-all@1'), parent);
    if ('skip' in what) throw new Error('demo-01 has gold');
    const oracle = await runBranch(parent, what.intervention, ctx, { label: 'gold-all@1', oracle: true });
    const rerun = await runBranch(parent, { kind: 'rerun', round: 1 }, ctx);
    const ofOther = await runBranch(other, { kind: 'rerun', round: 1 }, ctx);
    return { parent, oracle, rerun, ofOther };
  };

  it('a run file read back keeps its branches; a branch of another run, question or step is refused with the reason', async () => {
    const { parent, oracle, rerun, ofOther } = await setup();
    const hidden = { ...oracle, id: 'hidden-oracle', branch: { ...oracle.branch!, oracle: false } };
    const badStep = { ...rerun, id: 'bad-step', branch: { ...rerun.branch!, step: parent.events.length + 5 } };
    const otherQuestion = { ...ofOther, id: 'other-q', branch: { ...ofOther.branch!, parentId: parent.id } };
    const file = makeRunFile(parent, (id) => passages.get(id), new Date('2026-11-25T00:00:00Z'), [
      oracle,
      rerun,
      hidden,
      badStep,
      ofOther,
      otherQuestion,
    ]);
    const back = parseRunOrTrace(JSON.stringify(file), 'run.json');
    const checked = await checkBranches(back.trace, back.branches);
    expect(checked.branches.map((b) => b.id)).toEqual([oracle.id, rerun.id, 'hidden-oracle']);
    // the oracle flag is recomputed from the change: inserting the gold passages reads the gold
    expect(checked.branches.map((b) => b.branch!.oracle)).toEqual([true, false, true]);
    expect(Object.fromEntries(checked.refused.map((r) => [r.id, r.reason]))).toEqual({
      'bad-step': expect.stringMatching(/step \d+ is outside the run's \d+ events/),
      [ofOther.id]: expect.stringMatching(/its parent is ".*demo-02", not this run/),
      'other-q': expect.stringMatching(/hash does not match|of question "demo-02"/),
    });
  });

  it('a run changed after its branch was made refuses the branch', async () => {
    const { parent, rerun } = await setup();
    const changed = { ...parent, events: parent.events.slice(0, -1) };
    const checked = await checkBranches(changed, [rerun]);
    expect(checked.refused[0]?.reason).toMatch(/hash does not match/);
  });
});

// A run file carries the run's what-if branches: each with the passages it mentions (an inserted
// passage the parent never saw too), read back unchanged; a branch's passage missing from the file is named.
import { describe, expect, it } from 'vitest';
import { makeRunFile, parseRunOrTrace, RunFileError } from '../../src/app/trace/run-file.ts';
import { runStrategy } from '../../src/core/strategies/index.ts';
import { runBranch } from '../../src/core/whatif/branch.ts';
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

// docs/results.md is generated: the committed file must equal what docs/results/*.json renders, so no
// hand-typed number can drift from the runs that produced it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkResults, firstDifference, loadRecords } from '../../scripts/results/main.ts';
import { summarise } from '../../scripts/results/record.ts';
import { renderResults } from '../../scripts/results/render.ts';

const meta = {
  id: 'strategies-musique',
  table: 'strategies',
  dataset: 'musique',
  command: 'npm run eval -- --dataset ../shared/data/musique --retriever hipporag2 --strategy static,bdtr',
  date: '2026-01-01 00:00 UTC',
  commit: 'abc1234',
  machine: '2 cores',
  seconds: 1,
};

const strategyOutput = (name: string, recalls: number[]) => ({
  strategy: name,
  title: name,
  regime: 'iterative',
  summary: {
    count: recalls.length,
    em: 0.5,
    acc: 0.5,
    normalize: name === 'bdtr' ? 'none' : 'minmax',
    readerPassages: 5,
    llmCallsPerQuestion: name === 'bdtr' ? 5 : 1,
    roundsUsed: name === 'bdtr' ? 2 : 0,
    failed: 0,
    aborted: 0,
    recallByRound: [{ round: 0, 'recall@5': 0.5 }],
    diagnostics: { coverageGap: { rate: 0.25, applicable: 4, flagged: 1, lateHitRate: 0 } },
  },
  questions: recalls.map((r, i) => ({ id: `q${i}`, recall: { '5': r }, em: i % 2, goldRanks: [r === 1 ? 1 : null] })),
});

describe('docs/results.md', () => {
  it('equals what the committed docs/results/*.json renders (npm run results -- --check)', async () => {
    expect(await checkResults()).toBeNull();
  });

  it('summarises a CLI output with both halves in dataset order (first half = the first ceil(n/2))', () => {
    const record = summarise(
      {
        retriever: 'hipporag2',
        llm: 'offline thinker (no LLM)',
        strategies: {
          static: strategyOutput('static', [1, 1, 0, 0, 0]),
          bdtr: strategyOutput('bdtr', [1, 0.5, 1, 0.5, 1]),
        },
      },
      meta,
    );
    const bdtr = record.strategies!.bdtr!.iterative!;
    expect(bdtr.halves).toEqual([3, 2]);
    expect(bdtr.recall['5']).toBeCloseTo(0.8);
    expect(bdtr.recallFirst['5']).toBeCloseTo(2.5 / 3);
    expect(bdtr.recallSecond['5']).toBeCloseTo(0.75);
    expect(record.strategies!.static!.iterative!.recallSecond['5']).toBe(0);
    expect(bdtr.diagnostics.coverageGap).toEqual({ rate: 0.25, applicable: 4 });
  });

  it('summarises a one-strategy output, whose fields the CLI writes at the top level', () => {
    const record = summarise(
      { retriever: 'hipporag2', ks: [5], ...strategyOutput('bdtr', [1, 0, 1]) },
      { ...meta, id: 'bdtr-minmax-musique' },
    );
    expect(record.retrieval).toBeUndefined();
    expect(record.strategies!.bdtr!.iterative!.recallFirst['5']).toBeCloseTo(0.5);
    expect(record.strategies!.bdtr!.iterative!.normalize).toBe('none');
  });

  it('renders the second-half verdict from the numbers and says what is not generated yet', () => {
    const record = summarise(
      {
        retriever: 'hipporag2',
        strategies: {
          static: strategyOutput('static', [1, 1, 0, 0, 0]),
          bdtr: strategyOutput('bdtr', [1, 0.5, 1, 0.5, 1]),
        },
      },
      meta,
    );
    const md = renderResults(new Map([[record.id, record]]));
    // second half: q3, q4; BDTR 1 and 0.5 against static's 0 and 0 -> +75 points, every resample above 0
    expect(md).toContain(
      'MuSiQue: BDTR (fact-seeded) 0.750 vs the best baseline on this half, static, 0.000: +75.0 points [+50.0, +100.0], **ahead**.',
    );
    expect(md).toContain('## Fitted defaults');
    expect(md).toContain('| Fact scorer BM25 b');
    expect(md).toContain('2Wiki: not generated yet.');
    expect(md).toContain('`strategies-2wikimultihopqa`');
    expect(md).toContain('offline thinker');
  });

  it('a question that failed is in no mean and has no per-question score (null, not 0)', () => {
    const out = strategyOutput('bdtr', [1, 0, 1, 0.5]);
    out.summary.failed = 1;
    (out.questions[1] as Record<string, unknown>).status = 'failed';
    for (const i of [0, 2, 3]) (out.questions[i] as Record<string, unknown>).status = 'done';
    const r = summarise({ retriever: 'hipporag2', ...out }, { ...meta, id: 'x' }).strategies!.bdtr!.iterative!;
    expect(r.recall['5']).toBeCloseTo(2.5 / 3);
    expect(r.recallFirst['5']).toBe(1); // q0 only: q1 failed
    expect(r.halves).toEqual([1, 2]);
    expect(r.perQuestion?.r5).toEqual([1, null, 1, 0.5]);
    expect(r.perQuestion?.em).toEqual([0, null, 0, 1]);
  });

  it('names the first line that differs', () => {
    expect(firstDifference('a\nb\nc', 'a\nb\nc')).toBeNull();
    expect(firstDifference('a\nR@5 0.551\nc', 'a\nR@5 0.552\nc')).toBe(
      'line 2:\n  file:      R@5 0.551\n  generated: R@5 0.552',
    );
  });

  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('refuses a damaged or hand-edited result file, naming it and the field', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'results-'));
    dirs.push(dir);
    await writeFile(join(dir, 'x.json'), '{"format":"hopscope-results/1"');
    await expect(loadRecords(dir)).rejects.toThrow(/docs\/results\/x\.json: not JSON/);
    await writeFile(join(dir, 'x.json'), JSON.stringify({ ...meta, format: 'hopscope-results/1', seconds: 'one' }));
    await expect(loadRecords(dir)).rejects.toThrow(/docs\/results\/x\.json: seconds: /);
  });
});

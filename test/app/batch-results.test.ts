// Batch aggregates on hand-checked rows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accuracyByType,
  byType,
  complementarity,
  perRoundRecall,
  recallCurve,
  rowFromTrace,
  rowsToCsv,
  BATCH_KS,
  type BatchRow,
} from '../../src/app/batch/results.ts';
import { summarizeTraces } from '../../src/core/batch/strategy.ts';
import { allGoldAtK, recallAtK } from '../../src/core/eval/retrieval-metrics.ts';
import type { RunMetrics } from '../../src/core/eval/run-metrics.ts';
import { loadTrace } from '../../src/core/trace/load.ts';

/** A row as rowFromTrace makes it, from a final ranking and its pools (core's metrics over them). */
const row = (
  strategy: string,
  questionId: string,
  type: string,
  ranking: string[],
  gold: string[],
  roundPools: string[][] = [ranking],
  status: BatchRow['status'] = 'done',
): BatchRow => {
  const at = (ids: string[], f: typeof recallAtK) => Object.fromEntries(BATCH_KS.map((k) => [k, f(ids, gold, k)]));
  const metrics = gold.length
    ? ({
        id: questionId,
        type,
        recall: at(ranking, recallAtK),
        allGold: at(ranking, allGoldAtK),
        recallByRound: roundPools.map((p) => at(p, recallAtK)),
        tokensByModule: {},
        status,
      } as unknown as RunMetrics)
    : null;
  return {
    strategy,
    questionId,
    question: `q ${questionId}`,
    type,
    metrics,
    ranking,
    gold,
    firstGoldRank: null,
    answer: null,
    em: null,
    f1: null,
    acc: null,
    ms: 1,
    status,
    error: status === 'failed' ? 'answer: connect ECONNREFUSED' : null,
    trace: undefined as never,
  };
};

const rows = [
  row(
    'A',
    'q1',
    'bridge',
    ['g1', 'x', 'g2'],
    ['g1', 'g2'],
    [
      ['x', 'g1'],
      ['g1', 'x', 'g2'],
    ],
  ),
  row('A', 'q2', 'comparison', ['y', 'h1'], ['h1']),
  row('B', 'q1', 'bridge', ['x', 'y', 'z', 'w', 'v', 'g1'], ['g1', 'g2']),
  row('B', 'q2', 'comparison', ['h1'], ['h1']),
];

describe('batch aggregates', () => {
  it('recall curve: mean over questions of recall@k', () => {
    const [a, b] = recallCurve(rows, 3);
    // A: k=1 -> q1 1/2, q2 0 -> 0.25; k=2 -> 0.5, 1 -> 0.75; k=3 -> 1, 1 -> 1.
    expect(a?.points.map((p) => p.recall)).toEqual([0.25, 0.75, 1]);
    expect(b?.points.map((p) => p.recall)).toEqual([0.5, 0.5, 0.5]);
  });

  it('per-round Recall@5 holds a finished question at its last pool', () => {
    expect(perRoundRecall(rows)).toEqual([
      { strategy: 'A', rounds: [0.75, 1] },
      { strategy: 'B', rounds: [0.5] },
    ]);
  });

  it('by type and complementarity', () => {
    expect(byType(rows, 2)).toEqual([
      { type: 'bridge', values: { A: 0.5, B: 0 }, count: 1 },
      { type: 'comparison', values: { A: 1, B: 1 }, count: 1 },
    ]);
    expect(complementarity(rows, 'A', 'B', 5)).toEqual({ aOnly: 1, bOnly: 0, both: 1, neither: 0 });
  });

  it('CSV names the LLM, quotes cells with commas and leaves recall empty without gold', () => {
    const csv = rowsToCsv([
      {
        ...row('A', 'q,3', 'x', ['a'], []),
        question: 'say "hi", ok',
        trace: { llm: 'offline thinker (no LLM)', regime: 'no-context' } as BatchRow['trace'],
      },
    ]);
    expect(csv.split('\n')[0]).toMatch(/^strategy,llm,regime,question_id,/);
    expect(csv.split('\n')[1]).toBe('A,offline thinker (no LLM),no-context,"q,3",x,"say ""hi"", ok",,,,,,,,,,,1,done,');
  });

  it('a failed run is never a result: out of every plot, blank scores in the CSV, its error named', () => {
    // B failed on q2 with no context at all: counted as 0 it would pull B's recall curve down
    const failed = row('B', 'q2', 'comparison', [], ['h1'], [[]], 'failed');
    const withFailure = [...rows.slice(0, 3), failed];
    expect(recallCurve(withFailure, 1)[1]?.points.map((p) => p.recall)).toEqual([0]); // q1 only: k=1 -> 0
    expect(recallCurve(withFailure, 6)[1]?.points.at(-1)?.recall).toBe(0.5); // q1 alone, not (0.5 + 0) / 2
    // B has no completed comparison question: n/a (NaN, drawn as n/a), not 0
    expect(byType(withFailure, 2).find((t) => t.type === 'comparison')?.values).toEqual({ A: 1, B: Number.NaN });
    // the pair shares q1 only (q2 failed for B)
    expect(complementarity(withFailure, 'A', 'B', 5)).toEqual({ aOnly: 1, bOnly: 0, both: 0, neither: 0 });
    const line = rowsToCsv([{ ...failed, trace: { llm: 'gpt', regime: 'iterative' } as BatchRow['trace'] }]).split(
      '\n',
    )[1];
    expect(line).toBe('B,gpt,iterative,q2,comparison,q q2,,,,,,,,,,,1,failed,answer: connect ECONNREFUSED');
    // a lane where every run failed has no point at all (not a line at 0)
    expect(recallCurve([failed], 3)).toEqual([]);
  });

  it('reads a recorded BDTR trace into a row of core metrics, and pools it as the CLI does', () => {
    const trace = loadTrace(
      JSON.parse(readFileSync(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url), 'utf8')),
    );
    const r = rowFromTrace('bdtr', trace);
    // one path: the batch's aggregates are the CLI's summary of the same traces
    const cli = summarizeTraces('bdtr', [trace], BATCH_KS);
    expect(r.metrics?.recallByRound).toEqual(cli.questions[0]?.recallByRound);
    expect(perRoundRecall([r])[0]?.rounds).toEqual(cli.recallByRound.map((x) => x.recall[5]));
    expect(recallCurve([r], 20)[0]?.points.map((p) => p.recall)).toEqual(BATCH_KS.map((k) => cli.summary?.recall[k]));
    expect(r.firstGoldRank).toBe(1);
    expect(r.type).toBe('bridge');
    expect(r).toMatchObject({ answer: 'Dunmere', em: 1, f1: 1, acc: 1 });
    // a retrieval-only lane (no answer scores) is left out of the accuracy plot
    const { em: _em, f1: _f1, acc: _acc, answer: _answer, ...unanswered } = r.metrics as RunMetrics;
    const single = {
      ...r,
      strategy: 'single',
      metrics: unanswered as RunMetrics,
      answer: null,
      em: null,
      f1: null,
      acc: null,
    };
    expect(accuracyByType([r, single])).toEqual([{ type: 'bridge', values: { bdtr: 1 }, count: 1 }]);
  });
});

// The batch loop: cancel stops between jobs, resume runs only the missing ones, a failure rejects.
import { describe, expect, it } from 'vitest';
import { batchJobs, jobKey, runBatch } from '../../src/app/batch/runner.ts';
import type { Trace } from '../../src/core/trace/schema.ts';
import type { Question } from '../../src/core/types.ts';

const qs: Question[] = ['q1', 'q2', 'q3'].map((id) => ({ id, question: id, answers: [], gold: [] }));
const traceFor = (strategy: string, q: Question) => ({ id: `${strategy}-${q.id}`, question: q }) as unknown as Trace;

describe('batch runner', () => {
  it('runs strategy x question, stops when cancelled and resumes with the rest', async () => {
    const jobs = batchJobs(['bm25', 'hipporag2'] as const, qs);
    expect(jobs.map((j) => jobKey(j.strategy, j.question.id))).toEqual([
      'bm25|q1',
      'bm25|q2',
      'bm25|q3',
      'hipporag2|q1',
      'hipporag2|q2',
      'hipporag2|q3',
    ]);
    const finished: string[] = [];
    let cancel = false;
    const hooks = {
      run: async (j: (typeof jobs)[number]) => traceFor(j.strategy, j.question),
      onRun: (s: string, t: Trace) => {
        finished.push(jobKey(s, t.question.id));
        if (finished.length === 2) cancel = true;
      },
      cancelled: () => cancel,
    };
    expect(await runBatch(jobs, new Set(), hooks)).toBe('cancelled');
    expect(finished).toEqual(['bm25|q1', 'bm25|q2']);
    cancel = false;
    hooks.onRun = (s, t) => void finished.push(jobKey(s, t.question.id));
    expect(await runBatch(jobs, new Set(finished), hooks)).toBe('done');
    expect(finished).toEqual(jobs.map((j) => jobKey(j.strategy, j.question.id)));
  });

  it('an aborted run is not a result: the batch ends cancelled and resume reruns it', async () => {
    const jobs = batchJobs(['bm25'], qs);
    const finished: string[] = [];
    const end = await runBatch(jobs, new Set(), {
      run: async (j) =>
        ({ ...traceFor('bm25', j.question), status: j.question.id === 'q2' ? 'aborted' : 'done' }) as Trace,
      onRun: (s, t) => void finished.push(jobKey(s, t.question.id)),
      cancelled: () => false,
    });
    expect(end).toBe('cancelled');
    expect(finished).toEqual(['bm25|q1']);
  });

  it('rejects with the failing run error', async () => {
    const jobs = batchJobs(['bm25'], qs);
    await expect(
      runBatch(jobs, new Set(), {
        run: async (j) => {
          if (j.question.id === 'q2') throw new Error('engine: boom on q2');
          return traceFor('bm25', j.question);
        },
        onRun: () => {},
        cancelled: () => false,
      }),
    ).rejects.toThrow(/boom on q2/);
  });
});

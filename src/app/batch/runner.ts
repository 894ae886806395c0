// The batch loop, free of React so it is tested in Node: runs the jobs not yet done one at a time,
// stops between jobs when cancelled, and reports each finished run.
import type { Trace } from '../../core/trace/schema.ts';
import type { Question } from '../../core/types.ts';

export type BatchJob<S extends string> = { strategy: S; question: Question };

export const jobKey = (strategy: string, questionId: string) => `${strategy}|${questionId}`;

export function batchJobs<S extends string>(strategies: readonly S[], questions: readonly Question[]): BatchJob<S>[] {
  return strategies.flatMap((strategy) => questions.map((question) => ({ strategy, question })));
}

export interface BatchHooks<S extends string> {
  run(job: BatchJob<S>): Promise<Trace>;
  onRun(strategy: S, trace: Trace): void;
  cancelled(): boolean;
}

/** 'done' when every job ran, 'cancelled' when stopped (between jobs, or a job came back aborted); a failing job rejects. */
export async function runBatch<S extends string>(
  jobs: readonly BatchJob<S>[],
  alreadyDone: ReadonlySet<string>,
  hooks: BatchHooks<S>,
): Promise<'done' | 'cancelled'> {
  for (const job of jobs) {
    if (alreadyDone.has(jobKey(job.strategy, job.question.id))) continue;
    if (hooks.cancelled()) return 'cancelled';
    const trace = await hooks.run(job);
    // A run stopped mid-way is not a result: resume runs it again.
    if (trace.status === 'aborted') return 'cancelled';
    hooks.onRun(job.strategy, trace);
  }
  return 'done';
}

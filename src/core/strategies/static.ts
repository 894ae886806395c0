// Static retrieval: one retrieval with the question (BDTR Eq. 1 alone), then the answer step.
import type { Run } from './context.ts';
import { answerStep } from './answer.ts';
import { commonOptions, readerCount, type OptionsOf } from './options.ts';
import { ScorePool } from './pool.ts';
import { mergeRound } from './pool-round.ts';

export const staticOptions = { ...commonOptions };
export type StaticOptions = OptionsOf<typeof staticOptions>;

export async function runStatic(run: Run, o: StaticOptions): Promise<void> {
  run.recorder.startRound(0);
  const pool = new ScorePool();
  mergeRound(run, pool, [await run.retrieve(run.question.question, 'question', o.depth)], o.normalize);
  if (o.answer) await answerStep(run, pool.ranking(), readerCount(o.readerTop, pool.size));
}
